import PropertyBased
import Testing

@testable import Containment

/// The random container calls extended with routing, traits, adaptive presentations, the
/// split view delegate, the transition coordinator and user actions
/// (docs/uikit-rules-adaptivity.md).
extension PropertyTests {
    static let adaptivityCast = ["t", "n", "a", "s", "m", "ml", "d", "p1", "p2", "p3", "p4"]

    /// A window showing a tab bar controller `t` whose tabs are a navigation controller `n`
    /// (stack `a`) and a split view controller `s` (primary navigation controller `m` with
    /// stack `ml`, secondary `d`); `p1`…`p4` are detached.
    static func makeAdaptivityTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "adaptivity",
            root: ControllerSpec(
                id: "t", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(id: "n", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]),
                    ControllerSpec(
                        id: "s", kind: .splitViewController,
                        primary: ControllerSpec(id: "m", kind: .navigationController, viewControllers: [ControllerSpec(id: "ml")]),
                        secondary: ControllerSpec(id: "d")),
                ]),
            now: t0)
        for id in ["p1", "p2", "p3", "p4"] {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    static func adaptivityStep(_ number: Int) -> Step {
        let plain = ["p1", "p2", "p3", "p4"]
        let any = adaptivityCast[(number / 24) % adaptivityCast.count]
        let shown = plain[(number / 264) % 4]
        let flag = (number / 1056) % 2 == 0
        let choice = (number / 2112) % 3
        let navigation = flag ? "n" : "m"
        // Mostly a detached controller; now and then one already in the tree (a column, a tab, a stack).
        let moved = (number / 6336) % 4 == 0 ? adaptivityCast[(number / 25344) % adaptivityCast.count] : shown
        let id = JSONValue.string
        switch number % 24 {
        case 0: return .calls([call(any, "show", ["viewController": id(moved), "sender": flag ? id(any) : .null])])
        case 1: return .calls([call(any, "showDetailViewController", ["viewController": id(moved)])])
        case 2: return .calls([call(any, "targetViewController", ["forAction": flag ? "show" : "showDetailViewController"])])
        case 3: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 4:
            let size: JSONValue = choice == 0 ? ["width": 1024, "height": 768] : ["width": 390, "height": 844]
            return .calls([call("window", "setSize", choice == 2 ? ["size": size] : ["size": size, "horizontalSizeClass": flag ? "regular" : "compact"])])
        case 5:
            let collection: JSONValue = choice == 0 ? .null : ["horizontalSizeClass": choice == 1 ? "regular" : "compact"]
            return .calls([call(flag ? "t" : "s", "setOverrideTraitCollection", ["collection": collection, "forChild": id(flag ? "s" : "m")])])
        case 6:
            let overrides: TraitOverrides? = choice == 0 ? nil : TraitOverrides(horizontalSizeClass: choice == 1 ? .regular : .compact)
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(any, ControllerPatch(answers: ControllerAnswersPatch(traitOverrides: .some(overrides))), now: now)
            }
        case 7: return .calls([call("t", "tapTabBarItem", ["index": .number(Double(choice % 2))])])
        case 8: return .calls([call("window", "setActivationState", ["state": .string(ActivationState.allCases[choice].rawValue)])])
        case 9:
            let answers = ControllerAnswersPatch(
                collapseSecondary: choice == 0 ? .some(nil) : .some(choice == 1), separateSecondary: .some(flag ? shown : nil))
            return .recipe { tree, now throws(ContainmentError) in try tree.updateController("s", ControllerPatch(answers: answers), now: now) }
        case 10:
            let style = [ModalPresentationStyle.popover, .formSheet, .fullScreen][choice]
            let answer: AdaptivePresentationStyle?? = flag ? .some(nil) : .some(AdaptivePresentationStyle.allCases[(number / 264) % 5])
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    shown,
                    ControllerPatch(
                        presentationSettings: PresentationSettingsPatch(
                            modalPresentationStyle: style,
                            popoverPresentationController: number % 4 == 0 ? .some(nil) : PopoverPresentationController(barButtonItem: "item")),
                        answers: ControllerAnswersPatch(modalPresentationCapturesStatusBarAppearance: .some(flag), adaptivePresentationStyle: answer)),
                    now: now)
            }
        case 11: return .calls([call(choice == 0 ? any : "t", "present", ["viewController": id(shown), "animated": .bool(flag)])])
        case 12: return .calls([call(any, "dismiss", ["animated": .bool(flag)])])
        case 13:
            // The swipe as the user makes it: begun, then (in one call) let go or left in flight.
            let presented = flag ? shown : "p1"
            let end = [[], [call(presented, "finishInteractiveDismissal")], [call(presented, "cancelInteractiveDismissal")]][choice]
            return .calls([call(presented, "beginInteractiveDismissal"), call(presented, "updateInteractiveDismissal", ["percent": 0.4])] + end)
        case 14:
            let end = [[], [call(navigation, "finishInteractivePop")], [call(navigation, "cancelInteractivePop")]][choice]
            return .calls([call(navigation, "beginInteractivePop"), call(navigation, "updateInteractivePop", ["percent": 0.3])] + end)
        case 15:
            if choice == 2 { return .calls([call("window", "tapOutsidePopover", ["shouldDismiss": .bool(flag)])]) }
            return .advance(flag ? 0.2 : 1)
        case 16: return .calls([call("s", "show", ["column": flag ? "primary" : "secondary"])])
        case 17: return .calls([call(navigation, "pushViewController", ["viewController": id(moved), "animated": .bool(choice == 0)])])
        case 18: return .calls([call(navigation, choice == 0 ? "popToRootViewController" : "popViewController", ["animated": .bool(flag)])])
        case 19: return .calls([call("window", "setHidden", ["hidden": .bool(choice == 0)])])
        case 20:
            if choice == 0 { return .calls([call("window", "runLoop")]) }
            if choice == 1 {
                let traits: [TraitName]? = flag ? [.horizontalSizeClass] : nil
                return .recipe { tree, now throws(ContainmentError) in
                    try tree.updateController(any, ControllerPatch(answers: ControllerAnswersPatch(registerForTraitChanges: .some(traits))), now: now)
                }
            }
            // A view put into another controller's view without addChild, or taken out (rule 39).
            return .calls([flag ? call(any + ".view", "addSubview", ["view": id(shown + ".view")]) : call(shown + ".view", "removeFromSuperview")])
        case 21: return .calls([call("s", "setViewController", ["viewController": id(moved), "column": flag ? "secondary" : "primary"])])
        case 22: return .calls([call(any, "removeFromParent")])
        default:
            // Ends a swipe left in flight by an earlier step.
            return .calls([
                call(choice == 0 ? shown : navigation, choice == 0 ? "finishInteractiveDismissal" : (flag ? "finishInteractivePop" : "cancelInteractivePop"))
            ])
        }
    }

    /// What must hold after every step of `adaptivityStep`: UIKit's size class agrees with
    /// the window's down the hierarchy unless an override says otherwise; nothing is both a
    /// child and presented; in one call each controller hears of a trait change and of a
    /// size change at most once, and of a trait change only when its traits changed; a
    /// controller registered for trait changes hears its handler right after each
    /// `traitCollectionDidChange`, and only then.
    /// `oncePerCall` false: overrides may change the size or the traits again inside a
    /// callback, so a controller may rightly hear of several changes in one call.
    static func checkAdaptivityInvariants(
        _ tree: ContainmentTree, events: [Event], before: [String: SizeClass], oncePerCall: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let snapshot = tree.snapshot()
        let after = expectedSizeClasses(tree)
        for (id, controller) in snapshot.controllers {
            guard let expected = after[id] else { continue }
            let reported = controller.traitCollection?.horizontalSizeClass ?? snapshot.window.horizontalSizeClass
            #expect(reported == expected, "\(id) has \(reported), its environment says \(expected)", sourceLocation: sourceLocation)
        }
        for (_, id, node) in tree.nodes.controllers.all where node.presentation != nil {
            #expect(node.parent == nil, "\(id) is both a child and presented", sourceLocation: sourceLocation)
        }
        for (index, event) in events.enumerated() where event.callback == "traitCollectionDidChange" || event.callback == "traitChangeHandler" {
            guard let id = event.controller else { continue }
            let registered = tree.nodes.controllers[id]?.answers.registerForTraitChanges != nil
            let next = events.indices.contains(index + 1) ? events[index + 1] : nil
            let handled = next?.controller == id && next?.callback == "traitChangeHandler"
            if event.callback == "traitCollectionDidChange" {
                #expect(handled == registered, "\(id)'s handler (registered: \(registered)) after its trait change", sourceLocation: sourceLocation)
            } else {
                let previous = index > 0 ? events[index - 1] : nil
                #expect(
                    previous?.controller == id && previous?.callback == "traitCollectionDidChange", "\(id)'s handler without a trait change",
                    sourceLocation: sourceLocation)
            }
        }
        guard oncePerCall else { return }
        for callback in ["willTransition", "viewWillTransition"] {
            var told: [String: Int] = [:]
            for event in events where event.callback == callback { told[event.controller ?? "", default: 0] += 1 }
            for (id, count) in told {
                #expect(count == 1, "\(id) was told \(callback) \(count) times in one call", sourceLocation: sourceLocation)
            }
        }
        // Each `traitCollectionDidChange` reports a real change: its previous traits are
        // those the controller had (before the call, or since the last change it was told
        // of), and the last one leaves it with the traits it has now.
        var known = before
        for event in events where event.callback == "traitCollectionDidChange" {
            guard let id = event.controller, case .object(let previousTraits) = event.args["previousTraitCollection"],
                let raw = previousTraits["horizontalSizeClass"]?.stringValue, let previous = SizeClass(rawValue: raw)
            else { continue }
            if let was = known[id] {
                #expect(previous == was, "\(id) was told it had \(previous), it had \(was)", sourceLocation: sourceLocation)
            }
            known[id] = previous == .compact ? .regular : .compact
        }
        for (id, sizeClass) in known where after[id] != nil && before[id] != nil {
            #expect(after[id] == sizeClass, "\(id) was last told of \(sizeClass) but has \(after[id]!)", sourceLocation: sourceLocation)
        }
    }

    /// Each controller of the window's trait hierarchy with the size class its overrides give
    /// it, worked out upwards from each controller (the engine works downwards).
    static func expectedSizeClasses(_ tree: ContainmentTree) -> [String: SizeClass] {
        var result: [String: SizeClass] = [:]
        for (_, id, _) in tree.nodes.controllers.all {
            var chain: [ControllerNode] = []
            var current: String? = id
            while let controller = current, let node = tree.nodes.controllers[controller], chain.count <= tree.nodes.controllers.count {
                chain.append(node)
                current = tree.parentID(of: controller) ?? node.presentation?.presenter ?? enclosingController(of: controller, in: tree)
            }
            guard chain.last?.id == tree.nodes.window.rootViewController else { continue }
            var sizeClass = tree.nodes.window.horizontalSizeClass
            for node in chain.reversed() {
                sizeClass = node.answers.traitOverrides?.horizontalSizeClass ?? node.overrideTraitCollection?.horizontalSizeClass ?? sizeClass
            }
            result[id] = sizeClass
        }
        return result
    }

    /// The controller whose view holds a parentless controller's view, up the superviews
    /// (rule 39); none for the window's root.
    static func enclosingController(of controller: String, in tree: ContainmentTree) -> String? {
        guard controller != tree.nodes.window.rootViewController, tree.nodes.controllers[controller]?.isViewLoaded == true else { return nil }
        var view = tree.nodes.views[ControllerNode.viewID(of: controller)]?.superview
        while let handle = view {
            if let owner = tree.nodes.views[handle].owner { return tree.nodes.controllers.id(owner) }
            view = tree.nodes.views[handle].superview
        }
        return nil
    }

    static func checkAdaptivitySteps(_ numbers: [Int]) throws {
        checkAdaptivitySteps(numbers[...], on: try makeAdaptivityTree(), oncePerCall: true)
    }

    static func checkAdaptivitySteps(_ numbers: ArraySlice<Int>, on tree: ContainmentTree, oncePerCall: Bool) {
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers {
            let before = expectedSizeClasses(tree)
            let seq = tree.lastSeq
            apply(adaptivityStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            let events = (try? tree.events(after: seq, limit: .max)) ?? []
            checkInvariants(tree)
            checkPresentationInvariants(tree, viewsMovedByHand: true)
            checkAdaptivityInvariants(tree, events: events, before: before, oncePerCall: oncePerCall)
        }
    }

    /// Found by `randomAdaptivityCallsKeepTheInvariants` (input `[219485, 832155, 207629]`):
    /// a split view controller overridden to compact collapses its secondary onto a primary
    /// overridden to regular; the secondary, told it became compact, is regular again once
    /// pushed, and is told so at the end of the turn (docs/uikit-rules-adaptivity.md, rule 32).
    @Test func aSecondaryCollapsedOntoAPrimaryWithOtherTraitsIsToldAgain() throws {
        let tree = try Self.makeAdaptivityTree()
        _ = tree.run([call("s", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "m"])])
        _ = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        let events = tree.run([call("t", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "compact"], "forChild": "s"])])
        #expect(
            trace(events.filter { $0.controller == "d" && $0.callback == "traitCollectionDidChange" }) == [
                "d.traitCollectionDidChange", "d.traitCollectionDidChange",
            ])
        #expect(tree.snapshot().controllers["d"]?.parent == "m")
        #expect(tree.snapshot().controllers["d"]?.traitCollection == nil)
        Self.checkInvariants(tree)
    }

    /// Found by the same test (input `[242909, 766413, 640937]`): a controller pushed from a
    /// split view controller overridden to regular into a compact navigation controller is
    /// told of its new traits at the end of the turn.
    @Test func aControllerMovedUnderOtherTraitsIsToldAtTheEndOfTheTurn() throws {
        let tree = try Self.makeAdaptivityTree()
        _ = tree.run([
            call("t", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "s"]),
            call("s", "setViewController", ["viewController": "p4", "column": "secondary"]),
        ])
        #expect(tree.snapshot().controllers["p4"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        let events = tree.run([call("n", "pushViewController", ["viewController": "p4", "animated": false])])
        let told = events.filter { $0.callback == "traitCollectionDidChange" }
        #expect(trace(told) == ["p4.traitCollectionDidChange"])
        #expect(told.first?.args == ["previousTraitCollection": ["horizontalSizeClass": "regular"]])
    }

    /// Found by a `PROPERTY_TEST_SCALE=100` soak of `randomAdaptivityCallsKeepTheInvariants`
    /// (input `[896143, 495782, 127089, 826155, 726123, 700655]`): a back swipe left in flight on
    /// a split's navigation controller primary while the width changed; the collapse pushed over
    /// the swipe, and cancelling it then made the old top appear off screen. A collapse or
    /// separation now cancels the swipe first (docs/uikit-rules-adaptivity.md, rule 31).
    @Test func aCollapseCancelsTheBackSwipeInFlightOnThePrimary() throws {
        let tree = try Self.makeAdaptivityTree()
        var now = t0
        var lastSeq = tree.lastSeq
        for number in [896143, 495782, 127089, 826155, 726123, 700655] {
            Self.apply(Self.adaptivityStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            Self.checkInvariants(tree)
        }
        let swiped = try Self.makeAdaptivityTree()
        _ = swiped.run([call("t", "setSelectedIndex", ["index": 1]), call("m", "beginInteractivePop")])
        let expand = swiped.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        let adaptation = containment(expand).filter { !$0.contains("willTransition") && !$0.contains("traitCollection") }
        #expect(
            Array(adaptation.prefix(7)) == [
                "m.notifyWhenInteractionChanges", "ml.viewWillDisappear", "ml.viewDidDisappear", "d.viewWillAppear", "d.viewIsAppearing",
                "d.viewDidAppear", "d.didMove(m)",
            ])
        #expect(swiped.snapshot().controllers["d"]?.parent == "s")
        Self.checkInvariants(swiped)
    }

    @Test func randomAdaptivityCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkAdaptivitySteps(numbers)
        }
    }
}
