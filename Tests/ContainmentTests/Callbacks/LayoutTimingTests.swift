import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 42: `viewIsAppearing` against the layout pass, and a
/// page set before its page view controller is shown (Stack Overflow question 48653763).
@Suite struct LayoutTimingTests {
    /// Each controller's `viewIsAppearing` comes once its superview's controller has laid its
    /// view out, and before its own layout: top down, parent, child, grandchild.
    @Test func rule42_viewIsAppearingFollowsTheSuperviewsLayout() throws {
        let tree = try visibleTree(others: ["outer"])
        _ = try tree.createController(ControllerSpec(id: "middle", children: [ControllerSpec(id: "inner")]), now: t0)
        _ = tree.run([call("outer", "addChild", ["child": "middle"]), call("outer.view", "addSubview", ["view": "middle.view"])])
        let events = tree.run([
            call("root", "addChild", ["child": "outer"]), call("root.view", "addSubview", ["view": "outer.view"]),
            call("outer", "didMove", ["toParent": "root"]),
        ])
        #expect(
            trace(events).drop { $0 != "outer.didMove(root)" }.dropFirst().prefix(12) == [
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
                "outer.viewIsAppearing", "outer.viewWillLayoutSubviews", "outer.viewDidLayoutSubviews",
                "middle.viewIsAppearing", "middle.viewWillLayoutSubviews", "middle.viewDidLayoutSubviews",
                "inner.viewIsAppearing", "inner.viewWillLayoutSubviews", "inner.viewDidLayoutSubviews", "outer.viewDidAppear",
            ])
    }

    /// A child of a container that forwards appearance by hand still has its view laid out.
    @Test func rule42_aChildTheContainerForwardsByHandIsLaidOut() throws {
        let tree = try ContainmentTree(
            id: "manual", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(id: "container", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "child")]),
            now: t0)
        #expect(
            trace(tree.run([call("window", "makeKeyAndVisible")])) == [
                "container.viewWillAppear", "container.viewIsAppearing", "container.viewWillLayoutSubviews",
                "container.viewDidLayoutSubviews", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews", "container.viewDidAppear",
            ])
    }

    /// Stack Overflow question 48653763: `setViewControllers` in the page view controller's
    /// `viewDidLoad`. The page gets its whole appearance when the page view controller begins
    /// appearing, then `didMove(toParent:)`, then its layout pass.
    @Test func rule42_aPageSetInViewDidLoadAppearsBeforeDidMoveAndItsLayout() throws {
        let tree = try visibleTree(others: ["page"])
        _ = try tree.createController(
            ControllerSpec(
                id: "pvc", kind: .pageViewController,
                overrides: ["viewDidLoad": [call("pvc", "setViewControllers", ["viewControllers": ["page"], "animated": true])]]),
            now: t0)
        let events = tree.run([call("window", "setRootViewController", ["rootViewController": "pvc"])])
        #expect(
            trace(events.filter { $0.controller == "page" }) == [
                "page.willMove(pvc)", "page.loadView", "page.viewDidLoad", "page.viewWillAppear", "page.viewIsAppearing",
                "page.viewDidAppear", "page.didMove(pvc)", "page.viewWillLayoutSubviews", "page.viewDidLayoutSubviews",
            ])
        // Between the page view controller's own "will" and "did".
        let pvc = trace(events.filter { $0.controller == "pvc" })
        #expect(
            pvc == [
                "pvc.loadView", "pvc.viewDidLoad", "pvc.viewWillAppear", "pvc.viewIsAppearing", "pvc.viewWillLayoutSubviews", "pvc.viewDidLayoutSubviews",
                "pvc.viewDidAppear",
            ])
        #expect(trace(events).firstIndex(of: "page.viewWillAppear")! > trace(events).firstIndex(of: "pvc.viewWillAppear")!)
        #expect(tree.appearance("page") == .appeared)
    }

    /// A page set in a page view controller whose view is loaded but never shown in the turn
    /// gets `didMove` at the turn's end, and its appearance when the page view controller
    /// appears later.
    @Test func rule42_aPageOfAPageViewControllerNotShownGetsDidMoveAtTheTurnsEnd() throws {
        let tree = try visibleTree(others: ["page"])
        _ = try tree.createController(ControllerSpec(id: "pvc", kind: .pageViewController), now: t0)
        let set = tree.run([
            call("pvc", "loadViewIfNeeded"), call("pvc", "setViewControllers", ["viewControllers": ["page"], "animated": false]),
            call("pvc", "setNeedsStatusBarAppearanceUpdate"),
        ])
        #expect(
            trace(set) == [
                "pvc.loadView", "pvc.viewDidLoad", "page.willMove(pvc)", "page.loadView", "page.viewDidLoad",
                "pvc.setNeedsStatusBarAppearanceUpdate", "page.didMove(pvc)",
            ])
        let shown = tree.run([call("window", "setRootViewController", ["rootViewController": "pvc"])])
        #expect(
            containment(shown) == [
                "root.viewWillDisappear", "pvc.viewWillAppear", "page.viewWillAppear", "pvc.viewIsAppearing", "page.viewIsAppearing",
                "root.viewDidDisappear", "pvc.viewDidAppear", "page.viewDidAppear",
            ])
    }
}
