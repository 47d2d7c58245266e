import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "The sidebar": `compactTabIdentifiers` decides which root tabs
/// a compact width's tab bar lays out, so only those count toward More.
@Suite struct CompactTabsMoreTests {
    static let ids = ["t1", "t2", "t3", "t4", "t5", "t6", "t7"]

    /// A visible tab bar controller in a compact width with seven root tabs t1…t7 (controllers
    /// v1…v7), `selectedTab` selected.
    func compactTree(compactTabIdentifiers: [String]? = nil, selectedTab: String? = nil) throws -> ContainmentTree {
        var root = ControllerSpec(
            id: "tabs", kind: .tabBarController,
            tabs: Self.ids.map { TabSpec(identifier: $0, viewController: ControllerSpec(id: "v" + $0.dropFirst())) }, selectedTab: selectedTab)
        root.compactTabIdentifiers = compactTabIdentifiers
        return try ContainmentTree(id: "compact", root: root, now: t0)
    }

    @Test func rule14_tabsCompactTabIdentifiersLeaveOutDoNotCountTowardMore() throws {
        let tree = try compactTree(compactTabIdentifiers: ["t1", "t2", "t3", "t4", "t5"], selectedTab: "t5")
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        // Five tabs in the compact bar: no More, and the fifth is on the bar.
        #expect(tabs.moreNavigationController == nil)
        #expect(tree.snapshot().controllers["v5"]?.parent == "tabs")
    }

    @Test func rule14_theFifthListedTabIsTheFirstOnMore() throws {
        let tree = try compactTree(compactTabIdentifiers: ["t1", "t3", "t4", "t5", "t6", "t7"])
        let events = tree.run([call("tabs", "setSelectedTab", ["identifier": "t6"])])
        #expect(containment(events).first == "v6.didMove(nil)")
        #expect(tree.snapshot().controllers["tabs"]?.moreNavigationController?.viewControllers == ["v6"])
        #expect(tree.snapshot().controllers["v6"]?.parent == "tabs.more")
        // t5, the fifth tab but the fourth the compact bar lays out, is on the bar.
        _ = tree.run([call("tabs", "setSelectedTab", ["identifier": "t5"])])
        #expect(tree.snapshot().controllers["v5"]?.parent == "tabs")
    }

    @Test func rule14_settingCompactTabIdentifiersMovesTheTabOnMoreToTheBar() throws {
        let tree = try compactTree(selectedTab: "t6")
        #expect(tree.snapshot().controllers["v6"]?.parent == "tabs.more")
        let events = tree.run([call("tabs", "setCompactTabIdentifiers", ["identifiers": ["t1", "t2", "t3", "t6"]])])
        #expect(
            containment(events).filter { $0.contains("Move") || $0.contains("Appear") || $0.contains("Disappear") } == [
                "v6.willMove(nil)", "v6.didMove(nil)", "v6.willMove(tabs)", "v6.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.moreNavigationController == nil)
        #expect(tree.snapshot().views["v6.view"]?.frame == Rect(x: 0, y: 0, width: 390, height: 844 - 49))
        // `null`: every tab counts again, and the selected sixth goes back onto More.
        let back = tree.run([call("tabs", "setCompactTabIdentifiers", ["identifiers": .null])])
        #expect(
            containment(back).filter { $0.contains("Move") || $0.contains("Appear") || $0.contains("Disappear") } == [
                "v6.didMove(nil)", "v6.willMove(tabs.more)", "v6.didMove(tabs.more)",
            ])
        #expect(tree.snapshot().views["v6.view"]?.frame == Rect(x: 0, y: 44, width: 390, height: 844 - 49 - 44))
    }

    @Test func rule14_compactTabIdentifiersEndingASelectedMoreSelectItsTopTab() throws {
        let tree = try compactTree(selectedTab: "t6")
        _ = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        let events = tree.run([call("tabs", "setCompactTabIdentifiers", ["identifiers": ["t1", "t6"]])])
        #expect(containment(events).filter { $0.contains("Appear") || $0.contains("Disappear") }.isEmpty)
        let tabs = try #require(tree.snapshot().controllers["tabs"])
        #expect(tabs.selectedViewController == nil)
        #expect(tabs.selectedIndex == 5)
        #expect(tabs.selectedTab == "t6")
    }
}
