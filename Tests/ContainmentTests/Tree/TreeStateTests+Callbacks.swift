import Testing

@testable import Containment

/// The state rules 40–46 add survives a snapshot and restore.
extension TreeStateTests {
    @Test func overridesAndAnOvertakenPushSurviveARestore() throws {
        let tree = try ContainmentTree(
            id: "n", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "b", overrides: ["viewDidAppear": [call("b", "setNeedsStatusBarAppearanceUpdate")]]), now: t0)
        _ = try tree.createController(ControllerSpec(id: "c"), now: t0)
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b"])])
        _ = tree.run([call("nav", "pushViewController", ["viewController": "c"])], now: t0 + 0.1)
        // Restored mid-way: both pushes still run, the first overtaken.
        try checkRoundTrip(tree, later: t0 + 0.2, then: [call("nav", "popViewController")])
        let restored = try ContainmentTree(restoring: tree.state)
        #expect(restored.overrides.anyDeclared)
    }

    /// Overrides are kept as declared, `callbackArgument` included: a restored tree passes the
    /// callback's `animated` on as the original does (rule 40).
    @Test func overridesPassingTheCallbacksAnimatedOnSurviveARestore() throws {
        let tree = try ContainmentTree(
            id: "n", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        let begin = call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": ["callbackArgument": "animated"]])
        let overrides = ["viewWillAppear": [begin], "viewDidAppear": [call("child", "endAppearanceTransition")]]
        _ = try tree.createController(
            ControllerSpec(id: "b", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "child")], overrides: overrides), now: t0)
        #expect(tree.snapshot().controllers["b"]?.overrides?["viewWillAppear"] == [begin])
        try checkRoundTrip(tree, later: t0 + 0.1, then: [call("nav", "pushViewController", ["viewController": "b", "animated": true])])
    }
}
