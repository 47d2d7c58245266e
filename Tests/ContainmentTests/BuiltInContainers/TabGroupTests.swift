import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "Tab groups": iOS 18's `UITabGroup` — children selected
/// through their groups, and a managing navigation controller whose stack the tab bar
/// controller builds from the selected tabs' controllers.
@Suite struct TabGroupTests {
    /// A visible tab bar controller with a delegate and the tabs: home (`list`); the group
    /// library (`shelf`, managed by `libraryNav`, default child albums) with recent
    /// (`recentVC`), shared (no controller) and the group albums (`albumsVC`) with favorites
    /// (`favoritesVC`) and trips (`tripsVC`); the unmanaged group browse (`browseVC`) with
    /// b1 (`b1VC`). `extra` is detached.
    func groupTree(_ answers: ControllerAnswers = ControllerAnswers(tabBarControllerDelegate: true), selectedTab: String? = nil) throws
        -> ContainmentTree
    {
        let tree = try ContainmentTree(
            id: "groups",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController, answers: answers,
                tabs: [
                    TabSpec(identifier: "home", viewController: ControllerSpec(id: "list")),
                    TabSpec(
                        identifier: "library", viewController: ControllerSpec(id: "shelf"),
                        children: [
                            TabSpec(identifier: "recent", viewController: ControllerSpec(id: "recentVC")),
                            TabSpec(identifier: "shared", viewController: nil),
                            TabSpec(
                                identifier: "albums", viewController: ControllerSpec(id: "albumsVC"),
                                children: [
                                    TabSpec(identifier: "favorites", viewController: ControllerSpec(id: "favoritesVC")),
                                    TabSpec(identifier: "trips", viewController: ControllerSpec(id: "tripsVC")),
                                ]),
                        ], defaultChildIdentifier: "albums",
                        managingNavigationController: ControllerSpec(id: "libraryNav", kind: .navigationController)),
                    TabSpec(
                        identifier: "browse", viewController: ControllerSpec(id: "browseVC"),
                        children: [TabSpec(identifier: "b1", viewController: ControllerSpec(id: "b1VC"))]),
                ], selectedTab: selectedTab),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "extra"), now: t0)
        return tree
    }

    func withArgs(_ events: [Event]) -> [String] {
        events.filter { !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains($0.callback ?? "") }.map(lineWithArgs)
    }

    func tab(_ identifier: String, _ controller: String?, children: [JSONValue]? = nil, extra: [String: JSONValue] = [:]) -> JSONValue {
        var object: [String: JSONValue] = ["identifier": .string(identifier)]
        if let controller { object["viewController"] = .string(controller) }
        if let children { object["children"] = .array(children) }
        return .object(object.merging(extra) { $1 })
    }

    func stack(_ tree: ContainmentTree, _ navigation: String = "libraryNav") -> [String] {
        tree.snapshot().controllers[navigation]?.viewControllers ?? []
    }

    @Test func rule14_aGroupsRootTabShowsItsManagingNavigationControllerAndTheSnapshotShowsTheGroup() throws {
        let tree = try groupTree()
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.viewControllers == ["list", "libraryNav", "browseVC"])
        #expect(tabs.selectedTab == "home")
        let library = try #require(tabs.tabs?[1])
        #expect(library.viewController == "shelf")
        #expect(library.managingNavigationController == "libraryNav")
        #expect(library.defaultChildIdentifier == "albums")
        #expect(library.selectedChild == nil)
        #expect(library.children?.map(\.identifier) == ["recent", "shared", "albums"])
        #expect(library.children?[1].viewController == nil)
        #expect(library.children?[2].children?.map(\.identifier) == ["favorites", "trips"])
        #expect(stack(tree).isEmpty)
        // Apple's `parent` and `managingTabGroup` (the root-most group above with a managing navigation controller).
        #expect(library.parent == nil && library.managingTabGroup == nil)
        #expect(library.children?[2].parent == "library" && library.children?[2].managingTabGroup == "library")
        #expect(library.children?[2].children?[1].parent == "albums" && library.children?[2].children?[1].managingTabGroup == "library")
        #expect(tabs.tabs?[2].children?[0].parent == "browse" && tabs.tabs?[2].children?[0].managingTabGroup == nil)
    }

    @Test func rule14_selectingADescendantBuildsTheManagedStackThenSwitchesToItsRootTab() throws {
        let tree = try groupTree()
        let events = tree.run([call("tabs", "setSelectedTab", ["identifier": "trips"])])
        #expect(
            withArgs(events) == [
                #"tabs.displayedViewControllersFor proposedViewControllers=["shelf"],result=["shelf"],tab="library""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["albumsVC"],result=["albumsVC"],tab="albums""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["tripsVC"],result=["tripsVC"],tab="trips""#,
                #"shelf.willMove parent="libraryNav""#, #"albumsVC.willMove parent="libraryNav""#, #"tripsVC.willMove parent="libraryNav""#,
                #"shelf.didMove parent="libraryNav""#, #"albumsVC.didMove parent="libraryNav""#, #"tripsVC.didMove parent="libraryNav""#,
                "libraryNav.viewWillAppear animated=false", "tripsVC.viewWillAppear animated=false", "list.viewWillDisappear animated=false",
                "libraryNav.viewIsAppearing animated=false", "tripsVC.viewIsAppearing animated=false", "list.viewDidDisappear animated=false",
                "libraryNav.viewDidAppear animated=false", "tripsVC.viewDidAppear animated=false",
            ])
        #expect(stack(tree) == ["shelf", "albumsVC", "tripsVC"])
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.selectedTab == "trips")
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.tabs?[1].selectedChild == "albums")
        #expect(tabs.tabs?[1].children?[2].selectedChild == "trips")
    }

    @Test func rule14_tappingADescendantInTheShownGroupRebuildsTheStackWithRule13sCallbacks() throws {
        let tree = try groupTree(selectedTab: "trips")
        let events = tree.run([call("tabs", "tapTab", ["identifier": "recent"])])
        #expect(
            withArgs(events) == [
                #"tabs.shouldSelectTab result=true,tab="recent""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["shelf"],result=["shelf"],tab="library""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["recentVC"],result=["recentVC"],tab="recent""#,
                "tripsVC.willMove parent=null", "albumsVC.willMove parent=null", #"recentVC.willMove parent="libraryNav""#,
                "tripsVC.viewWillDisappear animated=false", "recentVC.viewWillAppear animated=false",
                #"tabs.didSelectTab previousTab="trips",selectedTab="recent""#,
                "recentVC.viewIsAppearing animated=false", "tripsVC.viewDidDisappear animated=false", "recentVC.viewDidAppear animated=false",
                "tripsVC.didMove parent=null", "albumsVC.didMove parent=null", #"recentVC.didMove parent="libraryNav""#,
            ])
        #expect(stack(tree) == ["shelf", "recentVC"])
    }

    @Test func rule14_selectingAGroupSelectsItsSelectedChildElseItsDefaultChildElseItsFirst() throws {
        let tree = try groupTree()
        // library's default child is albums, which has none: its first, favorites.
        _ = tree.run([call("tabs", "setSelectedTab", ["identifier": "library"])])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "favorites")
        #expect(stack(tree) == ["shelf", "albumsVC", "favoritesVC"])
        _ = tree.run([call("tabs", "setSelectedTab", ["identifier": "recent"]), call("tabs", "setSelectedTab", ["identifier": "home"])])
        // Selected again, library selects its selected child.
        let events = tree.run([call("tabs", "setSelectedTab", ["identifier": "library"])])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "recent")
        #expect(containment(events).starts(with: ["tabs.displayedViewControllersFor", "tabs.displayedViewControllersFor", "libraryNav.viewWillAppear"]))
    }

    @Test func rule14_controllersPushedAboveTheLeafStayInTheLeafsProposedViewControllers() throws {
        let tree = try groupTree(selectedTab: "trips")
        _ = tree.run([call("libraryNav", "pushViewController", ["viewController": "extra", "animated": false]), call("window", "runLoop")])
        let events = tree.run([call("tabs", "tapTab", ["identifier": "trips"])])
        #expect(
            withArgs(events) == [
                #"tabs.shouldSelectTab result=true,tab="trips""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["shelf"],result=["shelf"],tab="library""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["albumsVC"],result=["albumsVC"],tab="albums""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["tripsVC" "extra"],result=["tripsVC" "extra"],tab="trips""#,
                #"tabs.didSelectTab previousTab="trips",selectedTab="trips""#,
            ])
        #expect(stack(tree) == ["shelf", "albumsVC", "tripsVC", "extra"])
    }

    @Test func rule14_theDelegatesDisplayedViewControllersReplaceATabsControllersInTheStack() throws {
        let tree = try groupTree(ControllerAnswers(tabBarControllerDelegate: true, displayedViewControllers: ["albums": [], "trips": ["extra", "tripsVC"]]))
        let events = tree.run([call("tabs", "setSelectedTab", ["identifier": "trips"])])
        #expect(
            withArgs(events).prefix(3) == [
                #"tabs.displayedViewControllersFor proposedViewControllers=["shelf"],result=["shelf"],tab="library""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["albumsVC"],result=[],tab="albums""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["tripsVC"],result=["extra" "tripsVC"],tab="trips""#,
            ])
        #expect(stack(tree) == ["shelf", "extra", "tripsVC"])
    }

    @Test func rule14_withoutADelegateTheStackIsEachTabsControllerAndNoDelegateEventIsReported() throws {
        let tree = try groupTree(ControllerAnswers())
        let events = tree.run([call("tabs", "tapTab", ["identifier": "shared"])])
        #expect(!containment(events).contains { $0.hasPrefix("tabs.") })
        // shared has no controller: the stack skips it.
        #expect(stack(tree) == ["shelf"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "shared")
    }

    @Test func rule14_inAGroupWithoutAManagingNavigationControllerOnlySelectedTabAndDidSelectTabChange() throws {
        let tree = try groupTree(selectedTab: "browse")
        let events = tree.run([call("tabs", "tapTab", ["identifier": "b1"])])
        #expect(withArgs(events) == [#"tabs.shouldSelectTab result=true,tab="b1""#, #"tabs.didSelectTab previousTab="b1",selectedTab="b1""#])
        let code = tree.run([call("tabs", "setSelectedTab", ["identifier": "b1"])])
        #expect(code.isEmpty)
        #expect(tree.snapshot().controllers["b1VC"]?.parent == nil)
        #expect(tree.appearance("browseVC") == .appeared)
    }

    @Test func rule14_aTabBarSwitchIntoAnUnmanagedGroupShowsTheGroupsController() throws {
        let tree = try groupTree()
        let events = tree.run([call("tabs", "tapTab", ["identifier": "b1"])])
        #expect(
            withArgs(events) == [
                #"tabs.shouldSelectTab result=true,tab="b1""#, "browseVC.viewWillAppear animated=false", "list.viewWillDisappear animated=false",
                "browseVC.viewIsAppearing animated=false", "list.viewDidDisappear animated=false", "browseVC.viewDidAppear animated=false",
                #"tabs.didSelectTab previousTab="home",selectedTab="b1""#,
            ])
    }

    @Test func rule14_theRootMostManagingNavigationControllerBuildsTheStack() throws {
        let tree = try groupTree()
        _ = try tree.createController(ControllerSpec(id: "innerNav", kind: .navigationController), now: t0)
        let before = try #require(tree.snapshot().controllers["tabs"]?.tabs)
        var tabs = before.map(\.json)
        guard case .object(var library) = tabs[1], case .array(var children) = library["children"], case .object(var albums) = children[2]
        else { Issue.record("no library group"); return }
        albums["managingNavigationController"] = "innerNav"
        children[2] = .object(albums)
        library["children"] = .array(children)
        tabs[1] = .object(library)
        _ = tree.run([call("tabs", "setTabs", ["tabs": .array(tabs), "animated": false]), call("tabs", "setSelectedTab", ["identifier": "trips"])])
        #expect(stack(tree) == ["shelf", "albumsVC", "tripsVC"])
        #expect(stack(tree, "innerNav").isEmpty)
        let trips = tree.snapshot().controllers["tabs"]?.tabs?[1].children?[2].children?[1]
        #expect(trips?.managingTabGroup == "library")
    }

    @Test func rule14_aDisabledOrHiddenGroupCannotHaveItsChildrenTapped() throws {
        let tree = try groupTree()
        let before = try #require(tree.snapshot().controllers["tabs"]?.tabs)
        var tabs = before.map(\.json)
        guard case .object(var browse) = tabs[2] else { return }
        browse["isEnabled"] = false
        tabs[2] = .object(browse)
        _ = tree.run([call("tabs", "setTabs", ["tabs": .array(tabs), "animated": false])])
        let snapshot = tree.snapshot()
        let tap = tree.perform([call("tabs", "tapTab", ["identifier": "b1"])], atomic: false, now: t0)
        #expect(tap.failure?.code == "tab_disabled")
        #expect(tap.events.isEmpty)
        #expect(tree.snapshot() == snapshot)
    }

    @Test func rule14_badTabGroupsAreRefusedAndChangeNothing() throws {
        let tree = try groupTree()
        _ = try tree.createController(ControllerSpec(id: "plain"), now: t0)
        let before = tree.snapshot()
        let cases: [(JSONValue, String)] = [
            (tab("g", "extra", children: [tab("g", nil)]), "tabs[0].children[0].identifier"),
            (tab("g", "extra", children: [tab("a", nil)], extra: ["selectedChild": "b"]), "tabs[0].selectedChild"),
            (tab("g", "extra", children: [tab("a", nil)], extra: ["defaultChildIdentifier": "b"]), "tabs[0].defaultChildIdentifier"),
            (tab("g", "extra", extra: ["selectedChild": "a"]), "tabs[0].selectedChild"),
            (tab("g", "extra", children: [], extra: ["managingNavigationController": "plain"]), "tabs[0].managingNavigationController"),
            (tab("g", nil, children: []), "tabs[0].viewController"),
            (tab("g", "extra", children: [tab("a", "extra")]), "tabs[0].children[0].viewController"),
            (tab("g", "extra", children: [tab("a", "missing")]), "tabs[0].children[0].viewController"),
        ]
        for (bad, field) in cases {
            let result = tree.perform([call("tabs", "setTabs", ["tabs": [bad], "animated": false])], atomic: false, now: t0)
            #expect(result.failure?.field?.hasSuffix(field) == true, "\(bad): \(result.failure?.field ?? "accepted")")
            #expect(result.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
    }

    @Test func rule14_tabsNestAtMostTabMaximumDepthDeep() throws {
        let tree = try groupTree()
        func nested(_ depth: Int) -> JSONValue {
            var tab = self.tab("t\(depth)", depth == 1 ? "extra" : nil)
            for level in stride(from: depth - 1, through: 1, by: -1) {
                tab = self.tab("t\(level)", level == 1 ? "extra" : nil, children: [tab])
            }
            return tab
        }
        let deepest = tree.perform([call("tabs", "setTabs", ["tabs": [nested(Tab.maximumDepth)], "animated": false])], atomic: false, now: t0)
        #expect(deepest.failure == nil)
        let before = tree.snapshot()
        let tooDeep = tree.perform([call("tabs", "setTabs", ["tabs": [nested(Tab.maximumDepth + 1)], "animated": false])], atomic: false, now: t0)
        #expect(tooDeep.failure?.message.contains("nest at most \(Tab.maximumDepth) deep") == true)
        #expect(tree.snapshot() == before)
    }

    @Test func rule14_displayedViewControllersIsTheDelegatesAnswer() throws {
        #expect(throws: ContainmentError.self) {
            try ContainmentTree(
                id: "bad", root: ControllerSpec(id: "tabs", kind: .tabBarController, answers: ControllerAnswers(displayedViewControllers: ["a": []])),
                now: t0)
        }
    }

    @Test func rule14_aPatchSetsTabGroupsAndSelectsADescendant() throws {
        let tree = try groupTree()
        _ = try tree.createController(ControllerSpec(id: "nav2", kind: .navigationController), now: t0)
        _ = try tree.createController(ControllerSpec(id: "leaf"), now: t0)
        let group = Tab(
            identifier: "g", viewController: "extra", children: [Tab(identifier: "l", viewController: "leaf")], managingNavigationController: "nav2")
        _ = try tree.updateController(
            "tabs", ControllerPatch(tabs: [Tab(identifier: "home", viewController: "list"), group], selectedTab: "l"), now: t0)
        #expect(tree.snapshot().controllers["tabs"]?.viewControllers == ["list", "nav2"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "l")
        #expect(stack(tree, "nav2") == ["extra", "leaf"])
        #expect(tree.appearance("leaf") == .appeared)
    }

    @Test func rule14_aSpecsGroupsBuildAsTheirCallsDo() throws {
        let spec = try groupTree(selectedTab: "favorites")
        let calls = try groupTree()
        _ = calls.run([call("tabs", "setSelectedTab", ["identifier": "favorites"])])
        #expect(spec.snapshot().controllers["tabs"]?.tabs == calls.snapshot().controllers["tabs"]?.tabs)
        #expect(stack(spec) == stack(calls))
        #expect(spec.appearance("favoritesVC") == .appeared)
    }

    @Test func rule14_tabsWhoseFirstTabIsAManagedGroupBuildItsStackAfterTheExchange() throws {
        let tree = try ContainmentTree(
            id: "first",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                tabs: [
                    TabSpec(
                        identifier: "library", viewController: ControllerSpec(id: "shelf"),
                        children: [TabSpec(identifier: "recent", viewController: ControllerSpec(id: "recentVC"))],
                        managingNavigationController: ControllerSpec(id: "libraryNav", kind: .navigationController))
                ]),
            now: t0)
        #expect(stack(tree) == ["shelf", "recentVC"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "recent")
        #expect(tree.appearance("recentVC") == .appeared)
        #expect(tree.appearance("shelf") != .appeared)
    }

    @Test func rule14_selectedIndexSelectsAGroupsRootTabAsSelectedTabDoes() throws {
        let tree = try groupTree()
        let events = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        #expect(
            containment(events) == [
                "tabs.displayedViewControllersFor", "tabs.displayedViewControllersFor", "tabs.displayedViewControllersFor", "shelf.willMove(libraryNav)",
                "albumsVC.willMove(libraryNav)", "favoritesVC.willMove(libraryNav)", "shelf.didMove(libraryNav)", "albumsVC.didMove(libraryNav)",
                "favoritesVC.didMove(libraryNav)", "libraryNav.viewWillAppear", "favoritesVC.viewWillAppear", "list.viewWillDisappear",
                "libraryNav.viewIsAppearing", "favoritesVC.viewIsAppearing", "list.viewDidDisappear", "libraryNav.viewDidAppear", "favoritesVC.viewDidAppear",
            ])
        #expect(stack(tree) == ["shelf", "albumsVC", "favoritesVC"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "favorites")
        #expect(tree.snapshot().controllers["tabs"]?.tabs?[1].selectedChild == "albums")
    }

    @Test func rule14_aHiddenTabsDescendantCannotBeTapped() throws {
        let tree = try groupTree()
        var tabs = try #require(tree.snapshot().controllers["tabs"]?.tabs)
        tabs[1].children?[2].isHidden = true
        _ = tree.run([call("tabs", "setTabs", ["tabs": .array(tabs.map(\.json)), "animated": false])])
        let before = tree.snapshot()
        let tap = tree.perform([call("tabs", "tapTab", ["identifier": "trips"])], atomic: false, now: t0)
        #expect(tap.failure?.code == "tab_hidden")
        #expect(tap.events.isEmpty)
        #expect(tree.snapshot() == before)
        let code = tree.perform([call("tabs", "setSelectedTab", ["identifier": "trips"])], atomic: false, now: t0)
        #expect(code.failure == nil)
    }

    @Test func rule14_aTapOnTheSelectedManagedGroupsRootTabPopsItsNavigationControllerAndKeepsSelectedTab() throws {
        let tree = try groupTree(selectedTab: "trips")
        let events = tree.run([call("tabs", "tapTab", ["identifier": "library"]), call("window", "runLoop")])
        #expect(containment(events).first == "tabs.shouldSelectTab")
        #expect(!containment(events).contains("tabs.displayedViewControllersFor"))
        #expect(withArgs(events).contains(#"tabs.didSelectTab previousTab="trips",selectedTab="trips""#))
        #expect(stack(tree) == ["shelf"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "trips")
    }
}
