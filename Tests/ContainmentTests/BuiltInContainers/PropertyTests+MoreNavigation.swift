import PropertyBased
import Testing

@testable import Containment

/// Random calls on a tab bar controller with More (docs/uikit-rules.md, rule 14, "The More
/// navigation controller"): tabs selected by index, by controller and by tap, More selected,
/// the tabs replaced, the width changed, `customizableViewControllers` set, More's back button
/// tapped.
extension PropertyTests {
    static let moreTabs = ["m1", "m2", "m3", "m4", "m5", "m6", "m7"]

    /// A window showing a tab bar controller `mt` with tabs `m1`…`m6`; `m7` is detached.
    static func makeMoreTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "more",
            root: ControllerSpec(id: "mt", kind: .tabBarController, viewControllers: moreTabs.dropLast().map { ControllerSpec(id: $0) }),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "m7"), now: t0)
        return tree
    }

    static func moreStep(_ number: Int) -> Step {
        let index = (number / 10) % 7
        let flag = (number / 70) % 2 == 0
        let id = JSONValue.string
        switch number % 10 {
        case 0, 1: return .calls([call("mt", "setSelectedIndex", ["index": .number(Double(index))])])
        case 2: return .calls([call("mt", "setSelectedViewController", ["viewController": id(flag ? "mt.more" : moreTabs[index])])])
        case 3: return .calls([call("mt", "tapTabBarItem", ["index": .number(Double(index))])])
        case 4:
            // Seven, six, five or three tabs, rotated: More needed or not, the selection kept or not.
            let count = [7, 6, 5, 3][(number / 140) % 4]
            let tabs = (0..<count).map { id(moreTabs[($0 + index) % 7]) }
            return .calls([call("mt", "setViewControllers", ["viewControllers": .array(tabs), "animated": .bool(flag)])])
        case 5: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 6: return .calls([call(moreTabs[index], "removeFromParent")])
        // More's back button: refused unless More shows a tab on its stack.
        case 7: return .calls([flag ? call("window", "runLoop") : call("mt", "tapMoreBackButton")])
        case 8:
            // One that is not a tab is refused and changes nothing.
            let list: JSONValue = flag ? .array([id(moreTabs[index])]) : .null
            return .calls([call("mt", "setCustomizableViewControllers", ["viewControllers": list])])
        default: return .advance(flag ? 0.2 : 1)
        }
    }

    /// More is there exactly with more than five tabs; its top is one of the tabs from the
    /// fifth on and only in a compact width.
    static func checkMoreInvariants(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) {
        let snapshot = tree.snapshot()
        guard let tabBar = snapshot.controllers["mt"] else { return }
        let tabs = tabBar.viewControllers ?? []
        #expect(tabBar.customizableViewControllers?.allSatisfy(tabs.contains) == true, "customizable not tabs", sourceLocation: sourceLocation)
        #expect((tabBar.moreNavigationController != nil) == (tabs.count > 5), "More with \(tabs.count) tabs", sourceLocation: sourceLocation)
        if let top = tabBar.moreNavigationController?.viewControllers.first {
            #expect(snapshot.window.horizontalSizeClass == .compact, "More's stack in a regular width", sourceLocation: sourceLocation)
            #expect(tabs.dropFirst(4).contains(top), "\(top) on More is not a tab from the fifth on", sourceLocation: sourceLocation)
        }
        // More is the parent of the tab on its stack; the tab bar of the others, which it lists.
        let top = tabBar.moreNavigationController?.viewControllers.first
        for tab in tabs {
            let parent = snapshot.controllers[tab]?.parent
            #expect(parent == (tab == top ? "mt.more" : "mt"), "the parent of the tab \(tab)", sourceLocation: sourceLocation)
        }
        #expect(tabBar.children.allSatisfy(tabs.contains), "\(tabBar.children) are not all tabs", sourceLocation: sourceLocation)
        for child in tabBar.children {
            #expect(snapshot.controllers[child]?.parent == "mt", "the parent of \(child)", sourceLocation: sourceLocation)
        }
        if tabBar.selectedViewController != nil {
            #expect(tabBar.selectedIndex == nil, "More selected with a selectedIndex", sourceLocation: sourceLocation)
            #expect(snapshot.window.horizontalSizeClass == .compact, "More selected in a regular width", sourceLocation: sourceLocation)
        }
        // Shown: More's top while it is selected or holds the selected tab; never a tab from
        // the fifth on that is not More's top, in a compact width.
        if snapshot.window.horizontalSizeClass == .compact, tabs.count > 5, let selected = tabBar.selectedIndex, selected >= 4 {
            #expect(
                tabBar.moreNavigationController?.viewControllers == [tabs[selected]], "the selected \(tabs[selected]) is not on More",
                sourceLocation: sourceLocation)
        }
    }

    static func checkMoreSteps(_ numbers: [Int]) throws {
        let tree = try makeMoreTree()
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers {
            apply(moreStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            checkInvariants(tree)
            checkMoreInvariants(tree)
        }
    }

    @Test func randomMoreNavigationCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...30)) { numbers in
            try Self.checkMoreSteps(numbers)
        }
    }
}

extension PropertyTests {
    /// Found by a soak of `randomMoreNavigationCallsWithOverridesKeepTheInvariants` at scale
    /// 300 (input `[0, 3957673, 990480, 4175920, 9493672]`): More is selected with `m6` on its
    /// stack, and the outgoing `m2`'s `viewWillDisappear` makes the width regular. More goes
    /// and `m6`, its top, becomes the selected tab: the same controller, so no second switch,
    /// and the switch to More goes on and brings its view in (before, it was finished before
    /// the view went in, and `m6` appeared off screen).
    @Test func theWidthTurnedRegularWhileMoreIsSelectedKeepsItsTopComingIn() throws {
        let tree = Self.replay(
            [0, 3_957_673, 990_480, 4_175_920, 9_493_672], on: try Self.makeMoreTree(), cast: Self.moreTabs + ["mt"], step: Self.moreStep,
            atomicBatches: false)
        Self.checkMoreInvariants(tree)
        let m6 = try #require(tree.snapshot().controllers["m6"])
        #expect(m6.appearance == .appeared)
        #expect(m6.view?.superview == "mt.view")
        #expect(tree.snapshot().controllers["mt"]?.selectedIndex == 5)
    }

    /// Found by the same soak (input `[594504, 3284714, 442254, 437514]`): `setViewControllers`
    /// switches from `m1` to `m3`; `m1`'s `viewWillDisappear` selects More, which first lets
    /// the switch to `m3` go, and `m3`'s `viewWillDisappear` then makes the width regular. No
    /// More item is left to select: the selection is refused, and with it the request, so
    /// nothing changes (before, More ended selected in a regular width, no tab shown).
    @Test func moreSelectedInsideATabSwitchWhoseOutgoingTabMakesTheWidthRegular() throws {
        let numbers = [594_504, 3_284_714, 442_254, 437_514]
        let tree = Self.replay(
            Array(numbers.dropLast()), on: try Self.makeMoreTree(), cast: Self.moreTabs + ["mt"], step: Self.moreStep, atomicBatches: false)
        guard case .calls(let calls) = Self.moreStep(numbers[3] % 1_000_000) else { Issue.record("not a call"); return }
        let before = tree.snapshot()
        let outcome = tree.perform(calls, atomic: false, now: t0 + 100)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(outcome.failure?.overrideStack?.map(\.name) == ["m1.viewWillDisappear"])
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
        #expect(before.controllers["mt"]?.selectedIndex == 1)
        #expect(before.window.horizontalSizeClass == .compact)
        Self.checkMoreInvariants(tree)
    }

    /// Found by a soak of `randomMoreNavigationCallsWithOverridesKeepTheInvariants` at scale
    /// 300, where it trapped the process (input `[8142984, 7454089, 3988971, 9259484]`): `m2` is
    /// selected; `m1`'s `viewWillDisappear` selects `m6`, which first lets the switch to `m2`
    /// go, and `m2`'s `viewWillDisappear` removes `m2` from its parent. `m6` moved from index 5
    /// to 4: the selection follows the controller, not the index it had (before, index 5 was
    /// kept past the end of the tabs, and the next switch read past it and trapped).
    @Test func aTabSelectedWhileAnOverrideRemovesAnEarlierTabIsSelectedWhereItNowIs() throws {
        let tree = Self.replay(
            [8_142_984, 7_454_089, 3_988_971, 9_259_484], on: try Self.makeMoreTree(), cast: Self.moreTabs + ["mt"], step: Self.moreStep,
            atomicBatches: false)
        let events = try tree.events(after: 0, limit: 10_000).map(lineWithArgs).filter {
            !$0.contains("Layout") && !$0.contains("loadView") && !$0.contains("viewDidLoad")
        }
        let start = try #require(events.firstIndex(of: "m2.viewWillAppear animated=false"))
        #expect(
            Array(events[start..<(start + 9)]) == [
                "m2.viewWillAppear animated=false", "m1.viewWillDisappear animated=false", "m2.viewWillDisappear animated=false",
                "m2.didMove parent=null", "m6.viewWillAppear animated=false", "m6.viewIsAppearing animated=false",
                "m2.viewDidDisappear animated=false", "m1.viewDidDisappear animated=false", "m6.viewDidAppear animated=false",
            ])
        let mt = try #require(tree.snapshot().controllers["mt"])
        // Then `setViewControllers` drops `m6`: the tab at its index, `m4`, is selected.
        #expect(mt.selectedIndex.map { mt.viewControllers?[$0] } == "m4")
        Self.checkMoreInvariants(tree)
    }

    /// Found by a soak of `randomMoreNavigationCallsWithOverridesKeepTheInvariants` at scale 20
    /// (input `[2233337, 3225051, 5781566, 8515344, 3893250]`): `setViewControllers` adds `m2`,
    /// whose `willMove` override taps a tab; that tab's `viewDidAppear` sets `m7`, `m1`, `m2`.
    /// The override's tabs take the outer call's place (rule 40): it adds no more, tells `m2`
    /// no second `didMove`, and its own list is not written (it was, over children it no
    /// longer had).
    @Test func tabsSetFromInsideAnAddedTabsWillMoveTakeTheOuterSetsPlace() throws {
        let tree = Self.replay(
            [2_233_337, 3_225_051, 5_781_566, 8_515_344, 3_893_250], on: try Self.makeMoreTree(), cast: Self.moreTabs + ["mt"],
            step: Self.moreStep, atomicBatches: false)
        let events = try tree.events(after: 0, limit: 10_000).map(lineWithArgs).filter {
            !$0.contains("Layout") && !$0.contains("loadView") && !$0.contains("viewDidLoad")
        }
        let start = try #require(events.firstIndex(of: "m2.didMove parent=null"))
        #expect(
            Array(events[(start + 1)...]) == [
                "m2.willMove parent=\"mt\"", "mt.shouldSelect result=true,viewController=\"m4\"", "m4.viewWillAppear animated=false",
                "m1.viewWillDisappear animated=false", "m4.viewIsAppearing animated=false", "m1.viewDidDisappear animated=false",
                "m4.viewDidAppear animated=false", "m6.willMove parent=null", "m5.willMove parent=null", "m4.willMove parent=null",
                "m3.willMove parent=null", "m7.willMove parent=\"mt\"", "m2.viewWillAppear animated=false",
                "m4.viewWillDisappear animated=false", "m2.viewIsAppearing animated=false", "m4.viewDidDisappear animated=false",
                "m2.viewDidAppear animated=false", "m6.didMove parent=null", "m5.didMove parent=null", "m4.didMove parent=null",
                "m3.didMove parent=null", "m7.didMove parent=\"mt\"", "m2.didMove parent=\"mt\"", "mt.didSelect viewController=\"m4\"",
            ])
        let mt = try #require(tree.snapshot().controllers["mt"])
        #expect(mt.viewControllers == ["m7", "m1", "m2"])
        #expect(mt.children == ["m7", "m1", "m2"])
        #expect(mt.selectedIndex == 2)
        Self.checkMoreInvariants(tree)
    }

    /// The same calls with overrides declared: tabs selected, More selected and the width
    /// changed from inside callbacks (docs/uikit-rules-callbacks.md, rule 40).
    @Test func randomMoreNavigationCallsWithOverridesKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            let tree = Self.replay(numbers, on: try Self.makeMoreTree(), cast: Self.moreTabs + ["mt"], step: Self.moreStep, atomicBatches: false)
            Self.checkMoreInvariants(tree)
        }
    }
}
