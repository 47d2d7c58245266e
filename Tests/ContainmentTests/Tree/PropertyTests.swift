import PropertyBased
import Testing

@testable import Containment

/// Random call sequences never break the engine's invariants.
@Suite struct PropertyTests {
    static let controllerIDs = ["root", "c1", "c2", "c3", "c4", "c5"]
    static let viewIDs = ["window", "box", "c1box", "root.view", "c1.view", "c2.view", "c3.view", "c4.view", "c5.view"]

    enum Step {
        case calls([RawCall])
        case recipe((ContainmentTree, Double) throws(ContainmentError) -> [Event])
        case advance(Double)
    }

    static func makeTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "random", root: ControllerSpec(id: "root", containerViews: [ContainerViewSpec(id: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "c1", containerViews: [ContainerViewSpec(id: "c1box")]), now: t0)
        for id in ["c2", "c3", "c4", "c5"] {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    /// Decodes one random number into a step over a small fixed cast.
    static func step(_ number: Int) -> Step {
        let a = controllerIDs[(number / 24) % 6]
        let b = controllerIDs[(number / 144) % 6]
        let c = controllerIDs[(number / 864) % 6]
        let view = viewIDs[(number / 24) % 9]
        let other = viewIDs[(number / 216) % 9]
        let flag = (number / 5184) % 2 == 0
        let id = JSONValue.string
        switch number % 24 {
        case 0: return .calls([call(a, "addChild", ["child": id(b)])])
        case 1: return .calls([call(a, "removeFromParent")])
        case 2: return .calls([call(a, "willMove", ["toParent": flag ? id(b) : .null])])
        case 3: return .calls([call(a, "didMove", ["toParent": flag ? id(b) : .null])])
        case 4, 5: return .calls([call(view, "addSubview", ["view": id(other)])])
        case 6: return .calls([call(view, "insertSubview", ["view": id(other), "at": .number(Double(number / 5184 % 3))])])
        case 7: return .calls([call(view, "removeFromSuperview")])
        case 8: return .calls([call(a, "transition", ["from": id(b), "to": id(c), "duration": flag ? 0 : 0.5])])
        case 9: return .calls([call("window", "runLoop")])
        case 10: return .calls([call("window", "setHidden", ["hidden": .bool(flag)])])
        case 11: return .calls([call("window", "setRootViewController", ["rootViewController": id(a)])])
        case 12: return .advance(flag ? 0.25 : 1)
        case 13: return .recipe { tree, now throws(ContainmentError) in try tree.displayContentController(b, in: a, now: now) }
        case 14: return .recipe { tree, now throws(ContainmentError) in try tree.hideContentController(b, from: a, now: now) }
        case 15:
            return .recipe { tree, now throws(ContainmentError) in
                try tree.cycleFromViewController(b, to: c, in: a, duration: flag ? 0 : 0.5, now: now).1
            }
        case 16: return .calls([call(a, "loadViewIfNeeded")])
        case 17: return .calls([call(a, "unloadView")])
        case 18: return .calls([call(view, "setFrame", ["frame": ["x": 0, "y": 0, "width": flag ? 50 : 390, "height": 80]])])
        case 19: return .calls([call("window", "setSize", ["size": ["width": flag ? 390 : 844, "height": flag ? 844 : 390]])])
        case 20: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 21: return .calls([call(view, "layoutIfNeeded")])
        case 22:
            return .calls([call(a, "addChild", ["child": id(b)]), call(view, "addSubview", ["view": id(other)]), call(b, "didMove", ["toParent": id(a)])])
        default:
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    a, ControllerPatch(preferredContentSize: Size(width: flag ? 1 : 2, height: 1), properties: ["k": .bool(flag)]), now: now)
            }
        }
    }

    /// Runs one step and checks what holds for every step: a rejected one emits nothing and
    /// changes nothing, and events continue the sequence without a gap.
    static func apply(
        _ step: Step, to tree: ContainmentTree, now: inout Double, lastSeq: inout UInt64, atomicBatches: Bool, label: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = tree.snapshot()
        var events: [Event] = []
        var failed = false
        switch step {
        case .calls(let calls):
            let outcome = tree.perform(calls, atomic: atomicBatches && calls.count > 1, now: now)
            events = outcome.events
            // A step-by-step batch keeps the calls before the refused one (an override can
            // make a later call of a swipe's batch fail); the refused call itself is undone,
            // which `atomicBatchWithOverridesEqualsItsCallsOrChangesNothing` checks.
            failed = outcome.failure != nil && outcome.applied == 0
        case .recipe(let recipe):
            do {
                events = try recipe(tree, now)
            } catch {
                failed = true
            }
        case .advance(let seconds):
            now += seconds
            events = tree.advance(to: now)
        }
        if failed {
            #expect(events.isEmpty, sourceLocation: sourceLocation)
            #expect(tree.snapshot() == before, "a rejected step changed the tree: \(label)", sourceLocation: sourceLocation)
        }
        for event in events {
            #expect(event.seq == lastSeq + 1, sourceLocation: sourceLocation)
            lastSeq = event.seq
        }
    }

    /// No loop of parent and presenter links or of superview links, links symmetric, one owner
    /// per view, views and subviews agree, appeared ⇒ on a visible window, and at the end of a
    /// turn nothing is mid-appearance unless a running transition or the client (manual
    /// begin/end, a back swipe) drives it.
    static func checkInvariants(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) {
        for (_, id, _) in tree.nodes.controllers.all {
            var current: String? = id
            var steps = 0
            while let controller = current, steps <= tree.nodes.controllers.count {
                steps += 1
                current = tree.parentID(of: controller) ?? tree.nodes.controllers[controller]?.presentation?.presenter
            }
            #expect(current == nil, "the parent and presenter links above \(id) loop", sourceLocation: sourceLocation)
        }
        for (handle, id, node) in tree.nodes.controllers.all {
            if let parent = node.parent {
                #expect(tree.nodes.controllers.contains(parent), "\(id) has a stale parent handle", sourceLocation: sourceLocation)
                if tree.nodes.controllers.contains(parent) {
                    #expect(
                        tree.nodes.controllers[parent].children.filter { $0 == handle }.count == 1, "\(id) ↔ \(tree.nodes.controllers.id(parent))",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(Set(node.children).count == node.children.count, sourceLocation: sourceLocation)
            for child in node.children {
                #expect(tree.nodes.controllers.contains(child), "\(id) has a stale child handle", sourceLocation: sourceLocation)
                if tree.nodes.controllers.contains(child) {
                    #expect(tree.nodes.controllers[child].parent == handle, "\(id) → \(tree.nodes.controllers.id(child))", sourceLocation: sourceLocation)
                }
            }
            #expect(node.isViewLoaded == (tree.nodes.views[node.viewID] != nil), sourceLocation: sourceLocation)
            #expect(node.rootView == tree.nodes.views.handle(node.viewID), "root view handle of \(id)", sourceLocation: sourceLocation)
            if node.appearance == .appeared {
                #expect(tree.isOnScreen(node.viewID), "\(id) appeared off screen", sourceLocation: sourceLocation)
            }
            if node.appearance == .appearing || node.appearance == .disappearing {
                // Manually driven transitions (begin/end calls, a back swipe) end when the client says.
                if node.appearanceDriver == .manual { continue }
                guard case .transition(let transition) = node.appearanceDriver else {
                    Issue.record("\(id) is \(node.appearance) at the end of a turn", sourceLocation: sourceLocation)
                    continue
                }
                #expect(tree.time.scheduler.running[transition] != nil, sourceLocation: sourceLocation)
            }
        }
        var owners: Set<NodeHandle> = []
        for (handle, id, view) in tree.nodes.views.all {
            if let owner = view.owner {
                #expect(tree.nodes.controllers.contains(owner), "\(id) has a stale owner handle", sourceLocation: sourceLocation)
                #expect(owners.insert(owner).inserted, "two views owned by one controller", sourceLocation: sourceLocation)
                if tree.nodes.controllers.contains(owner) {
                    #expect(tree.nodes.controllers[owner].viewID == id, sourceLocation: sourceLocation)
                }
            }
            if let superview = view.superview {
                #expect(tree.nodes.views.contains(superview), "\(id) has a stale superview handle", sourceLocation: sourceLocation)
                if tree.nodes.views.contains(superview) {
                    #expect(
                        tree.nodes.views[superview].subviews.filter { $0 == handle }.count == 1, "\(id) ↔ \(tree.nodes.views.id(superview))",
                        sourceLocation: sourceLocation)
                }
            }
            for subview in view.subviews {
                #expect(tree.nodes.views.contains(subview), "\(id) has a stale subview handle", sourceLocation: sourceLocation)
                if tree.nodes.views.contains(subview) {
                    #expect(tree.nodes.views[subview].superview == handle, sourceLocation: sourceLocation)
                }
            }
            var top = handle
            var steps = 0
            while let superview = tree.nodes.views[top].superview, steps <= tree.nodes.views.count {
                steps += 1
                top = superview
            }
            #expect(tree.nodes.views[top].superview == nil, "the superview links above \(id) loop", sourceLocation: sourceLocation)
            #expect(view.inWindow == (tree.nodes.views.id(top) == "window"), "cached inWindow of \(id)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomCallSequencesKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            let tree = try Self.makeTree()
            var now = t0
            var lastSeq = tree.lastSeq
            for number in numbers {
                Self.apply(Self.step(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: true, label: number)
                #expect(tree.lastSeq == lastSeq)
                Self.checkInvariants(tree)
            }
        }
    }

    @Test func atomicBatchEqualsItsCallsOrChangesNothing() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...999_999).array(of: 1...12)) { numbers in
            let calls = numbers.compactMap { number -> [RawCall]? in
                if case .calls(let calls) = Self.step(number) { return calls }
                return nil
            }.flatMap { $0 }
            try Self.expectAtomicAgreesWithStepwise(calls)
        }
    }

    /// Runs `calls` as one atomic batch and call by call, each on a fresh tree with `overrides`
    /// declared: both succeed with the same events and state, or the atomic batch changes
    /// nothing (and, without overrides, fails as the stepwise batch does; with them a failure
    /// at the turn's end refuses the atomic batch whole).
    static func expectAtomicAgreesWithStepwise(_ calls: [RawCall], overrides: [String: [String: [RawCall]]] = [:]) throws {
        let atomicTree = try makeTree()
        let stepwiseTree = try makeTree()
        declare(overrides, on: atomicTree)
        declare(overrides, on: stepwiseTree)
        let before = atomicTree.snapshot()
        let atomic = atomicTree.perform(calls, atomic: true, now: t0)
        let stepwise = stepwiseTree.perform(calls, atomic: false, now: t0)
        if atomic.failure == nil {
            #expect(stepwise.failure == nil)
            #expect(atomic.events == stepwise.events)
            #expect(atomicTree.snapshot() == stepwiseTree.snapshot())
        } else {
            if overrides.isEmpty { #expect(atomic.failure == stepwise.failure) }
            #expect(atomic.events.isEmpty)
            #expect(atomicTree.snapshot() == before)
        }
        checkInvariants(atomicTree)
        checkInvariants(stepwiseTree)
    }

    /// A non-atomic batch runs what follows each call's last possible failure without undo
    /// entries: a batch stopped at call k must still equal its first k calls run atomically
    /// (which keep every entry), from states reached by random steps.
    @Test func nonAtomicBatchEqualsItsCallsBeforeTheFailure() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...999_999).array(of: 1...24)) { numbers in
            let prefix = numbers.prefix(numbers.count / 2)
            let calls = numbers.dropFirst(prefix.count).compactMap { number -> [RawCall]? in
                if case .calls(let calls) = Self.step(number) { return calls }
                return nil
            }.flatMap { $0 }
            let stepwiseTree = try Self.makeTree()
            let referenceTree = try Self.makeTree()
            var now = t0
            for tree in [stepwiseTree, referenceTree] {
                now = t0
                var lastSeq = tree.lastSeq
                for number in prefix {
                    Self.apply(Self.step(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: true, label: number)
                }
            }
            let stepwise = stepwiseTree.perform(calls, atomic: false, now: now)
            let reference = referenceTree.perform(Array(calls.prefix(stepwise.applied)), atomic: true, now: now)
            #expect(reference.failure == nil)
            #expect(stepwise.events == reference.events)
            #expect(stepwiseTree.snapshot() == referenceTree.snapshot())
            Self.checkInvariants(stepwiseTree)
        }
    }

    /// begin/end on one controller against a reference model of rule 9.
    @Test func beginEndMatchesTheRule9Model() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...2).array(of: 1...30)) { moves in
            let tree = try visibleTree(others: ["c"])
            var state = AppearanceState.disappeared
            for move in moves {
                let events: [Event]
                let expected: [String]
                let warning = "warning(c): Unbalanced calls to begin/end appearance transitions for <c>"
                if move == 2 {
                    events = tree.run([call("c", "endAppearanceTransition")])
                    switch state {
                    case .appearing: expected = ["c.viewIsAppearing", "c.viewDidAppear"]; state = .appeared
                    case .disappearing: expected = ["c.viewDidDisappear"]; state = .disappeared
                    default: expected = [warning]
                    }
                } else {
                    let appearing = move == 0
                    events = tree.run([call("c", "beginAppearanceTransition", ["isAppearing": .bool(appearing), "animated": false])])
                    switch (appearing, state) {
                    case (true, .disappeared), (true, .disappearing): expected = ["c.viewWillAppear"]; state = .appearing
                    case (false, .appeared), (false, .appearing): expected = ["c.viewWillDisappear"]; state = .disappearing
                    default: expected = [warning]
                    }
                }
                #expect(containment(events) == expected)
                #expect(tree.appearance("c") == state)
            }
        }
    }

    static let containerCast = ["n", "t", "s", "g", "p1", "p2", "p3", "p4"]

    /// A window showing a plain root that embeds a navigation controller `n`, a tab bar `t`,
    /// a split view `s` and a scrolling page view controller `g` in its container views;
    /// `p1`…`p4` are detached.
    static func makeContainerTree() throws -> ContainmentTree {
        let box: (String, Double) -> ContainerViewSpec = { id, y in ContainerViewSpec(id: id, frame: Rect(x: 0, y: y, width: 390, height: 280)) }
        let tree = try ContainmentTree(
            id: "containers",
            root: ControllerSpec(
                id: "root", containerViews: [box("navBox", 0), box("tabBox", 280), box("splitBox", 560), box("pageBox", 0)],
                children: [
                    ControllerSpec(id: "n", kind: .navigationController, containerView: "navBox"),
                    ControllerSpec(id: "t", kind: .tabBarController, containerView: "tabBox"),
                    ControllerSpec(id: "s", kind: .splitViewController, containerView: "splitBox"),
                    ControllerSpec(
                        id: "g", kind: .pageViewController, containerView: "pageBox",
                        pageViewControllerSettings: PageViewControllerSettings(transitionStyle: .scroll)),
                ]),
            now: t0)
        for id in ["p1", "p2", "p3", "p4"] {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    static func containerStep(_ number: Int) -> Step {
        let plain = ["p1", "p2", "p3", "p4"]
        let a = plain[(number / 16) % 4]
        let b = plain[(number / 64) % 4]
        let any = containerCast[(number / 256) % containerCast.count]
        let flag = (number / 1792) % 2 == 0
        let id = JSONValue.string
        switch number % 20 {
        case 0: return .calls([call("n", "pushViewController", ["viewController": id(a), "animated": .bool(flag)])])
        case 1: return .calls([call("n", "popViewController", ["animated": .bool(flag)])])
        case 2: return .calls([call("n", "popToRootViewController", ["animated": .bool(flag)])])
        case 3: return .calls([call("n", "setViewControllers", ["viewControllers": flag ? [id(a), id(b)] : [id(b)], "animated": .bool(flag)])])
        case 4: return .calls([call("n", flag ? "beginInteractivePop" : "finishInteractivePop")])
        case 5: return .calls([call("n", flag ? "cancelInteractivePop" : "updateInteractivePop", ["percent": 0.5])])
        case 6:
            // Two, one, three or no tabs: the selection kept, moved to the same index, or to the first.
            let c = plain[(number / 3584) % 4]
            let tabs: [JSONValue] = [[id(a), id(b)], [id(b)], [id(b), id(c), id(a)], []][(number / 14336) % 4]
            return .calls([call("t", "setViewControllers", ["viewControllers": .array(tabs), "animated": .bool(flag)])])
        case 7:
            // By index, or by controller: one that is not a tab is refused and changes nothing.
            if (number / 3584) % 2 == 0 { return .calls([call("t", "setSelectedViewController", ["viewController": id(a)])]) }
            return .calls([call("t", "setSelectedIndex", ["index": .number(Double(number / 1792 % 2))])])
        case 8: return .calls([call("s", "setViewController", ["viewController": id(flag ? "n" : a), "column": flag ? "primary" : "secondary"])])
        case 9: return .calls([call("s", flag ? "show" : "hide", ["column": (number / 3584) % 2 == 0 ? "primary" : "secondary"])])
        case 10: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 11: return .advance(flag ? 0.2 : 1)
        case 12:
            // Not from the page view controller: it does not forward appearance (rule 10), so a
            // page whose view is taken out behind its back keeps its appearance, as in UIKit
            // (PageViewControllerTests pins that).
            let parent = any == "g" ? "n" : any
            return .recipe { tree, now throws(ContainmentError) in try tree.hideContentController(a, from: parent, now: now) }
        case 13: return .calls([call(any, "removeFromParent")])
        case 14: return .calls([call("window", "setHidden", ["hidden": .bool(flag)])])
        case 15:
            // The navigation controller's delegate comes and goes (rule 13).
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    "n", ControllerPatch(answers: ControllerAnswersPatch(navigationControllerDelegate: .some(flag ? true : nil))), now: now)
            }
        case 16:
            // One page, or two (UIKit's page-count exception).
            return .calls([call("g", "setViewControllers", ["viewControllers": flag ? [id(a)] : [id(a), id(b)], "animated": .bool(number / 3584 % 2 == 0)])])
        case 17: return .calls([call("g", "beginInteractiveSwipe", ["to": id(a), "direction": flag ? "forward" : "reverse"])])
        case 18: return .calls([call("g", flag ? "finishInteractiveSwipe" : "cancelInteractiveSwipe")])
        case 19: return .calls([call("g", "beginInteractiveSwipe", ["to": id(any)])])
        default:
            if (number / 3584) % 2 == 0 {
                return .calls([call("window", "setSize", ["size": ["width": flag ? 1024 : 390, "height": flag ? 768 : 844]])])
            }
            return .calls([call("s", "setViewController", ["viewController": id(a), "column": "primary"])])
        }
    }

    /// Found by `randomContainerCallsKeepTheInvariants` (its input, shrunk): an interactive
    /// swipe begun while the window is hidden, the window shown, the page being left removed
    /// from its parent mid-swipe, the window hidden again. The swipe's target page stays a
    /// child in the page view controller's view, so it disappears with it instead of staying
    /// appeared off screen (docs/uikit-rules-page-view-controller.md, "Decision: a page
    /// removed mid-swipe").
    @Test func aSwipeTargetDisappearsWithThePageViewControllerAfterItsSourcePageIsRemoved() throws {
        let tree = try Self.makeContainerTree()
        var now = t0
        var lastSeq = tree.lastSeq
        for number in [276454, 775636, 198219, 6614, 560493, 494] {
            Self.apply(Self.containerStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            Self.checkInvariants(tree)
        }
        #expect(tree.parentID(of: "p3") == "g")
        #expect(tree.appearance("p3") == .disappeared)
    }

    /// Found by `randomContainerCallsKeepTheInvariants` (input `[980000, 251860, 570212,
    /// 649896, 0]`): a page taken out of a navigation controller mid-push and made a page
    /// view controller's page stays there when the push ends; the end takes out neither its
    /// view nor its appearance (docs/uikit-rules.md, rule 12).
    @Test func aControllerAdoptedElsewhereMidPushIsLeftAloneWhenThePushEnds() throws {
        let tree = try Self.makeContainerTree()
        _ = tree.run([call("n", "pushViewController", ["viewController": "p3", "animated": false])])
        _ = tree.run([call("n", "pushViewController", ["viewController": "p2", "animated": true])])
        _ = try tree.hideContentController("p3", from: "n", now: t0)
        let adopted = tree.run([call("g", "setViewControllers", ["viewControllers": ["p3"], "animated": false])])
        #expect(
            containment(adopted).filter { !$0.contains("Layout") } == [
                "p3.willMove(g)", "p3.viewWillAppear", "p3.viewIsAppearing", "p3.viewDidAppear", "p3.didMove(g)",
            ])
        // A push while p2's push animates overtakes it (rule 41); both ends leave p3 alone.
        let next = tree.run([call("n", "pushViewController", ["viewController": "p1", "animated": true])])
        #expect(
            containment(next).filter { !$0.contains("Layout") } == [
                "warning(n): nested push animation can result in corrupted navigation bar", "p1.willMove(n)", "p2.viewWillDisappear",
                "p1.viewWillAppear", "p1.viewIsAppearing",
            ])
        _ = tree.advance(to: t0 + 1)
        #expect(tree.appearance("p3") == .appeared)
        #expect(tree.appearance("p1") == .appeared)
        #expect(tree.snapshot().views["p3.view"]?.superview == "g.view")
        Self.checkInvariants(tree)
    }

    /// Found by the same test with the fix above (input `[561763, 0, 756632, 261588,
    /// 212762]`): a controller taken out mid-push and made a collapsed split view's secondary
    /// (its view off screen) is still disappearing under the push, and the push's end still
    /// ends that (docs/uikit-rules.md, rule 12).
    @Test func aControllerAdoptedMidPushWhoseAppearanceTheTransitionStillDrivesEndsWithIt() throws {
        let tree = try Self.makeContainerTree()
        _ = tree.run([call("n", "pushViewController", ["viewController": "p2", "animated": false])])
        _ = tree.run([call("n", "pushViewController", ["viewController": "p1", "animated": true])])
        _ = try tree.hideContentController("p2", from: "n", now: t0)
        #expect(
            containment(tree.run([call("s", "setViewController", ["viewController": "p2", "column": "secondary"])])) == ["p2.willMove(s)", "p2.didMove(s)"])
        #expect(tree.appearance("p2") == .disappearing)
        let end = tree.advance(to: t0 + 1)
        #expect(containment(end) == ["p2.viewDidDisappear", "p1.viewDidAppear", "p1.didMove(n)"])
        #expect(tree.appearance("p2") == .disappeared)
        #expect(tree.parentID(of: "p2") == "s")
        Self.checkInvariants(tree)
    }

    @Test func randomContainerCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...30)) { numbers in
            let tree = try Self.makeContainerTree()
            var now = t0
            var lastSeq = tree.lastSeq
            for number in numbers {
                Self.apply(Self.containerStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
                Self.checkInvariants(tree)
                for (_, id, node) in tree.nodes.controllers.all {
                    for child in node.stack ?? [] {
                        #expect(tree.parentID(of: child) == id, "\(child) in the stack of \(id)")
                    }
                    // `children` lists `viewControllers` in their order (a leaving child or a
                    // pending page may be there too).
                    if let stack = node.stack {
                        #expect(tree.childIDs(of: node).filter { stack.contains($0) } == stack, "children of \(id) out of order")
                    }
                    if let split = node.split {
                        if let primary = split.primary { #expect(tree.parentID(of: primary) == id) }
                        if let secondary = split.secondary {
                            let parent = tree.parentID(of: secondary)
                            #expect(parent == id || (split.isCollapsed && parent != nil && parent == split.primary), "secondary \(secondary) of \(id)")
                        }
                    }
                }
            }
            // The delegate hears `didShow` only of the controller it last heard `willShow` of.
            var awaited: String?
            for event in try tree.events(after: 0, limit: 10_000) where event.controller == "n" {
                if event.callback == "willShow" { awaited = event.args["viewController"]?.stringValue }
                if event.callback == "didShow" {
                    #expect(event.args["viewController"]?.stringValue == awaited, "didShow without its willShow")
                    awaited = nil
                }
            }
        }
    }
}
