import Testing

@testable import Containment

/// Found while the tabs' property test ran with overrides: a tab switch whose incoming tab's
/// `viewIsAppearing` taps the first tab back, whose `viewWillAppear` replaces the tabs
/// (animated), leaves the first tab's navigation content appeared off screen. Present before
/// `tabs`: only `setSelectedIndex`, `tapTabBarItem` and `setViewControllers` are involved.
@Suite struct TabSwitchReentrancyTests {
    @Test func aTabTappedBackWhileTheTabsAreReplacedLeavesNothingAppearedOffScreen() throws {
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
        _ = tree.perform([call("tb", "setSelectedIndex", ["index": 1])], atomic: false, now: t0)
        #expect(tree.snapshot().controllers["tb"]?.viewControllers == ["u6", "u7", "u1", "u2", "u3"])
        // u1 turns away right after its viewIsAppearing (the replacement took its view out
        // while its switch ran), yet the switch's end makes ul appear inside it: not yet fixed.
        withKnownIssue("ul is left appeared off screen") {
            PropertyTests.checkInvariants(tree)
        }
    }
}
