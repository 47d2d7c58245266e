import PropertyBased
import Testing

@testable import Containment

/// Random calls on a tab bar controller given iOS 18's tabs (docs/uikit-rules.md, rule 14,
/// "Tabs" and "Tab groups"): tabs set by call and by PATCH (repeated identifiers refused), a
/// tab group with or without a managing navigation controller, tabs selected by identifier
/// (descendants too), by index and by tap (disabled and hidden ones refused),
/// `setViewControllers` refused, tabs' controllers removed, the width changed, the sidebar's
/// `mode`, `isHidden`, `isTabBarHidden` and `compactTabIdentifiers` set by call and by PATCH.
extension PropertyTests {
    static let uiTabControllers = ["u1", "u2", "u3", "u4", "u5", "u6", "u7"]

    /// The group `g` (on `ug`, managed by `un` when `managed`): `g1` on `ua`, `g2` without a
    /// controller, and the group `gb` on `ub` with `gb1` on `uc` and `gb2` on `ud`.
    static func uiTabGroup(managed: Bool) -> Tab {
        Tab(
            identifier: "g", viewController: "ug",
            children: [
                Tab(identifier: "g1", viewController: "ua"), Tab(identifier: "g2", viewController: nil),
                Tab(
                    identifier: "gb", viewController: "ub",
                    children: [Tab(identifier: "gb1", viewController: "uc"), Tab(identifier: "gb2", viewController: "ud")]),
            ], defaultChildIdentifier: "g2", managingNavigationController: managed ? "un" : nil)
    }

    static let uiTabIdentifiers = ["g", "g1", "g2", "gb", "gb1", "gb2"]

    /// A window showing a tab bar controller `ut` with a delegate (answering `shouldSelectTab`
    /// false when `refusing`, and `displayedViewControllers` for `gb` when `answering`) and
    /// tabs `i1`…`i3` on `u1`…`u3`, `u1` a navigation controller with `ul` in it; `u4`…`u7`,
    /// the group's controllers (`uiTabGroup`) and `ue` are detached.
    static func makeUITabTree(refusing: Bool, answering: Bool = false) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "uitab",
            root: ControllerSpec(
                id: "ut", kind: .tabBarController,
                answers: ControllerAnswers(
                    tabBarControllerDelegate: true, shouldSelectTab: refusing ? false : nil,
                    displayedViewControllers: answering ? ["gb": ["ub", "ue"]] : nil, tabBarControllerSidebarDelegate: true),
                tabs: [
                    TabSpec(
                        identifier: "i1", viewController: ControllerSpec(id: "u1", kind: .navigationController, viewControllers: [ControllerSpec(id: "ul")])),
                    TabSpec(identifier: "i2", viewController: ControllerSpec(id: "u2")),
                    TabSpec(identifier: "i3", viewController: ControllerSpec(id: "u3"), isEnabled: false),
                ]),
            now: t0)
        for id in uiTabControllers.dropFirst(3) { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        _ = try tree.createController(ControllerSpec(id: "up"), now: t0)
        for id in ["ug", "ua", "ub", "uc", "ud", "ue"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        _ = try tree.createController(ControllerSpec(id: "un", kind: .navigationController), now: t0)
        return tree
    }

    /// `count` tabs on the controllers from `first` on, identifiers `i<n>` (one repeated when
    /// `repeated`, which `setTabs` refuses), some disabled or hidden.
    static func uiTabs(count: Int, first: Int, repeated: Bool, flags: Int) -> [Tab] {
        (0..<count).map { offset in
            let controller = uiTabControllers[(first + offset) % uiTabControllers.count]
            let identifier = repeated && offset == count - 1 && count > 1 ? "i\((first) % 7 + 1)" : "i\((first + offset) % 7 + 1)"
            return Tab(identifier: identifier, viewController: controller, isEnabled: (flags >> offset) & 1 == 0, isHidden: (flags >> offset) & 2 == 2)
        }
    }

    static func uiTabStep(_ number: Int) -> Step {
        let index = (number / 12) % 7
        let flag = (number / 84) % 2 == 0
        let identifier = JSONValue.string("i\(index + 1)")
        switch number % 16 {
        case 0, 1: return .calls([call("ut", "setSelectedTab", ["identifier": identifier])])
        case 2, 3: return .calls([call("ut", "tapTab", ["identifier": identifier])])
        case 4:
            let tabs = uiTabs(count: [7, 4, 2, 0][(number / 168) % 4], first: index, repeated: number / 672 % 5 == 0, flags: number / 3360)
            return .calls([call("ut", "setTabs", ["tabs": .array(tabs.map(\.json)), "animated": .bool(flag)])])
        case 5:
            let tabs = uiTabs(count: [3, 5, 1][(number / 168) % 3], first: index, repeated: number / 504 % 5 == 0, flags: number / 2520)
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController("ut", ControllerPatch(tabs: tabs, selectedTab: flag ? nil : "i\(index + 1)"), now: now)
            }
        case 6: return .calls([call("ut", "setViewControllers", ["viewControllers": [.string(uiTabControllers[index])], "animated": false])])
        case 7: return .calls([call("ut", "setSelectedIndex", ["index": .number(Double(index % 3))])])
        case 8: return .calls([call(uiTabControllers[index], "removeFromParent")])
        case 9:
            return .calls([
                call(
                    "window", flag ? "setHorizontalSizeClass" : "setHidden",
                    flag ? ["sizeClass": index % 2 == 0 ? "regular" : "compact"] : ["hidden": .bool(index % 2 == 0)])
            ])
        case 10: return .calls([call("u1", "pushViewController", ["viewController": "up", "animated": .bool(flag)])])
        case 11: return flag ? .calls([call("window", "runLoop")]) : .advance(index % 2 == 0 ? 0.2 : 1)
        case 12:
            let tabs = uiTabs(count: [3, 1, 5][(number / 168) % 3], first: index, repeated: false, flags: number / 504 % 4)
            return .calls([call("ut", "setTabs", ["tabs": .array((tabs + [uiTabGroup(managed: flag)]).map(\.json)), "animated": false])])
        case 13: return uiSidebarStep(number)
        case 14:
            let identifiers = flag ? nil : Array(["i1", "g", "i\(index + 1)", "i2"].prefix(index % 4))
            return .recipe { tree, now throws(ContainmentError) in
                let patch = ControllerPatch(
                    mode: TabBarMode.allCases[index % 3], sidebar: TabBarSidebar(isHidden: index % 2 == 0),
                    compactTabIdentifiers: .some(identifiers.map { Array(Set($0)).sorted() }), isTabBarHidden: flag ? nil : index % 3 == 0)
                return try tree.updateController("ut", patch, now: now)
            }
        default:
            let group = JSONValue.string(uiTabIdentifiers[index % uiTabIdentifiers.count])
            return .calls([call("ut", flag ? "setSelectedTab" : "tapTab", ["identifier": group])])
        }
    }

    /// `setMode`, `sidebar.setHidden`, `setTabBarHidden` and `setCompactTabIdentifiers` (a
    /// repeated identifier refused).
    static func uiSidebarStep(_ number: Int) -> Step {
        let index = (number / 16) % 7
        switch (number / 112) % 4 {
        case 0: return .calls([call("ut", "setMode", ["mode": .string(TabBarMode.allCases[index % 3].rawValue)])])
        case 1: return .calls([call("ut", "sidebar.setHidden", ["hidden": .bool(index % 2 == 0)])])
        case 2: return .calls([call("ut", "setTabBarHidden", ["hidden": .bool(index % 2 == 0), "animated": .bool(index % 3 == 0)])])
        default:
            let identifiers: JSONValue = index == 6 ? .null : .array(["i\(index + 1)", index == 5 ? "i6" : "g"].map(JSONValue.string))
            return .calls([call("ut", "setCompactTabIdentifiers", ["identifiers": identifiers])])
        }
    }

    /// The root tabs' controllers are the tab bar's `viewControllers`, in order; identifiers are
    /// unique across all tabs; a group's `selectedChild` is one of its children; `selectedTab`
    /// is the tab the selection reaches from the root tab at `selectedIndex`.
    static func checkUITabInvariants(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let tabBar = tree.snapshot().controllers["ut"], let tabs = tabBar.tabs else {
            Issue.record("the tab bar lost its tabs", sourceLocation: sourceLocation)
            return
        }
        #expect(
            tabs.map { $0.rootController ?? "" } == tabBar.viewControllers, "tabs \(tabs) against \(tabBar.viewControllers ?? [])",
            sourceLocation: sourceLocation)
        func all(_ tabs: [Tab]) -> [Tab] { tabs + tabs.flatMap { all($0.children ?? []) } }
        let every = all(tabs)
        #expect(Set(every.map(\.identifier)).count == every.count, "a repeated identifier in \(tabs)", sourceLocation: sourceLocation)
        for group in every {
            if let selected = group.selectedChild {
                #expect(
                    group.children?.contains { $0.identifier == selected } == true, "\(group.identifier) selects \(selected)", sourceLocation: sourceLocation)
            }
        }
        let expected = tabBar.selectedIndex.flatMap { tabs.indices.contains($0) ? Tab.selectionPath([tabs[$0]]).last?.identifier : nil }
        #expect(tabBar.selectedTab == expected, "selectedTab \(tabBar.selectedTab ?? "nil") at \(tabBar.selectedIndex ?? -1)", sourceLocation: sourceLocation)
        #expect(
            tabBar.mode != nil && tabBar.sidebar != nil && tabBar.isTabBarHidden != nil, "a tab bar shows its mode, sidebar and isTabBarHidden",
            sourceLocation: sourceLocation)
        if let compact = tabBar.compactTabIdentifiers {
            #expect(Set(compact).count == compact.count, "a repeated compact identifier in \(compact)", sourceLocation: sourceLocation)
        }
    }

    /// The sidebar delegate is told only of a change: the step's last `sidebarVisibilityWillChange`
    /// names the `isHidden` the snapshot shows after it, and differs from the one before.
    static func checkSidebarEvents(_ tree: ContainmentTree, before: Bool?, after seq: UInt64, sourceLocation: SourceLocation = #_sourceLocation) {
        let told = ((try? tree.events(after: seq, limit: 10_000)) ?? []).filter { $0.callback == "sidebarVisibilityWillChange" }
        guard let last = told.last else { return }
        let now = tree.snapshot().controllers["ut"]?.sidebar?.isHidden
        #expect(
            last.args["isHidden"] == now.map(JSONValue.bool), "told \(last.args) but the sidebar is \(String(describing: now))", sourceLocation: sourceLocation)
        #expect(before != now, "told of a sidebar that did not change", sourceLocation: sourceLocation)
    }

    @Test func randomUITabCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...30)) { numbers in
            let tree = try Self.makeUITabTree(
                refusing: numbers.first.map { $0 % 5 == 0 } ?? false, answering: numbers.first.map { $0 % 3 == 1 } ?? false)
            var now = t0
            var lastSeq = tree.lastSeq
            for number in numbers {
                let (seq, hidden) = (lastSeq, tree.snapshot().controllers["ut"]?.sidebar?.isHidden)
                Self.apply(Self.uiTabStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
                Self.checkInvariants(tree)
                Self.checkUITabInvariants(tree)
                Self.checkSidebarEvents(tree, before: hidden, after: seq)
            }
        }
    }
}
