import Testing

@testable import Containment

/// docs/uikit-rules.md, rules 6–11: appearance.
@Suite struct AppearanceRuleTests {
    @Test func rule06_addChildAloneCausesNoAppearance() throws {
        let tree = try visibleTree(others: ["map"])
        #expect(trace(tree.run([call("root", "addChild", ["child": "map"])])) == ["map.willMove(root)"])
        #expect(tree.appearance("map") == .disappeared)
    }

    @Test func rule06_viewWillAppearInsideAddSubviewTheRestAtTheEndOfTheTurn() throws {
        let tree = try visibleTree(others: ["map"])
        let events = tree.run([
            call("root", "addChild", ["child": "map"]),
            call("root.view", "addSubview", ["view": "map.view"]),
            call("map", "didMove", ["toParent": "root"]),
        ])
        #expect(
            trace(events) == [
                "map.willMove(root)", "map.loadView", "map.viewDidLoad", "map.viewWillAppear", "map.didMove(root)",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "map.viewIsAppearing",
                "map.viewWillLayoutSubviews", "map.viewDidLayoutSubviews", "map.viewDidAppear",
            ])
    }

    @Test func rule06_runLoopCallEndsTheTurn() throws {
        let tree = try visibleTree(others: ["map"])
        let events = tree.run([
            call("root", "addChild", ["child": "map"]),
            call("root.view", "addSubview", ["view": "map.view"]),
            call("window", "runLoop"),
            call("map", "didMove", ["toParent": "root"]),
        ])
        #expect(
            containment(events) == [
                "map.willMove(root)", "map.viewWillAppear", "map.viewIsAppearing", "map.viewDidAppear", "map.didMove(root)",
            ])
    }

    @Test func rule06_nothingAppearsOffScreenAndShowingTheWindowAppearsTheWholeTree() throws {
        let tree = try ContainmentTree(
            id: "off", configuration: TreeConfiguration(onScreen: false), root: ControllerSpec(id: "root", children: [ControllerSpec(id: "map")]),
            now: t0)
        #expect(!containment(tree.creationEvents).contains { $0.contains("Appear") })
        #expect(tree.appearance("root") == .disappeared)
        let shown = tree.run([call("window", "makeKeyAndVisible")])
        #expect(
            containment(shown) == [
                "root.viewWillAppear", "map.viewWillAppear", "root.viewIsAppearing", "map.viewIsAppearing",
                "root.viewDidAppear", "map.viewDidAppear",
            ])
        let removed = tree.run([call("map.view", "removeFromSuperview")])
        #expect(containment(removed) == ["map.viewWillDisappear", "map.viewDidDisappear"])
    }

    @Test func rule07_parentBeforeChildForAppearAndDisappear() throws {
        let root = ControllerSpec(
            id: "root", children: [ControllerSpec(id: "child", children: [ControllerSpec(id: "grand")])])
        let tree = try ContainmentTree(id: "order", configuration: TreeConfiguration(onScreen: false), root: root, now: t0)
        #expect(
            containment(tree.run([call("window", "makeKeyAndVisible")])) == [
                "root.viewWillAppear", "child.viewWillAppear", "grand.viewWillAppear",
                "root.viewIsAppearing", "child.viewIsAppearing", "grand.viewIsAppearing",
                "root.viewDidAppear", "child.viewDidAppear", "grand.viewDidAppear",
            ])
        #expect(
            containment(tree.run([call("window", "setHidden", ["hidden": true])])) == [
                "root.viewWillDisappear", "child.viewWillDisappear", "grand.viewWillDisappear",
                "root.viewDidDisappear", "child.viewDidDisappear", "grand.viewDidDisappear",
            ])
    }

    @Test func rule08_viewDidLoadOnceWhenFirstNeededAndAgainAfterUnload() throws {
        let tree = try visibleTree(others: ["map"])
        _ = tree.snapshot()
        #expect(tree.snapshot().controllers["map"]?.isViewLoaded == false)
        #expect(trace(tree.run([call("map", "loadViewIfNeeded")])) == ["map.loadView", "map.viewDidLoad"])
        #expect(tree.run([call("map", "loadViewIfNeeded"), call("map.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 10, "height": 10]])]).isEmpty)
        #expect(tree.run([call("map", "unloadView")]).isEmpty)
        #expect(tree.snapshot().controllers["map"]?.isViewLoaded == false)
        #expect(trace(tree.run([call("map.view", "layoutIfNeeded")])) == ["map.loadView", "map.viewDidLoad"])
    }

    @Test func rule08_unloadingAViewInAHierarchyIsRefused() throws {
        let tree = try visibleTree()
        let outcome = tree.perform([call("root", "unloadView")], atomic: false, now: t0)
        #expect(outcome.failure?.exceptionName == "NSInternalInconsistencyException")
        #expect(tree.snapshot().controllers["root"]?.isViewLoaded == true)
    }

    @Test func rule09_reversalEmitsOppositeWillAndOnlyTheLastDid() throws {
        let tree = try visibleTree(others: ["c"])
        let events = tree.run([
            call("c", "beginAppearanceTransition", ["isAppearing": true, "animated": true]),
            call("c", "beginAppearanceTransition", ["isAppearing": false, "animated": true]),
            call("c", "endAppearanceTransition"),
        ])
        #expect(containment(events) == ["c.viewWillAppear", "c.viewWillDisappear", "c.viewDidDisappear"])
        #expect(tree.appearance("c") == .disappeared)
        #expect(events.first { $0.callback == "viewDidDisappear" }?.args["animated"] == .bool(true))
    }

    @Test func rule09_statesAndUnbalancedCallsAreWarnings() throws {
        let tree = try visibleTree(others: ["c"])
        let warning = "Unbalanced calls to begin/end appearance transitions for <c>"
        #expect(trace(tree.run([call("c", "endAppearanceTransition")])) == ["warning(c): \(warning)"])
        _ = tree.run([call("c", "beginAppearanceTransition", ["isAppearing": true, "animated": false])])
        #expect(tree.appearance("c") == .appearing)
        #expect(trace(tree.run([call("c", "beginAppearanceTransition", ["isAppearing": true, "animated": false])])) == ["warning(c): \(warning)"])
        #expect(containment(tree.run([call("c", "endAppearanceTransition")])) == ["c.viewIsAppearing", "c.viewDidAppear"])
        #expect(tree.appearance("c") == .appeared)
        _ = tree.run([call("c", "beginAppearanceTransition", ["isAppearing": false, "animated": false])])
        #expect(tree.appearance("c") == .disappearing)
        _ = tree.run([call("c", "endAppearanceTransition")])
        #expect(tree.appearance("c") == .disappeared)
        let last = try #require(tree.events(after: tree.lastSeq - 1, limit: 1).first)
        #expect(last.callback == "viewDidDisappear")
    }

    @Test func rule10_manualForwardingStopsAutomaticCallbacksForChildren() throws {
        let tree = try visibleTree(root: ControllerSpec(id: "root", automaticallyForwardsAppearance: false), others: ["child"])
        let added = try tree.displayContentController("child", in: "root", now: t0)
        #expect(containment(added) == ["child.willMove(root)", "child.didMove(root)"])
        #expect(tree.appearance("child") == .disappeared)
        let driven = tree.run([
            call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": false]),
            call("child", "endAppearanceTransition"),
        ])
        #expect(containment(driven) == ["child.viewWillAppear", "child.viewIsAppearing", "child.viewDidAppear"])
        // Hiding the window: the container disappears, its child waits for the container.
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(containment(hidden) == ["root.viewWillDisappear", "root.viewDidDisappear"])
        #expect(tree.appearance("child") == .appeared)
    }

    @Test func rule10_manualBeginForwardsToTheChildsOwnChildren() throws {
        let tree = try ContainmentTree(
            id: "manual", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(
                id: "root", automaticallyForwardsAppearance: false,
                children: [ControllerSpec(id: "child", children: [ControllerSpec(id: "grand")])]),
            now: t0)
        #expect(containment(tree.run([call("window", "makeKeyAndVisible")])) == ["root.viewWillAppear", "root.viewIsAppearing", "root.viewDidAppear"])
        let begun = tree.run([call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": true])])
        #expect(containment(begun) == ["child.viewWillAppear", "grand.viewWillAppear"])
        let ended = tree.run([call("child", "endAppearanceTransition")])
        #expect(containment(ended) == ["child.viewIsAppearing", "child.viewDidAppear", "grand.viewIsAppearing", "grand.viewDidAppear"])
        #expect(ended.allSatisfy { $0.callback?.contains("Layout") == true || $0.args["animated"] == true })
    }

    @Test func rule11_isMovingToParentAndFromParentInAppearanceCallbacks() throws {
        let tree = try visibleTree(others: ["map"])
        let added = try tree.displayContentController("map", in: "root", now: t0)
        let appearance = added.filter { ["viewWillAppear", "viewIsAppearing", "viewDidAppear"].contains($0.callback) && $0.controller == "map" }
        #expect(appearance.count == 3)
        #expect(appearance.allSatisfy { $0.isMovingToParent == true && $0.isMovingFromParent == false })
        #expect(tree.snapshot().controllers["map"]?.isMovingToParent == false)

        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(
            hidden.filter { $0.callback?.hasPrefix("view") == true && $0.callback?.contains("Layout") == false }.allSatisfy {
                $0.isMovingToParent == false && $0.isMovingFromParent == false
            })
        _ = tree.run([call("window", "setHidden", ["hidden": false])])

        let removed = try tree.hideContentController("map", from: "root", now: t0)
        let disappearance = removed.filter { $0.controller == "map" && $0.callback?.contains("Disappear") == true }
        #expect(disappearance.map(\.callback) == ["viewWillDisappear", "viewDidDisappear"])
        #expect(disappearance.allSatisfy { $0.isMovingFromParent == true && $0.isMovingToParent == false })
        #expect(tree.snapshot().controllers["map"]?.isMovingFromParent == false)
    }
}
