import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "A tab selected back from a callback of its own switch":
/// found by the tabs' property test with overrides (present before `tabs`, with
/// `setSelectedIndex`, `tapTabBarItem` and `setViewControllers` alone).
@Suite struct TabSwitchReentrancyTests {
    /// `setSelectedIndex(1)` switches u1 → u2; u2's `viewIsAppearing` taps u1's tab back, and
    /// u1's `viewWillAppear` replaces the tabs (animated), keeping u1. The first switch's end
    /// leaves u1's view and appearance to the later switch: u1 and its content end appeared
    /// and on screen (u1 turned away and left its content appeared off screen before).
    @Test func rule14_aTabTappedBackWhileItsSwitchReplacesTheTabsStaysSelectedAndAppeared() throws {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tb", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(id: "u1", kind: .navigationController, viewControllers: [ControllerSpec(id: "ul")]),
                    ControllerSpec(id: "u2", overrides: ["viewIsAppearing": [call("tb", "tapTabBarItem", ["index": 0])]]),
                    ControllerSpec(id: "u3"),
                ]),
            now: t0)
        for id in ["u6", "u7"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let replace = call("tb", "setViewControllers", ["viewControllers": ["u6", "u7", "u1", "u2", "u3"], "animated": true])
        _ = try tree.updateController("u1", ControllerPatch(overrides: ["viewWillAppear": [replace]]), now: t0)
        let outcome = tree.perform([call("tb", "setSelectedIndex", ["index": 1])], atomic: false, now: t0)
        let callbacks = outcome.events.filter { event in
            !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains(event.callback ?? "")
        }.map { "\($0.controller ?? "-").\($0.callback ?? $0.warning ?? "?")" }
        #expect(
            callbacks == [
                "u2.viewWillAppear", "u1.viewWillDisappear", "ul.viewWillDisappear", "u2.viewIsAppearing", "tb.shouldSelect",
                "u1.viewWillAppear", "u6.willMove", "u7.willMove", "u6.didMove", "u7.didMove", "u1.viewIsAppearing",
                "u2.viewDidAppear", "ul.viewDidDisappear", "u2.viewWillDisappear", "u2.viewDidDisappear", "u1.viewDidAppear",
                "ul.viewWillAppear", "tb.didSelect", "ul.viewIsAppearing", "ul.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tb"]?.viewControllers == ["u6", "u7", "u1", "u2", "u3"])
        #expect(tree.snapshot().controllers["tb"]?.selectedIndex == 2)
        #expect(tree.appearance("u1") == .appeared)
        #expect(tree.appearance("ul") == .appeared)
        #expect(tree.appearance("u2") == .disappeared)
        PropertyTests.checkInvariants(tree)
    }
}
