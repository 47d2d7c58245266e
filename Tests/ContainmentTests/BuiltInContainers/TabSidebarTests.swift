import Foundation
import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "The sidebar": iOS 18's `mode`, `sidebar.isHidden` and
/// `compactTabIdentifiers`, which change what the tab bar shows but not which tab is selected
/// nor any controller's appearance; the sidebar delegate's `sidebarVisibilityWillChange`.
@Suite struct TabSidebarTests {
    static let regular = TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular)

    /// A visible tab bar controller with both delegates and the tabs: home (`list`), the group
    /// library (`shelf`, managed by `libraryNav`) with recent (`recentVC`) and trips
    /// (`tripsVC`), and search (`find`); `groups: false` leaves library's children out.
    func sidebarTree(
        configuration: TreeConfiguration = regular, groups: Bool = true, mode: TabBarMode? = nil, sidebar: TabBarSidebar? = nil,
        compactTabIdentifiers: [String]? = nil, selectedTab: String? = nil
    ) throws -> ContainmentTree {
        var root = ControllerSpec(
            id: "tabs", kind: .tabBarController,
            answers: ControllerAnswers(tabBarControllerDelegate: true, tabBarControllerSidebarDelegate: true),
            tabs: [
                TabSpec(identifier: "home", viewController: ControllerSpec(id: "list")),
                groups
                    ? TabSpec(
                        identifier: "library", viewController: ControllerSpec(id: "shelf"),
                        children: [
                            TabSpec(identifier: "recent", viewController: ControllerSpec(id: "recentVC")),
                            TabSpec(identifier: "trips", viewController: ControllerSpec(id: "tripsVC")),
                        ],
                        managingNavigationController: ControllerSpec(id: "libraryNav", kind: .navigationController))
                    : TabSpec(identifier: "library", viewController: ControllerSpec(id: "shelf")),
                TabSpec(identifier: "search", viewController: ControllerSpec(id: "find")),
            ], selectedTab: selectedTab)
        root.mode = mode
        root.sidebar = sidebar
        root.compactTabIdentifiers = compactTabIdentifiers
        return try ContainmentTree(id: "sidebar", configuration: configuration, root: root, now: t0)
    }

    func withArgs(_ events: [Event]) -> [String] {
        events.filter { !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains($0.callback ?? "") }.map(lineWithArgs)
    }

    @Test func rule14_aTabBarControllersSnapshotShowsItsModeAndSidebar() throws {
        let tree = try sidebarTree()
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.mode == .automatic)
        #expect(tabs.sidebar == TabBarSidebar(isHidden: true))
        #expect(tabs.compactTabIdentifiers == nil)
        #expect(tree.snapshot().controllers["list"]?.mode == nil)
    }

    @Test func rule14_showingAndHidingTheSidebarTellsItsDelegateAndNothingElse() throws {
        let tree = try sidebarTree(selectedTab: "trips")
        let shown = tree.run([call("tabs", "sidebar.setHidden", ["hidden": false])])
        #expect(withArgs(shown) == ["tabs.sidebarVisibilityWillChange isHidden=false"])
        #expect(tree.snapshot().controllers["tabs"]?.sidebar == TabBarSidebar(isHidden: false))
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "trips")
        #expect(tree.snapshot().views["tripsVC.view"]?.frame == Rect(x: 0, y: 44, width: 1024, height: 768 - 49 - 44))
        let again = tree.run([call("tabs", "sidebar.setHidden", ["hidden": false])])
        #expect(again.isEmpty)
        let hidden = tree.run([call("tabs", "sidebar.setHidden", ["hidden": true])])
        #expect(withArgs(hidden) == ["tabs.sidebarVisibilityWillChange isHidden=true"])
    }

    @Test func rule14_theSidebarDelegateHearsNothingInACompactWidth() throws {
        let tree = try sidebarTree(configuration: TreeConfiguration())
        let events = tree.run([call("tabs", "sidebar.setHidden", ["hidden": false])])
        #expect(events.isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.sidebar == TabBarSidebar(isHidden: false))
    }

    @Test func rule14_modeTabBarHasNoSidebarAndAutomaticOneOnlyWithATabGroup() throws {
        let tabBarMode = try sidebarTree(mode: .tabBar)
        #expect(tabBarMode.run([call("tabs", "sidebar.setHidden", ["hidden": false])]).isEmpty)
        let withoutGroups = try sidebarTree(groups: false)
        #expect(withoutGroups.run([call("tabs", "sidebar.setHidden", ["hidden": false])]).isEmpty)
        _ = withoutGroups.run([call("tabs", "setMode", ["mode": "tabSidebar"])])
        #expect(withoutGroups.snapshot().controllers["tabs"]?.mode == .tabSidebar)
        let events = withoutGroups.run([call("tabs", "sidebar.setHidden", ["hidden": true])])
        #expect(withArgs(events) == ["tabs.sidebarVisibilityWillChange isHidden=true"])
    }

    @Test func rule14_tappingAGroupsTabInTheShownSidebarBuildsTheManagedStackAsATapDoes() throws {
        let tree = try sidebarTree(sidebar: TabBarSidebar(isHidden: false))
        let events = tree.run([call("tabs", "tapTab", ["identifier": "trips"])])
        #expect(
            withArgs(events) == [
                #"tabs.shouldSelectTab result=true,tab="trips""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["shelf"],result=["shelf"],tab="library""#,
                #"tabs.displayedViewControllersFor proposedViewControllers=["tripsVC"],result=["tripsVC"],tab="trips""#,
                #"shelf.willMove parent="libraryNav""#, #"tripsVC.willMove parent="libraryNav""#,
                #"shelf.didMove parent="libraryNav""#, #"tripsVC.didMove parent="libraryNav""#,
                "libraryNav.viewWillAppear animated=false", "tripsVC.viewWillAppear animated=false", "list.viewWillDisappear animated=false",
                "libraryNav.viewIsAppearing animated=false", "tripsVC.viewIsAppearing animated=false", "list.viewDidDisappear animated=false",
                "libraryNav.viewDidAppear animated=false", "tripsVC.viewDidAppear animated=false",
                #"tabs.didSelectTab previousTab="home",selectedTab="trips""#,
            ])
        #expect(tree.snapshot().controllers["libraryNav"]?.viewControllers == ["shelf", "tripsVC"])
        #expect(tree.snapshot().controllers["tabs"]?.sidebar == TabBarSidebar(isHidden: false))
    }

    @Test func rule14_aSizeClassChangeWithTheSidebarShownKeepsTheSelectionAndSendsNoAppearanceCallback() throws {
        let tree = try sidebarTree(sidebar: TabBarSidebar(isHidden: false), selectedTab: "trips")
        let compact = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844], "horizontalSizeClass": "compact"])])
        let regular = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        // The traits' and size's callbacks (rules 30 and 18) and a layout, as without a sidebar: no
        // appearance, containment, selection or sidebar callback.
        let expected = [
            "tabs.willTransition", "list.willTransition", "libraryNav.willTransition", "shelf.willTransition", "tripsVC.willTransition",
            "find.willTransition", "tabs.viewWillTransition", "libraryNav.viewWillTransition", "tripsVC.viewWillTransition",
            "tabs.traitCollectionDidChange", "list.traitCollectionDidChange", "libraryNav.traitCollectionDidChange",
            "shelf.traitCollectionDidChange", "tripsVC.traitCollectionDidChange", "find.traitCollectionDidChange",
            "tabs.viewWillLayoutSubviews", "tabs.viewDidLayoutSubviews", "libraryNav.viewWillLayoutSubviews",
            "libraryNav.viewDidLayoutSubviews", "tripsVC.viewWillLayoutSubviews", "tripsVC.viewDidLayoutSubviews",
        ]
        for events in [compact, regular] {
            #expect(events.map { "\($0.controller ?? "-").\($0.callback ?? "?")" } == expected)
        }
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.selectedTab == "trips")
        #expect(tabs.sidebar == TabBarSidebar(isHidden: false))
        #expect(tree.snapshot().controllers["libraryNav"]?.viewControllers == ["shelf", "tripsVC"])
        #expect(tree.appearance("tripsVC") == .appeared)
    }

    @Test func rule14_compactTabIdentifiersLeaveTheOtherRootTabsOutOfACompactTabBar() throws {
        let tree = try sidebarTree(configuration: TreeConfiguration(), compactTabIdentifiers: ["home", "search"])
        let before = tree.snapshot()
        #expect(before.controllers["tabs"]?.compactTabIdentifiers == ["home", "search"])
        for identifier in ["library", "trips"] {
            let outcome = tree.perform([call("tabs", "tapTab", ["identifier": .string(identifier)])], atomic: false, now: t0)
            #expect(outcome.failure?.code == "tab_not_in_compact_tab_bar")
            #expect(outcome.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
        // Code may still select it, and a regular width's tab bar shows every tab.
        _ = tree.run([call("tabs", "setSelectedTab", ["identifier": "trips"])])
        _ = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        _ = tree.run([call("tabs", "tapTab", ["identifier": "recent"])])
        #expect(tree.snapshot().controllers["tabs"]?.selectedTab == "recent")
        _ = tree.run([call("tabs", "setCompactTabIdentifiers", ["identifiers": .null])])
        #expect(tree.snapshot().controllers["tabs"]?.compactTabIdentifiers == nil)
    }

    @Test func rule14_compactTabIdentifiersCountInTheTreesMemoryEstimate() throws {
        let tree = try sidebarTree()
        let before = tree.estimatedBytes
        let identifiers = (0..<1_024).map { "t\($0)-" + String(repeating: "x", count: 58) }
        _ = tree.run([call("tabs", "setCompactTabIdentifiers", ["identifiers": .array(identifiers.map(JSONValue.string))])])
        #expect(tree.estimatedBytes - before >= identifiers.reduce(0) { $0 + $1.utf8.count })
    }

    @Test func rule14_sidebarFieldsAreATabBarControllersAndTheirIdentifiersAreValid() throws {
        let tree = try sidebarTree()
        _ = try tree.createController(ControllerSpec(id: "plain"), now: t0)
        let before = tree.snapshot()
        let refusals: [(String, ControllerPatch, String)] = [
            ("plain", ControllerPatch(mode: .tabSidebar), "mode"),
            ("plain", ControllerPatch(sidebar: TabBarSidebar(isHidden: false)), "sidebar"),
            ("tabs", ControllerPatch(compactTabIdentifiers: .some(["home", "home"])), "compactTabIdentifiers[1]"),
            ("tabs", ControllerPatch(mode: .tabBar, compactTabIdentifiers: .some(["bad id"])), "compactTabIdentifiers[0]"),
            ("tabs", ControllerPatch(compactTabIdentifiers: .some((0...1_024).map { "t\($0)" })), "compactTabIdentifiers"),
            ("plain", ControllerPatch(answers: ControllerAnswersPatch(tabBarControllerSidebarDelegate: .some(true))), "tabBarControllerSidebarDelegate"),
        ]
        for (id, patch, field) in refusals {
            #expect(throws: ContainmentError.self) { _ = try tree.updateController(id, patch, now: t0) }
            do { _ = try tree.updateController(id, patch, now: t0) } catch { #expect(error.field == field) }
            #expect(tree.snapshot() == before)
        }
        var spec = ControllerSpec(id: "other")
        spec.mode = .tabBar
        do {
            _ = try tree.createController(spec, now: t0)
            Issue.record("a plain controller took a mode")
        } catch { #expect(error.field == "mode") }
        let outcome = tree.perform([call("tabs", "setMode", ["mode": "sidebar"])], atomic: false, now: t0)
        #expect(outcome.failure?.field == "calls[0].args.mode")
    }

    @Test func rule14_aSpecsSidebarFieldsBuildTheTreeTheirCallsBuild() throws {
        let declared = try sidebarTree(mode: .tabSidebar, sidebar: TabBarSidebar(isHidden: false), compactTabIdentifiers: ["home"])
        let called = try sidebarTree()
        _ = called.run([
            call("tabs", "setMode", ["mode": "tabSidebar"]), call("tabs", "sidebar.setHidden", ["hidden": false]),
            call("tabs", "setCompactTabIdentifiers", ["identifiers": ["home"]]),
        ])
        #expect(declared.snapshot().controllers["tabs"] == called.snapshot().controllers["tabs"])
        let patched = try sidebarTree()
        _ = try patched.updateController(
            "tabs", ControllerPatch(mode: .tabSidebar, sidebar: TabBarSidebar(isHidden: false), compactTabIdentifiers: .some(["home"])), now: t0)
        #expect(patched.snapshot().controllers["tabs"] == called.snapshot().controllers["tabs"])
        let restored = try ContainmentTree(restoring: JSONDecoder().decode(TreeState.self, from: JSONEncoder().encode(declared.state)))
        #expect(restored.snapshot() == declared.snapshot())
    }
}
