import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 30: `show(_:sender:)`, `showDetailViewController(_:sender:)`
/// and `targetViewController(forAction:sender:)`.
@Suite struct RoutingTests {
    func navigationTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "routing", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "detail"), now: t0)
        return tree
    }

    func splitTree(_ sizeClass: SizeClass) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "split",
            configuration: TreeConfiguration(
                windowSize: sizeClass == .regular ? Size(width: 1024, height: 768) : Size(width: 390, height: 844),
                horizontalSizeClass: sizeClass),
            root: ControllerSpec(
                id: "split", kind: .splitViewController,
                primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
                secondary: ControllerSpec(id: "detail")),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "other"), now: t0)
        return tree
    }

    @Test func rule30_showInsideANavigationControllerIsAnAnimatedPush() throws {
        let shown = try navigationTree()
        let pushed = try navigationTree()
        let showEvents = shown.run([call("list", "show", ["viewController": "detail", "sender": "list"])])
        let pushEvents = pushed.run([call("nav", "pushViewController", ["viewController": "detail", "animated": true])])
        #expect(
            containment(showEvents) == [
                "detail.willMove(nav)", "list.viewWillDisappear", "detail.viewWillAppear", "detail.viewIsAppearing",
            ])
        #expect(trace(showEvents) == trace(pushEvents))
        #expect(trace(shown.advance(to: t0 + 1)) == trace(pushed.advance(to: t0 + 1)))
        #expect(shown.snapshot().controllers["nav"]?.viewControllers == ["list", "detail"])
    }

    @Test func rule30_showWithNoTargetIsPresentedByTheReceiver() throws {
        let shown = try visibleTree(others: ["detail"])
        let presented = try visibleTree(others: ["detail"])
        let showEvents = shown.run([call("root", "show", ["viewController": "detail", "sender": .null])])
        let presentEvents = presented.run([call("root", "present", ["viewController": "detail", "animated": true])])
        #expect(trace(showEvents) == trace(presentEvents))
        #expect(shown.snapshot().controllers["detail"]?.presentingViewController == "root")
    }

    /// The walk follows parent links only: a presented controller ends it, so a controller
    /// presented over a navigation controller presents what it shows instead of pushing it
    /// behind itself.
    @Test func rule30_aPresentedControllerShowsByPresentingOverItself() throws {
        let tree = try navigationTree()
        _ = try tree.createController(ControllerSpec(id: "sheet"), now: t0)
        _ = tree.run([call("list", "present", ["viewController": "sheet", "animated": false])])
        #expect(tree.run([call("sheet", "targetViewController", ["forAction": "show"])]).isEmpty)
        let events = tree.run([call("sheet", "show", ["viewController": "detail"])])
        #expect(containment(events).prefix(2) == ["detail.viewWillAppear", "detail.viewIsAppearing"])
        #expect(tree.snapshot().controllers["detail"]?.presentingViewController == "sheet")
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list"])
    }

    @Test func rule30_targetViewControllerAnswersWithoutAnEvent() throws {
        let tree = try splitTree(.regular)
        let outcome = tree.perform(
            [
                call("list", "targetViewController", ["forAction": "show"]),
                call("list", "targetViewController", ["forAction": "showDetailViewController", "sender": "list"]),
                call("detail", "targetViewController", ["forAction": "show"]),
                call("other", "targetViewController", ["forAction": "showDetailViewController"]),
                call("window", "runLoop"),
            ], atomic: false, now: t0)
        #expect(outcome.failure == nil)
        #expect(outcome.events.isEmpty)
        #expect(outcome.results == ["master", "split", "split", .null, .null])
        let unknown = tree.perform([call("list", "targetViewController", ["forAction": "present"])], atomic: false, now: t0)
        #expect(unknown.failure?.field == "calls[0].args.forAction")
    }

    @Test func rule30_showDetailInARegularSplitInstallsTheSecondary() throws {
        let routed = try splitTree(.regular)
        let direct = try splitTree(.regular)
        let events = routed.run([call("list", "showDetailViewController", ["viewController": "other", "sender": "list"])])
        #expect(
            containment(events) == [
                "detail.willMove(nil)", "detail.viewWillDisappear", "detail.didMove(nil)", "other.willMove(split)",
                "other.viewWillAppear", "other.didMove(split)", "other.viewIsAppearing", "detail.viewDidDisappear",
                "other.viewDidAppear",
            ])
        #expect(trace(events) == trace(direct.run([call("split", "setViewController", ["viewController": "other", "column": "secondary"])])))
        #expect(routed.snapshot().controllers["split"]?.secondary == "other")
        #expect(routed.run([call("list", "showDetailViewController", ["viewController": "other"])]).isEmpty)
    }

    /// Collapsed, the primary navigation controller shows the detail by an animated push; it
    /// is the split's secondary, and separates into the column when the width grows.
    @Test func rule30_showDetailInACollapsedSplitPushesOntoThePrimary() throws {
        let tree = try splitTree(.compact)
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list", "detail"])
        let events = tree.run([call("list", "showDetailViewController", ["viewController": "other"])])
        #expect(
            containment(events) == [
                "detail.willMove(nil)", "other.willMove(master)", "detail.viewWillDisappear", "other.viewWillAppear",
                "other.viewIsAppearing",
            ])
        #expect(containment(tree.advance(to: t0 + 1)) == ["detail.viewDidDisappear", "other.viewDidAppear", "detail.didMove(nil)", "other.didMove(master)"])
        var snapshot = tree.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "other"])
        #expect(snapshot.controllers["split"]?.secondary == "other")
        _ = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        snapshot = tree.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["other"]?.parent == "split")
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "other.view"])
    }

    @Test func rule30_showOnASplitInstallsThePrimaryOrPresentsWhenCollapsed() throws {
        let regular = try splitTree(.regular)
        _ = regular.run([call("detail", "show", ["viewController": "other"])])
        #expect(regular.snapshot().controllers["split"]?.primary == "other")
        #expect(regular.snapshot().controllers["master"]?.parent == nil)

        let compact = try ContainmentTree(
            id: "compact",
            root: ControllerSpec(id: "split", kind: .splitViewController, primary: ControllerSpec(id: "p"), secondary: ControllerSpec(id: "s")),
            now: t0)
        _ = try compact.createController(ControllerSpec(id: "other"), now: t0)
        _ = compact.run([call("p", "show", ["viewController": "other"])])
        #expect(compact.snapshot().controllers["other"]?.presentingViewController == "split")
        #expect(compact.snapshot().controllers["split"]?.primary == "p")
    }

    /// Routing never leaves a controller both pushed and presented: showing a controller that
    /// is presented is refused as `addChild` refuses it, and changes nothing.
    @Test func rule30_showingAPresentedControllerIsRefused() throws {
        let tree = try navigationTree()
        _ = tree.run([call("list", "present", ["viewController": "detail", "animated": false])])
        let before = tree.snapshot()
        let outcome = tree.perform([call("list", "show", ["viewController": "detail"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "child_is_presented")
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
        let missing = tree.perform([call("list", "show", ["viewController": "nobody"])], atomic: false, now: t0)
        #expect(missing.failure?.code == "controller_not_found")
        #expect(missing.failure?.field == "calls[0].args.viewController")
    }
}
