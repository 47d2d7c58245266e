/// Valid but hostile requests for `HostileFuzzTests`, drawn from a seed alone (never from the
/// answers), so a seed replays the same sequence: trees of up to 31 controllers with overrides
/// of up to 32 raw calls, segues and unwind segues, `allowedChildrenForUnwinding` lists with
/// duplicates, ancestors and the controller itself, chains where each controller lists its one
/// child, pairs of overrides starting each other's transitions, size-class flippers, real and
/// manual clocks with 1 µs and 1 ms transitions, raw calls, clock advances, bulky properties,
/// reads and deletions (docs/api.md, docs/uikit-rules-callbacks.md, docs/uikit-rules-segues.md).
struct HostileRequests {
    /// A tree created by the sequence, with the controller ids it declares.
    typealias Tree = (id: String, controllers: [String])

    /// One step of a run: a request, or a pause that lets real clocks run.
    struct Step: CustomStringConvertible {
        var method: String
        var target: String
        var json: String?

        static func pause(milliseconds: Int) -> Step { Step(method: "PAUSE", target: "\(milliseconds) ms") }

        var pauseMilliseconds: Int? { method == "PAUSE" ? Int(target.prefix { $0.isNumber }) : nil }

        var description: String { json.map { "\(method) \(target) \($0)" } ?? "\(method) \(target)" }
    }

    private var random: SplitMix64
    /// Trees created and not deleted, with the controller ids they declare.
    private var trees: [Tree] = []
    /// Trees on the real clock: only there does a `?wait=true` transition end without the client
    /// (a manual clock's waits for an advance this sequence would send after it).
    private var realClock: Set<String> = []
    /// Steps a scenario queued to follow its creation.
    private var queued: [Step] = []
    private var created = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The ids of the trees alive by the sequence so far (for the concurrent reader).
    var treeIDs: [String] { trees.map(\.id) }

    mutating func next() -> Step {
        if !queued.isEmpty { return queued.removeFirst() }
        if trees.isEmpty || (trees.count < 5 && random.chance(6)) { return createTree() }
        if trees.count >= 5 && random.chance(3) { return deleteTree() }
        let tree = random.oneOf(trees)
        switch random.below(40) {
        case 0..<10: return Step(method: "POST", target: "/v1/trees/\(tree.id)/calls", json: calls(in: tree.controllers))
        case 10..<14: return segueCall(in: tree)
        case 14..<18: return patch(in: tree)
        case 18..<20: return detachedController(in: tree)
        case 20..<22:
            let advance = random.oneOf(["0.000001", "0.001", "0.35", "1", "100"])
            return Step(method: "POST", target: "/v1/trees/\(tree.id)/clock", json: #"{"advance": \#(advance)}"#)
        case 22..<24: return transitionRoute(in: tree)
        case 24..<25: return flipBatch(in: tree)
        case 25..<26: return bulkyProperties(in: tree)
        case 26..<27: return deleteTree()
        case 27..<29: return .pause(milliseconds: 10 + random.below(200))
        default: return read(tree)
        }
    }

    // MARK: Trees

    private mutating func createTree() -> Step {
        created += 1
        let id = "h\(created)"
        let clock = random.chance(2) ? "real" : "manual"
        switch random.below(8) {
        case 0: return chain(id, clock: clock)
        case 1: return pingPong(id, clock: clock)
        case 2: return flippers(id, clock: clock)
        default: return randomTree(id, clock: clock)
        }
    }

    /// Up to 31 controllers under a plain, navigation or tab bar root, a third with overrides.
    private mutating func randomTree(_ id: String, clock: String) -> Step {
        let count = random.chance(4) ? 31 : 1 + random.below(12)
        let ids = (0..<count).map { "c\($0)" }
        let rootKind = random.oneOf(["viewController", "viewController", "navigationController", "tabBarController"])
        var parents: [Int?] = [nil]
        for index in 1..<max(count, 1) { parents.append(random.below(index)) }
        func spec(_ index: Int) -> String {
            var fields = [#""id": "\#(ids[index])""#]
            if index == 0 { fields.append(#""kind": "\#(rootKind)""#) }
            fields += declarations(for: ids[index], in: ids)
            let children = parents.indices.filter { parents[$0] == index }.map(spec)
            if !children.isEmpty {
                let key = index == 0 && rootKind != "viewController" ? "viewControllers" : "children"
                fields.append(#""\#(key)": [\#(children.joined(separator: ", "))]"#)
            }
            return "{\(fields.joined(separator: ", "))}"
        }
        return register(id, ids, clock: clock, #"{"id": "\#(id)", "clock": "\#(clock)", "onScreen": \#(!random.chance(4)), "root": \#(spec(0))}"#)
    }

    /// A chain `c0 → … → cN`, each listing its one child (sometimes twice) for unwinding; the
    /// leaf's unwind segue is performed next.
    private mutating func chain(_ id: String, clock: String) -> Step {
        let depth = 2 + random.below(40)
        let repeats = 1 + (random.chance(3) ? random.below(3) : 0)
        let leaf = "c\(depth)"
        let action = random.chance(2) ? "back" : "nowhere"
        var spec = #"{"id": "\#(leaf)", "segues": [{"identifier": "back", "kind": "unwind", "action": "back", "animated": \#(random.chance(2))}]}"#
        for level in (0..<depth).reversed() {
            let listed = Array(repeating: #""c\#(level + 1)""#, count: repeats).joined(separator: ", ")
            let catches = level == 0 ? #", "unwindActions": {"\#(action)": true}"# : ""
            spec = #"{"id": "c\#(level)", "allowedChildrenForUnwinding": [\#(listed)]\#(catches), "children": [\#(spec)]}"#
        }
        let verb = random.chance(2) ? "performSegue" : "triggerSegue"
        queued.append(
            Step(
                method: "POST", target: "/v1/trees/\(id)/calls",
                json: #"{"calls": [{"receiver": "\#(leaf)", "method": "\#(verb)", "args": {"identifier": "back"}}]}"#))
        return register(id, (0...depth).map { "c\($0)" }, clock: clock, #"{"id": "\#(id)", "clock": "\#(clock)", "root": \#(spec)}"#)
    }

    /// Two children whose `viewDidAppear` overrides start each other's short transitions.
    private mutating func pingPong(_ id: String, clock: String) -> Step {
        let duration = random.oneOf(["0.000001", "0.001", "0"])
        let tree = "/v1/trees/\(id)"
        func transition(_ from: String, _ to: String) -> String {
            #"[{"receiver": "c0", "method": "transition", "args": {"from": "\#(from)", "to": "\#(to)", "duration": \#(duration)}}]"#
        }
        queued += [
            Step(method: "POST", target: "\(tree)/controllers", json: #"{"id": "c2"}"#),
            Step(method: "POST", target: "\(tree)/calls", json: #"{"calls": [{"receiver": "c0", "method": "addChild", "args": {"child": "c2"}}]}"#),
            Step(method: "PATCH", target: "\(tree)/controllers/c1", json: #"{"overrides": {"viewDidAppear": \#(transition("c1", "c2"))}}"#),
            Step(method: "PATCH", target: "\(tree)/controllers/c2", json: #"{"overrides": {"viewDidAppear": \#(transition("c2", "c1"))}}"#),
            Step(method: "POST", target: "\(tree)/calls", json: #"{"calls": \#(transition("c1", "c2"))}"#),
        ]
        return register(id, ["c0", "c1", "c2"], clock: clock, #"{"id": "\#(id)", "clock": "\#(clock)", "root": {"id": "c0", "children": [{"id": "c1"}]}}"#)
    }

    /// Controllers whose `viewWillAppear` flips the size class, off screen; the window is shown next.
    private mutating func flippers(_ id: String, clock: String) -> Step {
        let flipping = 1 + random.below(31)
        let plain = random.chance(3) ? random.below(64) : 0
        let flips = (0..<(1 + random.below(32))).map {
            #"{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "\#($0 % 2 == 0 ? "compact" : "regular")"}}"#
        }
        let overrides = #""overrides": {"viewWillAppear": [\#(flips.joined(separator: ", "))]}"#
        let ids = (0..<flipping).map { "c\($0)" } + (0..<plain).map { "p\($0)" }
        let children = ids.dropFirst().map { $0.hasPrefix("c") ? #"{"id": "\#($0)", \#(overrides)}"# : #"{"id": "\#($0)"}"# }
        queued.append(Step(method: "POST", target: "/v1/trees/\(id)/calls", json: #"{"calls": [{"receiver": "window", "method": "makeKeyAndVisible"}]}"#))
        let root = #"{"id": "c0", \#(overrides), "children": [\#(children.joined(separator: ", "))]}"#
        return register(id, ids, clock: clock, #"{"id": "\#(id)", "clock": "\#(clock)", "onScreen": false, "root": \#(root)}"#)
    }

    private mutating func register(_ id: String, _ controllers: [String], clock: String, _ json: String) -> Step {
        trees.append((id, controllers))
        if clock == "real" { realClock.insert(id) }
        return Step(method: "POST", target: "/v1/trees", json: json)
    }

    private mutating func deleteTree() -> Step {
        let index = random.below(trees.count)
        let id = trees.remove(at: index).id
        queued.removeAll { $0.target.hasPrefix("/v1/trees/\(id)/") }
        return Step(method: "DELETE", target: "/v1/trees/\(id)")
    }

    // MARK: Declarations

    /// A controller's hostile declarations, as spec fields: overrides, segues, unwind actions
    /// and an `allowedChildrenForUnwinding` list.
    private mutating func declarations(for controller: String, in ids: [String]) -> [String] {
        var fields: [String] = []
        if random.chance(3) { fields.append(#""overrides": \#(overrides(in: ids))"#) }
        if random.chance(3) { fields.append(#""segues": \#(segues(in: ids))"#) }
        if random.chance(4) { fields.append(#""unwindActions": {"back": \#(random.chance(2))}"#) }
        if random.chance(4) { fields.append(#""allowedChildrenForUnwinding": \#(allowedList(for: controller, in: ids))"#) }
        return fields
    }

    private static let callbacks = [
        "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "willMove", "didMove", "prepare", "unwindAction",
    ]

    private mutating func overrides(in ids: [String]) -> String {
        let chosen = random.shuffled(Self.callbacks).prefix(1 + random.below(3))
        let entries = chosen.map { callback in
            let count = random.chance(4) ? 32 : 1 + random.below(4)
            let calls = (0..<count).map { _ in call(in: ids, insideOverride: true) }
            return #""\#(callback)": [\#(calls.joined(separator: ", "))]"#
        }
        return "{\(entries.joined(separator: ", "))}"
    }

    private mutating func segues(in ids: [String]) -> String {
        let list = ["seg0", "seg1", "back"].prefix(1 + random.below(3)).map { identifier in
            let animated = #""animated": \#(random.chance(2))"#
            switch random.below(3) {
            case 0: return #"{"identifier": "\#(identifier)", "kind": "unwind", "action": "\#(random.oneOf(["back", "nowhere"]))", \#(animated)}"#
            case 1: return #"{"identifier": "\#(identifier)", "kind": "present", "destination": "\#(random.oneOf(ids))", \#(animated)}"#
            default:
                return
                    #"{"identifier": "\#(identifier)", "kind": "show", "destination": "\#(random.oneOf(ids))", "shouldPerform": \#(!random.chance(4)), \#(animated)}"#
            }
        }
        return "[\(list.joined(separator: ", "))]"
    }

    /// Ids of the tree (children, ancestors, itself) with duplicates; now and then 1,024 of one.
    private mutating func allowedList(for controller: String, in ids: [String]) -> String {
        let listed =
            random.chance(8)
            ? Array(repeating: random.oneOf(ids), count: 1_024)
            : (0..<random.below(9)).map { _ in random.chance(4) ? controller : random.oneOf(ids) }
        return "[\(listed.map { #""\#($0)""# }.joined(separator: ", "))]"
    }

    // MARK: Calls

    /// One raw call on the tree's controllers, views or window; `insideOverride` leaves out
    /// what an override cannot declare (`runLoop`) or do (`unloadView`).
    private mutating func call(in ids: [String], insideOverride: Bool) -> String {
        let receiver = random.oneOf(ids)
        let other = random.oneOf(ids)
        let third = random.oneOf(ids)
        let duration = random.oneOf(["0.000001", "0.001", "0", "0.01", "0.35"])
        let sizeClass = random.oneOf(["compact", "regular"])
        func on(_ receiver: String, _ method: String, _ args: String? = nil) -> String {
            args.map { #"{"receiver": "\#(receiver)", "method": "\#(method)", "args": {\#($0)}}"# } ?? #"{"receiver": "\#(receiver)", "method": "\#(method)"}"#
        }
        let animated = #""animated": \#(random.chance(2))"#
        let menu = insideOverride ? 31 : 34
        switch random.below(menu) {
        case 0, 1: return on(receiver, "transition", #""from": "\#(other)", "to": "\#(third)", "duration": \#(duration)"#)
        case 2: return on(receiver, "present", #""viewController": "\#(other)", \#(animated)"#)
        case 3: return on(receiver, "dismiss", animated)
        case 4: return on(receiver, "addChild", #""child": "\#(other)""#)
        case 5: return on(receiver, "removeFromParent")
        case 6: return on(receiver, "willMove", #""toParent": \#(random.chance(3) ? "null" : #""\#(other)""#)"#)
        case 7: return on(receiver, "didMove", #""toParent": \#(random.chance(3) ? "null" : #""\#(other)""#)"#)
        case 8: return on(receiver, "beginAppearanceTransition", #""isAppearing": \#(random.chance(2)), \#(animated)"#)
        case 9: return on(receiver, "endAppearanceTransition")
        case 10, 11: return on("window", "setHorizontalSizeClass", #""sizeClass": "\#(sizeClass)""#)
        case 12:
            let size = random.chance(2) ? #"{"width": 390, "height": 844}"# : #"{"width": 1024, "height": 768}"#
            return on("window", "setSize", #""size": \#(size), "horizontalSizeClass": "\#(sizeClass)""#)
        case 13: return on("window", "setHidden", #""hidden": \#(random.chance(2))"#)
        case 14: return on("window", "makeKeyAndVisible")
        case 15: return on("window", "setRootViewController", #""rootViewController": "\#(other)""#)
        case 16: return on("window", "setActivationState", #""state": "\#(random.oneOf(["foregroundActive", "foregroundInactive", "background"]))""#)
        case 17: return on(receiver, "setOverrideTraitCollection", #""collection": {"horizontalSizeClass": "\#(sizeClass)"}, "forChild": "\#(other)""#)
        case 18, 19:
            return on(receiver, random.oneOf(["performSegue", "triggerSegue"]), #""identifier": "\#(random.oneOf(["seg0", "seg1", "back", "nope"]))""#)
        case 20: return on(receiver, "pushViewController", #""viewController": "\#(other)", \#(animated)"#)
        case 21: return on(receiver, "popViewController", animated)
        case 22: return on(receiver, "setViewControllers", #""viewControllers": ["\#(other)", "\#(third)"], \#(animated)"#)
        case 23: return on(receiver, "setSelectedIndex", #""index": \#(random.below(3))"#)
        case 24: return on(receiver, "show", #""viewController": "\#(other)""#)
        case 25: return on(receiver, random.oneOf(["loadViewIfNeeded", "setNeedsStatusBarAppearanceUpdate"]))
        case 26: return on("\(receiver).view", "addSubview", #""view": "\#(other).view""#)
        case 27: return on("\(receiver).view", "removeFromSuperview")
        case 28: return on("\(receiver).view", "layoutIfNeeded")
        case 29: return on(receiver, "targetViewController", #""forAction": "show""#)
        case 30: return on(receiver, "tapTabBarItem", #""index": \#(random.below(3))"#)
        case 31: return on(receiver, "unloadView")
        default: return on("window", "runLoop")
        }
    }

    private mutating func calls(in ids: [String]) -> String {
        let list = (0..<(1 + random.below(6))).map { _ in call(in: ids, insideOverride: false) }
        return #"{"calls": [\#(list.joined(separator: ", "))], "atomic": \#(random.chance(3))}"#
    }

    private mutating func segueCall(in tree: Tree) -> Step {
        let verb = random.oneOf(["performSegue", "triggerSegue"])
        let call =
            #"{"receiver": "\#(random.oneOf(tree.controllers))", "method": "\#(verb)", "args": {"identifier": "\#(random.oneOf(["seg0", "seg1", "back"]))"}}"#
        return Step(method: "POST", target: "/v1/trees/\(tree.id)/calls", json: #"{"calls": [\#(call)]}"#)
    }

    /// Raw size-class flips, 50 to 600 of them in one request.
    private mutating func flipBatch(in tree: Tree) -> Step {
        let flips = (0..<(50 + random.below(551))).map {
            #"{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "\#($0 % 2 == 0 ? "compact" : "regular")"}}"#
        }
        return Step(method: "POST", target: "/v1/trees/\(tree.id)/calls", json: #"{"calls": [\#(flips.joined(separator: ", "))]}"#)
    }

    private mutating func patch(in tree: Tree) -> Step {
        let controller = random.oneOf(tree.controllers)
        var fields = declarations(for: controller, in: tree.controllers)
        if fields.isEmpty { fields.append(#""overrides": \#(overrides(in: tree.controllers))"#) }
        return Step(method: "PATCH", target: "/v1/trees/\(tree.id)/controllers/\(controller)", json: "{\(fields.joined(separator: ", "))}")
    }

    private mutating func detachedController(in tree: Tree) -> Step {
        let id = "d\(random.below(8))"
        var fields = [#""id": "\#(id)""#] + declarations(for: id, in: tree.controllers + [id])
        if random.chance(2) { fields.append(#""overrides": \#(overrides(in: tree.controllers + [id]))"#) }
        if let index = trees.firstIndex(where: { $0.id == tree.id }), !trees[index].controllers.contains(id) {
            trees[index].controllers.append(id)
        }
        return Step(method: "POST", target: "/v1/trees/\(tree.id)/controllers", json: "{\(fields.joined(separator: ", "))}")
    }

    private mutating func transitionRoute(in tree: Tree) -> Step {
        let parent = random.oneOf(tree.controllers)
        let wait = realClock.contains(tree.id) && random.chance(3) ? "?wait=true" : ""
        let duration = random.oneOf(["0.000001", "0.001", "0.01"])
        let body = #"{"from": "\#(random.oneOf(tree.controllers))", "to": "\#(random.oneOf(tree.controllers))", "duration": \#(duration)}"#
        return Step(method: "POST", target: "/v1/trees/\(tree.id)/controllers/\(parent)/transitions\(wait)", json: body)
    }

    /// `properties` of nested JSON at the field limits: 64 values of 300 small arrays each (the
    /// limit charges 48 bytes an element: 14 KiB of its 16), which the memory estimate must count.
    private mutating func bulkyProperties(in tree: Tree) -> Step {
        let value = "[" + Array(repeating: "[[0]]", count: 300).joined(separator: ",") + "]"
        let entries = (0..<64).map { #""k\#($0)": \#(value)"# }
        return Step(
            method: "PATCH", target: "/v1/trees/\(tree.id)/controllers/\(random.oneOf(tree.controllers))",
            json: #"{"properties": {\#(entries.joined(separator: ", "))}}"#)
    }

    private mutating func read(_ tree: Tree) -> Step {
        let target = random.oneOf([
            "/v1/trees/\(tree.id)", "/v1/trees/\(tree.id)/events?after=0&limit=1000", "/v1/trees/\(tree.id)/hierarchy",
            "/v1/trees/\(tree.id)/controllers/\(random.oneOf(tree.controllers))", "/v1/trees/\(tree.id)/timeline?format=text", "/v1/trees?limit=1000",
            "/v1/trees/\(tree.id)?pretty",
        ])
        return Step(method: "GET", target: target)
    }
}
