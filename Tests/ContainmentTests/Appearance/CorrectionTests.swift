import Testing

@testable import Containment

/// docs/uikit-rules-corrections.md: rules 7, 14 and 18 as real UIKit logs and Apple's
/// documentation show them, and `children` of the built-in containers.
@Suite struct CorrectionTests {
    /// Appearance and delegate callbacks without `viewIsAppearing`: the order the logs show.
    func appearanceOnly(_ events: [Event]) -> [String] {
        containment(events).filter { !$0.contains("Move") && !$0.contains("viewIsAppearing") }
    }

    @Test func rule14_tabSelectionShowsTheNewTabBeforeHidingTheOld() throws {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")]),
            now: t0)
        let first = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        #expect(
            trace(first).filter { !$0.contains("Layout") } == [
                "b.loadView", "b.viewDidLoad", "b.viewWillAppear", "a.viewWillDisappear", "b.viewIsAppearing",
                "a.viewDidDisappear", "b.viewDidAppear",
            ])
        // Loaded already: the same order without the load.
        let back = tree.run([call("tabs", "setSelectedIndex", ["index": 0])])
        #expect(
            containment(back) == ["a.viewWillAppear", "b.viewWillDisappear", "a.viewIsAppearing", "b.viewDidDisappear", "a.viewDidAppear"])
    }

    /// A tab bar whose first tab is a navigation controller with `stack`, its second `other`.
    func tabsAroundNavigation(_ stack: [String]) throws -> ContainmentTree {
        try ContainmentTree(
            id: "both",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(id: "nav", kind: .navigationController, viewControllers: stack.map { ControllerSpec(id: $0) }),
                    ControllerSpec(id: "other"),
                ]),
            now: t0)
    }

    /// Rules 13 and 14 side by side: a push hides the old top first, a tab switch shows the new tab first.
    @Test func rule13_rule14_navigationHidesFirstTabBarShowsFirst() throws {
        let tree = try tabsAroundNavigation(["a"])
        _ = try tree.createController(ControllerSpec(id: "b"), now: t0)
        let push = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": false])])
        #expect(appearanceOnly(push) == ["a.viewWillDisappear", "b.viewWillAppear", "a.viewDidDisappear", "b.viewDidAppear"])
        let select = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        #expect(
            appearanceOnly(select) == [
                "other.viewWillAppear", "nav.viewWillDisappear", "b.viewWillDisappear", "nav.viewDidDisappear", "b.viewDidDisappear",
                "other.viewDidAppear",
            ])
    }

    @Test func rule14_navigationChildrenAreItsViewControllersInOrder() throws {
        let tree = try ContainmentTree(
            id: "nav", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "d"), now: t0)
        _ = tree.run([call("nav", "setViewControllers", ["viewControllers": ["d", "a", "b"], "animated": false])])
        #expect(tree.snapshot().controllers["nav"]?.children == ["d", "a", "b"])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["d", "a", "b"])
        // Animated: the leaving child stays until the pop completes, then the order is the stack's.
        _ = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "d"], "animated": true])])
        #expect(tree.snapshot().controllers["nav"]?.children == ["b", "a", "d"])
        _ = tree.advance(to: t0 + 1)
        #expect(tree.snapshot().controllers["nav"]?.children == ["a", "d"])
    }

    @Test func rule14_tabBarChildrenAreItsViewControllersInOrder() throws {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b"), ControllerSpec(id: "c")]),
            now: t0)
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["c", "a", "b"], "animated": false])])
        #expect(containment(events).isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.children == ["c", "a", "b"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 1)
    }

    /// A drawer 300 points wide in a container view: told of a rotation with the size its
    /// parent declares for it, or skipped when that is the size it has.
    func drawerTree(declaring sizes: [String: Size]? = nil) throws -> ContainmentTree {
        try ContainmentTree(
            id: "drawer",
            root: ControllerSpec(
                id: "root", containerViews: [ContainerViewSpec(id: "side", frame: Rect(x: 0, y: 0, width: 300, height: 844))],
                children: [ControllerSpec(id: "content"), ControllerSpec(id: "drawer", containerView: "side")], childContentSizes: sizes),
            now: t0)
    }

    @Test func rule18_childIsToldTheSizeItsParentDeclaresForIt() throws {
        let tree = try drawerTree(declaring: ["drawer": Size(width: 300, height: 390)])
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        let told = events.filter { $0.callback == "viewWillTransition" }
        #expect(trace(told) == ["root.viewWillTransition", "content.viewWillTransition", "drawer.viewWillTransition"])
        #expect(told.map { $0.args["size"] } == [["width": 844, "height": 390], ["width": 844, "height": 390], ["width": 300, "height": 390]])
        #expect(tree.snapshot().controllers["root"]?.childContentSizes == ["drawer": Size(width: 300, height: 390)])
    }

    @Test func rule18_childIsSkippedWhenItsSizeIsTheDeclaredSize() throws {
        let tree = try drawerTree()
        // Declared by PATCH: the drawer keeps its size, so it is not told.
        let patched = try tree.updateController("root", ControllerPatch(childContentSizes: ["drawer": Size(width: 300, height: 844)]), now: t0)
        #expect(patched.isEmpty)
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        #expect(trace(events.filter { $0.callback == "viewWillTransition" }) == ["root.viewWillTransition", "content.viewWillTransition"])
        // `{}` goes back to the default: the parent's size, which the drawer does not have.
        _ = try tree.updateController("root", ControllerPatch(childContentSizes: [:]), now: t0)
        let back = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844]])])
        #expect(
            trace(back.filter { $0.callback == "viewWillTransition" }) == [
                "root.viewWillTransition", "content.viewWillTransition", "drawer.viewWillTransition",
            ])
        let bad = try? tree.updateController("root", ControllerPatch(childContentSizes: ["drawer": Size(width: -1, height: 1)]), now: t0)
        #expect(bad == nil)
        #expect(tree.snapshot().controllers["root"]?.childContentSizes == nil)
    }

    /// Built-in containers tell only what they show: not the other tabs, not what is below a
    /// navigation stack's top.
    @Test func rule18_builtInContainersTellTheChildrenTheyShow() throws {
        let tree = try tabsAroundNavigation(["a", "b"])
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        #expect(
            trace(events.filter { $0.callback == "viewWillTransition" }) == [
                "tabs.viewWillTransition", "nav.viewWillTransition", "b.viewWillTransition",
            ])
    }

    @Test func rule07_orphanViewDidAppearComesBeforeItsEnclosingController() throws {
        let tree = try ContainmentTree(
            id: "orphan", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        _ = try tree.createController(ControllerSpec(id: "orphan", children: [ControllerSpec(id: "inner")]), now: t0)
        _ = tree.run([call("root.view", "addSubview", ["view": "orphan.view"])])
        let events = tree.run([call("window", "makeKeyAndVisible")])
        #expect(
            containment(events) == [
                "root.viewWillAppear", "child.viewWillAppear", "orphan.viewWillAppear", "inner.viewWillAppear",
                "root.viewIsAppearing", "child.viewIsAppearing", "orphan.viewIsAppearing", "inner.viewIsAppearing",
                "orphan.viewDidAppear", "inner.viewDidAppear", "root.viewDidAppear", "child.viewDidAppear",
            ])
        // Children added with addChild keep rule 7's order: parent first, for "did" too.
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(
            containment(hidden) == [
                "root.viewWillDisappear", "child.viewWillDisappear", "orphan.viewWillDisappear", "inner.viewWillDisappear",
                "root.viewDidDisappear", "child.viewDidDisappear", "orphan.viewDidDisappear", "inner.viewDidDisappear",
            ])
    }
}
