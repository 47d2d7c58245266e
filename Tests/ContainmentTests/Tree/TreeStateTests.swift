import Foundation
import Testing

@testable import Containment

/// `ContainmentTree.state` and `init(restoring:)`: a tree read back from its state (through
/// JSON, as a snapshot stores it) is the same tree: same snapshot, same retained events, same
/// pending transitions, and every later call does the same thing on both.
@Suite struct TreeStateTests {
    /// Restores `tree` through encoded state, checks it equals the original, then runs
    /// `continuation` on both at `later` and checks they answer alike.
    func checkRoundTrip(
        _ tree: ContainmentTree, later: Double = t0 + 10, then continuation: [RawCall] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = try encoder.encode(tree.state)
        let restored = try ContainmentTree(restoring: JSONDecoder().decode(TreeState.self, from: bytes))
        #expect(try encoder.encode(restored.state) == bytes, sourceLocation: sourceLocation)
        // A snapshot's form: the tables in bytes, the rest (controllers with extras) as JSON.
        var rest = tree.state
        let tables = rest.takeTables()
        var reassembled = try JSONDecoder().decode(TreeState.self, from: encoder.encode(rest))
        try reassembled.restoreTables(from: tables)
        #expect(try encoder.encode(reassembled) == bytes, sourceLocation: sourceLocation)
        #expect(restored.snapshot() == tree.snapshot(), sourceLocation: sourceLocation)
        #expect(restored.lastSeq == tree.lastSeq, sourceLocation: sourceLocation)
        #expect(restored.oldestRetainedSeq == tree.oldestRetainedSeq, sourceLocation: sourceLocation)
        #expect(
            try restored.events(after: restored.oldestRetainedSeq - 1, limit: .max) == (try tree.events(after: tree.oldestRetainedSeq - 1, limit: .max)),
            sourceLocation: sourceLocation)
        #expect(restored.nextDueTime == tree.nextDueTime, sourceLocation: sourceLocation)
        // Time passes the same way for both: due transitions complete, then the calls run.
        #expect(restored.advance(to: later) == tree.advance(to: later), sourceLocation: sourceLocation)
        let original = tree.perform(continuation, atomic: false, now: later)
        let again = restored.perform(continuation, atomic: false, now: later)
        #expect(again == original, sourceLocation: sourceLocation)
        #expect(original.failure == nil, "continuation refused: \(String(describing: original.failure))", sourceLocation: sourceLocation)
        #expect(restored.snapshot() == tree.snapshot(), sourceLocation: sourceLocation)
    }

    @Test func plainTreeWithChildrenContainerViewsAndExtras() throws {
        let root = ControllerSpec(
            id: "root", title: "Root", preferredContentSize: Size(width: 10, height: 20),
            statusBarSettings: StatusBarSettings(statusBarStyle: .lightContent, childForStatusBarStyle: "child"),
            properties: ["k": .string("v"), "n": .number(2)],
            containerViews: [ContainerViewSpec(id: "slot", frame: Rect(x: 1, y: 2, width: 3, height: 4))],
            children: [ControllerSpec(id: "child", containerView: "slot")])
        let tree = try visibleTree(root: root, others: ["spare", "other"])
        _ = tree.run([call("root", "addChild", ["child": "spare"]), call("spare", "loadViewIfNeeded")])
        try checkRoundTrip(tree, then: [call("root.view", "addSubview", ["view": "spare.view"]), call("spare", "didMove", ["toParent": "root"])])
    }

    @Test func unattachedWindowAndManualAppearanceForwarding() throws {
        let tree = try ContainmentTree(
            id: "t", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(id: "root", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "c")]), now: t0)
        _ = tree.run([call("window", "makeKeyAndVisible"), call("c", "beginAppearanceTransition", ["isAppearing": true, "animated": true])])
        try checkRoundTrip(tree, then: [call("c", "endAppearanceTransition")])
    }

    @Test func navigationMidAnimatedPushAndMidInteractivePop() throws {
        let tree = try visibleTree(
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")]),
            others: ["c"])
        _ = tree.run([call("nav", "pushViewController", ["viewController": "c", "animated": true])])
        #expect(tree.nextDueTime != nil)
        try checkRoundTrip(tree, later: t0 + 0.1, then: [call("a", "setNeedsStatusBarAppearanceUpdate")])
        let popping = try visibleTree(
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")]))
        _ = popping.run([call("nav", "beginInteractivePop"), call("nav", "updateInteractivePop", ["percent": 0.4])])
        try checkRoundTrip(popping, then: [call("nav", "finishInteractivePop")])
    }

    @Test func tabBarAndSplitView() throws {
        let tabs = try visibleTree(
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")], selectedIndex: 1))
        try checkRoundTrip(tabs, then: [call("tabs", "setSelectedIndex", ["index": 0])])
        let split = try visibleTree(
            root: ControllerSpec(
                id: "split", kind: .splitViewController,
                primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
                secondary: ControllerSpec(id: "detail")))
        _ = split.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        try checkRoundTrip(split, then: [call("split", "show", ["column": "secondary"])])
    }

    @Test func presentedControllersMidPresentationAndMidInteractiveDismissal() throws {
        let tree = try visibleTree(
            root: ControllerSpec(id: "root", presentationSettings: PresentationSettings(definesPresentationContext: true)), others: ["modal", "cover"])
        _ = tree.run([call("root", "present", ["viewController": "modal", "animated": true])])
        try checkRoundTrip(tree, later: t0 + 0.05, then: [call("root", "setNeedsStatusBarAppearanceUpdate")])

        let sheet = try visibleTree(root: ControllerSpec(id: "root"))
        _ = try sheet.createController(ControllerSpec(id: "modal", presentationSettings: PresentationSettings(modalPresentationStyle: .pageSheet)), now: t0)
        _ = try sheet.createController(ControllerSpec(id: "cover", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        _ = sheet.run([call("root", "present", ["viewController": "modal", "animated": false])])
        _ = sheet.run([call("modal", "present", ["viewController": "cover", "animated": false])])
        _ = sheet.run([call("cover", "dismiss", ["animated": false])])
        _ = sheet.run([call("modal", "beginInteractiveDismissal"), call("modal", "updateInteractiveDismissal", ["percent": 0.4])])
        try checkRoundTrip(sheet, then: [call("modal", "finishInteractiveDismissal")])
    }

    @Test func pageViewControllersMidSwipeAndMidAnimatedPageChange() throws {
        func pages() throws -> ContainmentTree {
            let tree = try visibleTree(
                root: ControllerSpec(id: "pages", kind: .pageViewController, pageViewControllerSettings: PageViewControllerSettings(transitionStyle: .scroll)),
                others: ["p1", "p2"])
            _ = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p1"], "direction": "forward", "animated": false])])
            return tree
        }
        let swiping = try pages()
        _ = swiping.run([call("pages", "beginInteractiveSwipe", ["to": "p2", "direction": "forward"])])
        try checkRoundTrip(swiping, then: [call("pages", "cancelInteractiveSwipe")])
        let animating = try pages()
        _ = animating.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "direction": "reverse", "animated": true])])
        try checkRoundTrip(animating, later: t0 + 0.01, then: [call("window", "runLoop")])
    }

    @Test func runningTransitionFinishedTransitionsAndAWrappedEventLog() throws {
        let tree = try visibleTree(
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a")]), others: ["b", "c"],
            configuration: TreeConfiguration(eventRetention: 7))
        _ = try tree.cycleFromViewController("a", to: "b", in: "root", duration: 0.5, options: ["transitionFlipFromLeft"], now: t0)
        _ = tree.advance(to: t0 + 1)
        _ = try tree.cycleFromViewController("b", to: "c", in: "root", duration: 0.5, now: t0 + 1)
        #expect(tree.oldestRetainedSeq > 1)
        #expect(tree.nextDueTime == t0 + 1.5)
        try checkRoundTrip(tree, later: t0 + 2, then: [call("c", "setNeedsStatusBarAppearanceUpdate")])
    }

    @Test func aStateOfAnotherFormatOrWithABrokenLogIsRefused() throws {
        let tree = try visibleTree()
        var state = tree.state
        state.formatVersion = TreeState.formatVersion + 1
        #expect(throws: TreeStateError.self) { _ = try ContainmentTree(restoring: state) }
        state = tree.state
        state.nextSeq += 5
        #expect(throws: TreeStateError.self) { _ = try ContainmentTree(restoring: state) }
    }

    /// Every walk of the engine relies on links forming trees; a damaged state whose links
    /// loop is refused at restore instead of stopping the first walk that meets the loop.
    @Test func aStateWhoseLinksLoopIsRefused() throws {
        let tree = try visibleTree(root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a", children: [ControllerSpec(id: "b")])]))
        var state = tree.state
        let rootIndex = try #require(state.controllers.firstIndex { $0.id == "root" })
        state.controllers[rootIndex].parent = "b"
        #expect(throws: TreeStateError(message: "the parent and presenter links above controller a loop")) {
            _ = try ContainmentTree(restoring: state)
        }
        state = tree.state
        let windowIndex = try #require(state.views.firstIndex { $0.id == "window" })
        state.views[windowIndex].superview = "b.view"
        #expect(throws: TreeStateError.self) { _ = try ContainmentTree(restoring: state) }
        _ = try ContainmentTree(restoring: tree.state)
    }

    @Test func tablesThatAreCutShortOrDoNotMatchTheStateAreRefused() throws {
        let tree = try visibleTree(root: ControllerSpec(id: "root", title: "R", children: [ControllerSpec(id: "a")]))
        var rest = tree.state
        let tables = rest.takeTables()
        for broken in [Array(tables.dropLast()), tables + [0], [TreeState.tablesFormatVersion + 1] + tables.dropFirst()] {
            var copy = rest
            #expect(throws: TreeStateError.self) { try copy.restoreTables(from: broken) }
        }
        // "root" has extras (its title): without its full record the tables do not match.
        var withoutExtras = rest
        withoutExtras.controllers = []
        #expect(throws: TreeStateError.self) { try withoutExtras.restoreTables(from: tables) }
    }

    /// What docs/uikit-rules-adaptivity.md adds survives the round trip: declared answers, a
    /// parent's trait override, an adapted presentation and the scene's activation state.
    @Test func answersTraitOverridesAdaptedPresentationsAndActivationState() throws {
        let tree = try visibleTree(
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "split", kind: .splitViewController, primary: ControllerSpec(id: "p"), secondary: ControllerSpec(id: "s"),
                        answers: ControllerAnswers(style: .doubleColumn, topColumnForCollapsing: .primary))
                ],
                answers: ControllerAnswers(
                    modalPresentationCapturesStatusBarAppearance: true, prefersHomeIndicatorAutoHidden: true,
                    childForHomeIndicatorAutoHidden: "split", preferredScreenEdgesDeferringSystemGestures: [.bottom],
                    traitOverrides: TraitOverrides(horizontalSizeClass: .compact))),
            others: ["popover"])
        _ = try tree.updateController(
            "popover",
            ControllerPatch(
                presentationSettings: PresentationSettingsPatch(modalPresentationStyle: .popover),
                answers: ControllerAnswersPatch(adaptivePresentationStyle: .formSheet)),
            now: t0)
        _ = tree.run([
            call("root", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "split"]),
            call("root", "present", ["viewController": "popover", "animated": false]),
            call("window", "setActivationState", ["state": "background"]),
        ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.overrideTraitCollection == TraitOverrides(horizontalSizeClass: .regular))
        #expect(snapshot.controllers["popover"]?.presentationStyle == .formSheet)
        #expect(snapshot.window.activationState == .background)
        try checkRoundTrip(
            tree,
            then: [
                call("root", "setOverrideTraitCollection", ["collection": .null, "forChild": "split"]),
                call("window", "setActivationState", ["state": "foregroundActive"]), call("popover", "dismiss", ["animated": false]),
            ])
    }
}
