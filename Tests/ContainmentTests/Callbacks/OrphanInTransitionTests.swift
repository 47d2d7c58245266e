import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 43: a view added without `addChild` inside a pushed
/// controller gets no appearance callbacks (ivanchan.github.io, 2016-04-27); one inside the
/// window's root keeps rule 7's orphan order (CorrectionTests).
@Suite struct OrphanInTransitionTests {
    /// The blog's setup: vc3, pushed, adds vc4's view to its own in `viewDidLoad`.
    func pushedOrphan() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "o", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "vc1")]), now: t0)
        _ = try tree.createController(ControllerSpec(id: "vc4"), now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "vc3", overrides: ["viewDidLoad": [call("vc3.view", "addSubview", ["view": "vc4.view"])]]), now: t0)
        return tree
    }

    @Test func rule43_anOrphanInsideAPushedControllerGetsNoAppearance() throws {
        let tree = try pushedOrphan()
        let push = tree.run([call("nav", "pushViewController", ["viewController": "vc3"])])
        #expect(
            trace(push.filter { $0.controller == "vc4" }) == ["vc4.loadView", "vc4.viewDidLoad", "vc4.viewWillLayoutSubviews", "vc4.viewDidLayoutSubviews"])
        #expect(containment(push) == ["vc3.willMove(nav)", "vc1.viewWillDisappear", "vc3.viewWillAppear", "vc3.viewIsAppearing"])
        #expect(containment(tree.advance(to: t0 + 1)) == ["vc1.viewDidDisappear", "vc3.viewDidAppear", "vc3.didMove(nav)"])
        #expect(tree.snapshot().views["vc4.view"]?.inWindow == true)
        #expect(tree.appearance("vc4") == .disappeared)
        // Nor does it disappear with the pop.
        _ = tree.run([call("nav", "popViewController")], now: t0 + 1)
        #expect(tree.advance(to: t0 + 2).allSatisfy { $0.controller != "vc4" })
    }

    /// The same orphan appears when its view enters the window otherwise: the window shown
    /// again while vc3 is on top. Its "did" comes before vc3's, rule 7's orphan order.
    @Test func rule43_theSameOrphanAppearsWhenTheWindowShowsItAgain() throws {
        let tree = try pushedOrphan()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "vc3", "animated": false])])
        _ = tree.run([call("window", "setHidden", ["hidden": true])])
        let shown = tree.run([call("window", "setHidden", ["hidden": false])])
        #expect(
            containment(shown) == [
                "nav.viewWillAppear", "vc3.viewWillAppear", "vc4.viewWillAppear", "nav.viewIsAppearing", "vc3.viewIsAppearing",
                "vc4.viewIsAppearing", "nav.viewDidAppear", "vc4.viewDidAppear", "vc3.viewDidAppear",
            ])
    }
}
