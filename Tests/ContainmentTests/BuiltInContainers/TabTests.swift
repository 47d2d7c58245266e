import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "Tabs": iOS 18's `tabs` on a tab bar controller, selected by
/// identifier, tapped by the user with the delegate's `shouldSelectTab` and `didSelectTab`.
@Suite struct TabTests {
    /// A visible tab bar controller given tabs home (a navigation controller), search and
    /// settings, and the detached controllers post and extra.
    func tabTree(_ answers: ControllerAnswers = ControllerAnswers(tabBarControllerDelegate: true), selectedTab: String? = nil) throws
        -> ContainmentTree
    {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController, answers: answers,
                tabs: [
                    TabSpec(
                        identifier: "home", title: "Home",
                        viewController: ControllerSpec(id: "feed", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")])),
                    TabSpec(identifier: "search", viewController: ControllerSpec(id: "find")),
                    TabSpec(identifier: "settings", viewController: ControllerSpec(id: "prefs"), isEnabled: false),
                ], selectedTab: selectedTab),
            now: t0)
        for id in ["post", "extra"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        return tree
    }

    func tab(_ identifier: String, _ controller: String, enabled: Bool = true, hidden: Bool = false) -> JSONValue {
        .object(["identifier": .string(identifier), "viewController": .string(controller), "isEnabled": .bool(enabled), "isHidden": .bool(hidden)])
    }

    func withArgs(_ events: [Event]) -> [String] {
        containmentEvents(events).map(lineWithArgs)
    }

    func containmentEvents(_ events: [Event]) -> [Event] {
        events.filter { !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains($0.callback ?? "") }
    }

    @Test func rule14_tabsAreTheTabBarsViewControllersAndSelectTheFirstTab() throws {
        let tree = try tabTree()
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.viewControllers == ["feed", "find", "prefs"])
        #expect(tabs.children == ["feed", "find", "prefs"])
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selectedTab == "home")
        #expect(tabs.tabs?.map(\.identifier) == ["home", "search", "settings"])
        #expect(tabs.tabs?[2].isEnabled == false)
        #expect(tabs.tabs?[1].isHidden == false)
        #expect(tree.appearance("list") == .appeared)
        #expect(tree.appearance("find") == nil || tree.appearance("find") == .disappeared)
    }

    @Test func rule14_aSpecsSelectedTabSelectsThatTab() throws {
        let tree = try tabTree(selectedTab: "search")
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "search")
        #expect(tree.appearance("find") == .appeared)
        #expect(tree.appearance("list") == .disappeared)
    }

    @Test func rule14_tabsSetOnATabBarUsingViewControllersReplaceTheChildrenAsSetViewControllersDoes() throws {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b"), ControllerSpec(id: "c")], selectedIndex: 1),
            now: t0)
        for id in ["d", "e"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let events = tree.run([call("tabs", "setTabs", ["tabs": [tab("a", "a"), tab("d", "d"), tab("e", "e")], "animated": true])])
        #expect(
            containment(events) == [
                "c.willMove(nil)", "b.willMove(nil)", "d.willMove(tabs)", "e.willMove(tabs)", "d.viewWillAppear", "b.viewWillDisappear",
                "d.viewIsAppearing", "b.viewDidDisappear", "d.viewDidAppear", "c.didMove(nil)", "b.didMove(nil)", "d.didMove(tabs)",
                "e.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "d")
        #expect(tree.snapshot().controllers["tabs"]?.viewControllers == ["a", "d", "e"])
    }

    @Test func rule14_setViewControllersAndTapTabBarItemAreRefusedOnceTabsAreSet() throws {
        let tree = try tabTree()
        let before = tree.snapshot()
        let set = tree.perform([call("tabs", "setViewControllers", ["viewControllers": ["post"], "animated": false])], atomic: false, now: t0)
        #expect(set.failure?.code == "tabs_in_use")
        #expect(set.failure?.exceptionName == nil)
        #expect(set.events.isEmpty)
        let tap = tree.perform([call("tabs", "tapTabBarItem", ["index": 1])], atomic: false, now: t0)
        #expect(tap.failure?.code == "tabs_in_use")
        #expect(tree.snapshot() == before)
    }

    @Test func rule14_setSelectedTabSwitchesAsSelectedIndexDoesWithoutADelegateCall() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setSelectedTab", ["identifier": "search"])])
        #expect(
            containment(events) == [
                "find.viewWillAppear", "feed.viewWillDisappear", "list.viewWillDisappear", "find.viewIsAppearing", "feed.viewDidDisappear",
                "list.viewDidDisappear", "find.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "search")
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 1)
        // Code may select a disabled tab: only the user cannot.
        _ = tree.run([call("tabs", "setSelectedTab", ["identifier": "settings"])])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "settings")
    }

    @Test func rule14_aTapOnATabAsksShouldSelectTabSwitchesThenTellsDidSelectTab() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "tapTab", ["identifier": "search"])])
        #expect(
            withArgs(events) == [
                "tabs.shouldSelectTab result=true,tab=\"search\"", "find.viewWillAppear animated=false",
                "feed.viewWillDisappear animated=false", "list.viewWillDisappear animated=false", "find.viewIsAppearing animated=false",
                "feed.viewDidDisappear animated=false", "list.viewDidDisappear animated=false", "find.viewDidAppear animated=false",
                "tabs.didSelectTab previousTab=\"home\",selectedTab=\"search\"",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "search")
    }

    @Test func rule14_shouldSelectTabFalseKeepsTheSelection() throws {
        let tree = try tabTree(ControllerAnswers(tabBarControllerDelegate: true, shouldSelectTab: false))
        let events = tree.run([call("tabs", "tapTab", ["identifier": "search"])])
        #expect(withArgs(events) == ["tabs.shouldSelectTab result=false,tab=\"search\""])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "home")
    }

    @Test func rule14_aTapWithoutADelegateSwitchesWithNoDelegateEvent() throws {
        let tree = try tabTree(ControllerAnswers())
        let events = tree.run([call("tabs", "tapTab", ["identifier": "search"])])
        #expect(containment(events).first == "find.viewWillAppear")
        #expect(!events.contains { $0.callback?.contains("SelectTab") == true })
    }

    /// A tap on the selected tab pops its navigation controller to the root (rule 36) and tells
    /// the delegate the tab was selected again.
    @Test func rule14_aTapOnTheSelectedTabPopsItsNavigationControllerToTheRoot() throws {
        let tree = try tabTree()
        _ = tree.run([call("feed", "pushViewController", ["viewController": "post", "animated": false])])
        let events = tree.run([call("tabs", "tapTab", ["identifier": "home"])])
        #expect(
            containment(events) == [
                "tabs.shouldSelectTab", "post.willMove(nil)", "post.viewWillDisappear", "list.viewWillAppear", "tabs.didSelectTab",
                "list.viewIsAppearing",
            ])
        #expect(events.last { $0.callback == "didSelectTab" }?.args["previousTab"] == .string("home"))
        #expect(containment(tree.advance(to: t0 + 1)) == ["post.viewDidDisappear", "list.viewDidAppear", "post.didMove(nil)"])
    }

    @Test func rule14_aDisabledOrHiddenTabCannotBeTapped() throws {
        let tree = try tabTree()
        let disabled = tree.perform([call("tabs", "tapTab", ["identifier": "settings"])], atomic: false, now: t0)
        #expect(disabled.failure?.code == "tab_disabled")
        #expect(disabled.events.isEmpty)
        _ = tree.run([call("tabs", "setTabs", ["tabs": [tab("home", "feed"), tab("search", "find", hidden: true)]])])
        let hidden = tree.perform([call("tabs", "tapTab", ["identifier": "search"])], atomic: false, now: t0)
        #expect(hidden.failure?.code == "tab_hidden")
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "home")
        _ = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(tree.perform([call("tabs", "tapTab", ["identifier": "home"])], atomic: false, now: t0).failure?.code == "not_on_screen")
    }

    @Test func rule14_badTabsAreRefusedAndChangeNothing() throws {
        let tree = try tabTree()
        let before = tree.snapshot()
        let refusals: [(RawCall, String)] = [
            (call("tabs", "setTabs", ["tabs": [tab("home", "feed"), tab("home", "find")]]), "calls[0].args.tabs[1].identifier"),
            (call("tabs", "setTabs", ["tabs": [tab("home", "feed"), tab("other", "feed")]]), "calls[0].args.tabs[1].viewController"),
            (call("tabs", "setTabs", ["tabs": [tab("home", "nobody")]]), "calls[0].args.tabs[0].viewController"),
            (call("tabs", "setTabs", ["tabs": [.object(["identifier": "x", "viewController": "feed", "badge": "1"])]]), "calls[0].args.tabs[0].badge"),
            (call("tabs", "setSelectedTab", ["identifier": "nowhere"]), "calls[0].args.identifier"),
            (call("tabs", "tapTab", ["identifier": "nowhere"]), "calls[0].args.identifier"),
        ]
        for (refused, field) in refusals {
            let outcome = tree.perform([refused], atomic: false, now: t0)
            #expect(outcome.failure?.field == field)
            #expect(outcome.events.isEmpty)
        }
        #expect(tree.snapshot() == before)
        let plain = try visibleTree(root: ControllerSpec(id: "bar", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a")]))
        #expect(plain.perform([call("bar", "setSelectedTab", ["identifier": "a"])], atomic: false, now: t0).failure?.field == "calls[0].args.identifier")
        #expect(throws: ContainmentError.self) {
            _ = try visibleTree(root: ControllerSpec(id: "bar", kind: .tabBarController, answers: ControllerAnswers(shouldSelectTab: false)))
        }
        #expect(throws: ContainmentError.self) {
            _ = try visibleTree(
                root: ControllerSpec(
                    id: "bar", kind: .tabBarController, tabs: [TabSpec(identifier: "a", viewController: ControllerSpec(id: "a"))], selectedTab: "b"))
        }
    }

    @Test func rule14_aPatchSetsTabsAndSelectsATab() throws {
        let tree = try tabTree()
        let events = try tree.updateController(
            "tabs",
            ControllerPatch(tabs: [Tab(identifier: "home", viewController: "feed"), Tab(identifier: "more", viewController: "extra")], selectedTab: "more"),
            now: t0)
        #expect(
            containment(events) == [
                "prefs.willMove(nil)", "find.willMove(nil)", "extra.willMove(tabs)", "prefs.didMove(nil)", "find.didMove(nil)",
                "extra.didMove(tabs)", "extra.viewWillAppear", "feed.viewWillDisappear", "list.viewWillDisappear", "extra.viewIsAppearing",
                "feed.viewDidDisappear", "list.viewDidDisappear", "extra.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "more")
        #expect(tree.snapshot().controllers["tabs"]?.tabs?.map(\.viewController) == ["feed", "extra"])
    }

    @Test func rule14_aTabWhoseControllerLeavesTheTabBarLeavesTheTabs() throws {
        let tree = try tabTree()
        _ = tree.run([call("find", "removeFromParent")])
        #expect(tree.snapshot().controllers["tabs"]?.tabs?.map(\.identifier) == ["home", "settings"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "home")
    }
}
