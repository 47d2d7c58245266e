import Testing

@testable import Containment

/// docs/uikit-rules.md, rules 16–18: delegation, sizes and traits.
@Suite struct DelegationRuleTests {
    @Test func rule16_effectiveStatusBarFollowsTheChildForChainFromTheRoot() throws {
        let root = ControllerSpec(
            id: "root", statusBarSettings: StatusBarSettings(statusBarStyle: .darkContent, childForStatusBarStyle: "middle", childForStatusBarHidden: "middle"),
            children: [
                ControllerSpec(
                    id: "middle", statusBarSettings: StatusBarSettings(statusBarHidden: true, childForStatusBarStyle: "leaf"),
                    children: [ControllerSpec(id: "leaf", statusBarSettings: StatusBarSettings(statusBarStyle: .lightContent))])
            ])
        let tree = try ContainmentTree(id: "bar", root: root, now: t0)
        let bar = tree.snapshot().window.statusBar
        #expect(bar == StatusBarSnapshot(style: .lightContent, hidden: true, decidedBy: "leaf", hiddenDecidedBy: "middle"))
        _ = try tree.updateController("root", ControllerPatch(statusBarSettings: StatusBarSettingsPatch(childForStatusBarStyle: .some(nil))), now: t0)
        #expect(tree.snapshot().window.statusBar.style == .darkContent)
        #expect(tree.snapshot().window.statusBar.decidedBy == "root")
        #expect(trace(tree.run([call("root", "setNeedsStatusBarAppearanceUpdate")])) == ["root.setNeedsStatusBarAppearanceUpdate"])
    }

    @Test func rule17_preferredContentSizeChangeNotifiesTheParent() throws {
        let tree = try visibleTree(others: ["map"])
        _ = try tree.displayContentController("map", in: "root", now: t0)
        let events = try tree.updateController("map", ControllerPatch(preferredContentSize: Size(width: 300, height: 200)), now: t0)
        #expect(trace(events) == ["root.preferredContentSizeDidChange"])
        #expect(events.first?.args["child"] == "map")
        #expect(events.first?.args["size"] == ["width": 300, "height": 200])
        #expect(try tree.updateController("map", ControllerPatch(preferredContentSize: Size(width: 300, height: 200)), now: t0).isEmpty)
    }

    /// A fixed-size child still hears of the change, with its parent's new size (UIKit's
    /// default `size(forChildContentContainer:withParentContainerSize:)`).
    @Test func rule18_windowResizeForwardsViewWillTransitionToEveryChildWithTheParentsSize() throws {
        let root = ControllerSpec(
            id: "root", containerViews: [ContainerViewSpec(id: "fixed", frame: Rect(x: 0, y: 0, width: 100, height: 100))],
            children: [ControllerSpec(id: "filling"), ControllerSpec(id: "boxed", containerView: "fixed")])
        let tree = try ContainmentTree(id: "resize", root: root, now: t0)
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        #expect(
            trace(events) == [
                "root.viewWillTransition", "filling.viewWillTransition", "boxed.viewWillTransition",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "filling.viewWillLayoutSubviews",
                "filling.viewDidLayoutSubviews",
            ])
        #expect(events.filter { $0.callback == "viewWillTransition" }.allSatisfy { $0.args["size"] == ["width": 844, "height": 390] })
        #expect(tree.snapshot().views["boxed.view"]?.frame.size == Size(width: 100, height: 100))
        #expect(tree.snapshot().views["filling.view"]?.frame.size == Size(width: 844, height: 390))
    }

    @Test func rule18_sizeClassChangeCallsTraitCollectionDidChange() throws {
        let tree = try ContainmentTree(
            id: "traits", root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            trace(events) == [
                "root.willTransition", "child.willTransition", "root.traitCollectionDidChange", "child.traitCollectionDidChange",
            ])
        #expect(events.first?.args["newCollection"] == ["horizontalSizeClass": "regular"])
        #expect(events.last?.args["previousTraitCollection"] == ["horizontalSizeClass": "compact"])
        #expect(tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])]).isEmpty)
    }
}
