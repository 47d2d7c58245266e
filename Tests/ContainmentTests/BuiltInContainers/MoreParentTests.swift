import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "The More navigation controller": a tab on More's stack is
/// More's child, and hears its moves onto and off More's stack; More's back button pops it.
@Suite struct MoreParentTests {
    /// A visible tab bar controller with tabs a…f (`selected` selected) in a compact width.
    func moreTree(selected: Int = 0) throws -> ContainmentTree {
        try MoreNavigationTests().moreTree(selected: selected)
    }

    @Test func rule14_aTabOnMoresStackHasMoreAsItsParentAndIsNotAChildOfTheTabBar() throws {
        let snapshot = try moreTree(selected: 4).snapshot()
        #expect(snapshot.controllers["e"]?.parent == "tabs.more")
        #expect(snapshot.controllers["tabs"]?.children == ["a", "b", "c", "d", "f"])
        #expect(snapshot.controllers["tabs"]?.viewControllers == ["a", "b", "c", "d", "e", "f"])
        #expect(snapshot.controllers["tabs"]?.selectedIndex == 4)
        #expect(snapshot.controllers["f"]?.parent == "tabs")
    }

    @Test func rule14_moresBackButtonPopsItsTabToTheListAndTheTabBarTakesItBack() throws {
        let tree = try moreTree(selected: 4)
        let events = tree.run([call("tabs", "tapMoreBackButton")])
        #expect(
            containment(events) == [
                "e.willMove(nil)", "e.viewWillDisappear", "e.didMove(nil)", "e.willMove(tabs)", "e.didMove(tabs)", "e.viewDidDisappear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["tabs"]?.moreNavigationController?.viewControllers == [])
        #expect(snapshot.controllers["tabs"]?.selectedViewController == "tabs.more")
        #expect(snapshot.controllers["tabs"]?.selectedIndex == nil)
        #expect(snapshot.controllers["e"]?.parent == "tabs")
        #expect(snapshot.views["tabs.view"]?.subviews == ["tabs.tabBar"])
    }

    @Test func rule14_moresBackButtonIsRefusedWhileMoreShowsNoTab() throws {
        let tree = try moreTree(selected: 5)
        _ = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        let before = tree.snapshot()
        let outcome = tree.perform([call("tabs", "tapMoreBackButton")], atomic: false, now: t0)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(outcome.failure?.field == "calls[0].method")
        #expect(tree.snapshot() == before)
    }

    @Test func rule14_moresBackButtonIsRefusedOnAnotherKind() throws {
        let tree = try moreTree(selected: 4)
        let outcome = tree.perform([call("a", "tapMoreBackButton")], atomic: false, now: t0)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(outcome.failure?.field == "calls[0].method")
    }

    @Test func rule14_aTabRemovedBeforeMoreMovesTheTabOnMoreToTheBar() throws {
        let tree = try moreTree(selected: 4)
        _ = try tree.createController(ControllerSpec(id: "g"), now: t0)
        _ = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["a", "b", "c", "d", "e", "f", "g"]])])
        // `a` leaves: `e`, still selected, is the fourth tab, on the bar.
        let events = tree.run([call("a", "removeFromParent")])
        #expect(containment(events) == ["a.didMove(nil)", "e.willMove(nil)", "e.didMove(nil)", "e.willMove(tabs)", "e.didMove(tabs)"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["e"]?.parent == "tabs")
        #expect(snapshot.controllers["tabs"]?.children == ["b", "c", "d", "e", "f", "g"])
        #expect(snapshot.controllers["tabs"]?.moreNavigationController?.viewControllers == [])
    }

    @Test func rule14_fiveTabsLeftMoveTheTabOnMoreToTheBar() throws {
        let tree = try moreTree(selected: 5)
        let events = tree.run([call("a", "removeFromParent")])
        #expect(containment(events) == ["a.didMove(nil)", "f.willMove(nil)", "f.didMove(nil)", "f.willMove(tabs)", "f.didMove(tabs)"])
        #expect(tree.snapshot().controllers["f"]?.parent == "tabs")
        #expect(tree.snapshot().controllers["tabs"]?.moreNavigationController == nil)
    }

    @Test func rule14_aTabOnMoreRemovedHearsOnlyItsRemoval() throws {
        let tree = try moreTree(selected: 4)
        let events = tree.run([call("e", "willMove", ["toParent": .null]), call("e", "removeFromParent")])
        #expect(containment(events).filter { $0.contains("Move") } == ["e.willMove(nil)", "e.didMove(nil)"])
        #expect(tree.snapshot().controllers["e"]?.parent == nil)
    }

    @Test func rule14_aSpecSelectingATabOnMoreReportsWhatTheCallsReport() throws {
        let declared = try moreTree(selected: 4)
        let called = try moreTree()
        _ = called.run([call("tabs", "setSelectedIndex", ["index": 4])])
        #expect(declared.snapshot().controllers["e"] == called.snapshot().controllers["e"])
        #expect(declared.snapshot().controllers["tabs"] == called.snapshot().controllers["tabs"])
        let moves = try declared.events(after: 0, limit: 1_000).map(lineWithArgs).filter { $0.hasPrefix("e.") && $0.contains("Move") }
        #expect(
            moves == [
                #"e.willMove parent="tabs""#, #"e.didMove parent="tabs""#, "e.didMove parent=null", #"e.willMove parent="tabs.more""#,
                #"e.didMove parent="tabs.more""#,
            ])
    }
}
