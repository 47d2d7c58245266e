import Testing

@testable import Containment

/// docs/uikit-rules.md, rules 14 and 15: tab bar and split view controllers.
@Suite struct TabAndSplitTests {
    func tabTree() throws -> ContainmentTree {
        try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b"), ControllerSpec(id: "c")]),
            now: t0)
    }

    @Test func rule14_onlyTheSelectedTabIsInTheHierarchy() throws {
        let tree = try tabTree()
        #expect(
            containment(tree.creationEvents) == [
                "a.willMove(tabs)", "b.willMove(tabs)", "c.willMove(tabs)", "a.didMove(tabs)", "b.didMove(tabs)",
                "c.didMove(tabs)", "tabs.viewWillAppear", "a.viewWillAppear", "tabs.viewIsAppearing", "a.viewIsAppearing",
                "tabs.viewDidAppear", "a.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["tabs"]?.selectedIndex == 0)
        #expect(snapshot.views["tabs.view"]?.subviews == ["a.view", "tabs.tabBar"])
        #expect(snapshot.controllers["b"]?.isViewLoaded == false)
    }

    @Test func rule14_selectingSwapsSynchronouslyAndLoadsTheNewTabLazily() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        #expect(
            Array(trace(events).prefix(7)) == [
                "b.loadView", "b.viewDidLoad", "b.viewWillAppear", "a.viewWillDisappear", "b.viewIsAppearing",
                "a.viewDidDisappear", "b.viewDidAppear",
            ])
        #expect(tree.snapshot().views["tabs.view"]?.subviews == ["b.view", "tabs.tabBar"])
        #expect(tree.run([call("tabs", "setSelectedIndex", ["index": 1])]).isEmpty)
        let outOfRange = tree.perform([call("tabs", "setSelectedIndex", ["index": 3])], atomic: false, now: t0)
        #expect(outOfRange.failure?.field == "calls[0].args.index")
    }

    @Test func rule14_settingTabsKeepsTheSelectedTabOrSelectsTheOneAtItsIndex() throws {
        let tree = try tabTree()
        _ = try tree.createController(ControllerSpec(id: "d"), now: t0)
        _ = tree.run([call("tabs", "setSelectedIndex", ["index": 2])])
        let kept = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["c", "d"], "animated": false])])
        #expect(containment(kept) == ["b.willMove(nil)", "a.willMove(nil)", "d.willMove(tabs)", "b.didMove(nil)", "a.didMove(nil)", "d.didMove(tabs)"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 0)
        let replaced = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["d"], "animated": false])])
        #expect(
            containment(replaced) == [
                "c.willMove(nil)", "d.viewWillAppear", "c.viewWillDisappear", "d.viewIsAppearing", "c.viewDidDisappear",
                "d.viewDidAppear", "c.didMove(nil)",
            ])
    }

    /// Figure 5-2 of Apple's container guide: a split view controller with a navigation controller as master
    /// and a detail controller, in a regular width.
    func splitTree() throws -> ContainmentTree {
        try ContainmentTree(
            id: "split", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular),
            root: ControllerSpec(
                id: "split", kind: .splitViewController,
                primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
                secondary: ControllerSpec(id: "detail")),
            now: t0)
    }

    @Test func rule15_regularShowsBothColumnsSideBySide() throws {
        let tree = try splitTree()
        let snapshot = tree.snapshot()
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "detail.view"])
        #expect(snapshot.views["master.view"]?.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        #expect(snapshot.views["detail.view"]?.frame == Rect(x: 320, y: 0, width: 704, height: 768))
        #expect(["split", "master", "list", "detail"].allSatisfy { snapshot.controllers[$0]?.appearance == .appeared })
        #expect(snapshot.controllers["split"]?.isCollapsed == false)
    }

    @Test func rule15_compactCollapsesSecondaryOntoNavigationPrimaryAndRegularSeparatesIt() throws {
        let tree = try splitTree()
        let collapse = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        #expect(
            containment(collapse).filter { !$0.contains("traitCollection") && !$0.contains("willTransition") } == [
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.willMove(master)", "list.viewWillDisappear",
                "detail.didMove(master)", "list.viewDidDisappear",
            ])
        var snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.isCollapsed == true)
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "detail"])
        #expect(snapshot.controllers["detail"]?.parent == "master")
        #expect(snapshot.controllers["detail"]?.appearance == .appeared)
        #expect(snapshot.views["master.view"]?.frame.size == Size(width: 1024, height: 768))

        let separate = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            containment(separate).filter { !$0.contains("traitCollection") && !$0.contains("willTransition") } == [
                "detail.willMove(nil)", "detail.didMove(nil)", "list.viewWillAppear", "detail.willMove(split)",
                "detail.didMove(split)", "list.viewIsAppearing", "list.viewDidAppear",
            ])
        snapshot = tree.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["detail"]?.parent == "split")
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "detail.view"])
        #expect(snapshot.controllers["split"]?.isCollapsed == false)
    }

    @Test func rule15_hidingAndShowingThePrimaryInRegularWidth() throws {
        let tree = try splitTree()
        let hidden = tree.run([call("split", "hide", ["column": "primary"])])
        #expect(containment(hidden) == ["master.viewWillDisappear", "list.viewWillDisappear", "master.viewDidDisappear", "list.viewDidDisappear"])
        #expect(tree.snapshot().views["detail.view"]?.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(tree.snapshot().controllers["split"]?.isPrimaryHidden == true)
        let shown = tree.run([call("split", "show", ["column": "primary"])])
        #expect(
            containment(shown) == [
                "master.viewWillAppear", "list.viewWillAppear", "master.viewIsAppearing", "list.viewIsAppearing", "master.viewDidAppear", "list.viewDidAppear",
            ])
        #expect(tree.run([call("split", "show", ["column": "primary"])]).isEmpty)
    }

    @Test func rule15_compactWithAPlainPrimaryShowsOneColumnAtATime() throws {
        let tree = try ContainmentTree(
            id: "plain",
            root: ControllerSpec(id: "split", kind: .splitViewController, primary: ControllerSpec(id: "p"), secondary: ControllerSpec(id: "s")),
            now: t0)
        #expect(tree.snapshot().views["split.view"]?.subviews == ["p.view"])
        #expect(tree.snapshot().controllers["s"]?.parent == "split")
        let shown = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(containment(shown) == ["p.viewWillDisappear", "s.viewWillAppear", "s.viewIsAppearing", "p.viewDidDisappear", "s.viewDidAppear"])
        let back = tree.run([call("split", "show", ["column": "primary"])])
        #expect(containment(back) == ["p.viewWillAppear", "s.viewWillDisappear", "p.viewIsAppearing", "p.viewDidAppear", "s.viewDidDisappear"])
    }

    @Test func splitColumnsSetByCallsEqualTheDeclarativeTree() throws {
        let declared = try splitTree()
        let manual = try ContainmentTree(
            id: "split", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular), now: t0)
        var events = try manual.createController(ControllerSpec(id: "split", kind: .splitViewController), now: t0)
        events += try manual.createController(ControllerSpec(id: "master", kind: .navigationController), now: t0)
        events += try manual.createController(ControllerSpec(id: "list"), now: t0)
        events += try manual.createController(ControllerSpec(id: "detail"), now: t0)
        // A storyboard builds the columns' contents before the split gets its columns (rule 31).
        events += manual.run([
            call("master", "setViewControllers", ["viewControllers": ["list"], "animated": false]),
            call("split", "setViewController", ["viewController": "master", "column": "primary"]),
            call("split", "setViewController", ["viewController": "detail", "column": "secondary"]),
            call("window", "setRootViewController", ["rootViewController": "split"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
    }
}

/// Built-in containers lay out their own views when the window changes size.
@Suite struct BuiltInLayoutTests {
    @Test func windowResizeRelaysOutBarsContentAndColumns() throws {
        let tree = try ContainmentTree(
            id: "resize", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular),
            root: ControllerSpec(
                id: "split", kind: .splitViewController,
                primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
                secondary: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a")])),
            now: t0)
        let events = tree.run([call("window", "setSize", ["size": ["width": 1366, "height": 1024]])])
        let views = tree.snapshot().views
        #expect(views["master.view"]?.frame == Rect(x: 0, y: 0, width: 320, height: 1024))
        #expect(views["list.view"]?.frame == Rect(x: 0, y: 44, width: 320, height: 980))
        #expect(views["tabs.view"]?.frame == Rect(x: 320, y: 0, width: 1046, height: 1024))
        #expect(views["tabs.tabBar"]?.frame == Rect(x: 0, y: 975, width: 1046, height: 49))
        #expect(views["a.view"]?.frame == Rect(x: 0, y: 0, width: 1046, height: 975))
        #expect(
            trace(events.filter { $0.callback == "viewWillTransition" }) == [
                "split.viewWillTransition", "master.viewWillTransition", "list.viewWillTransition", "tabs.viewWillTransition",
                "a.viewWillTransition",
            ])
    }
}
