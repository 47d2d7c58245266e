import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 41: a transition started while another runs.
@Suite struct OverlappingTransitionTests {
    /// A tab bar (manual clock) whose first tab is the navigation controller `nav` showing
    /// `a`, its second `other`; `b`, `c` and a full-screen `modal` are detached.
    func tabsAroundNavigation() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "n", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]),
                    ControllerSpec(id: "other"),
                ]),
            now: t0)
        for id in ["b", "c"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        _ = try tree.createController(ControllerSpec(id: "modal", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        return tree
    }

    func push(_ id: String) -> RawCall { call("nav", "pushViewController", ["viewController": .string(id)]) }

    static let nestedPush = "warning(nav): nested push animation can result in corrupted navigation bar"
    static let nestedPop = "warning(nav): nested pop animation can result in corrupted navigation bar"
    static let unexpectedState =
        "warning(nav): Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."

    @Test func rule41_pushDuringAPushNestsBothAndLogsUIKitsWarnings() throws {
        let tree = try tabsAroundNavigation()
        _ = tree.run([push("b")])
        let second = tree.run([push("c")], now: t0 + 0.1)
        #expect(containment(second) == [Self.nestedPush, "c.willMove(nav)", "b.viewWillDisappear", "c.viewWillAppear", "c.viewIsAppearing"])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a", "b", "c"])
        // The first push ends on time and ends its own sides: b's "did" comes early.
        let first = tree.advance(to: t0 + 0.35)
        #expect(containment(first) == [Self.unexpectedState, "a.viewDidDisappear", "b.viewDidDisappear", "b.didMove(nav)"])
        let last = tree.advance(to: t0 + 1)
        #expect(
            containment(last) == ["warning(b): Unbalanced calls to begin/end appearance transitions for <b>", "c.viewDidAppear", "c.didMove(nav)"])
        #expect(tree.snapshot().controllers["nav"]?.children == ["a", "b", "c"])
        #expect(tree.snapshot().views["nav.view"]?.subviews == ["c.view", "nav.navigationBar"])
        #expect(["a", "b", "c"].map { tree.appearance($0) } == [.disappeared, .disappeared, .appeared])
    }

    @Test func rule41_aPopMidPushTurnsBothBackAndKeepsTheRootsView() throws {
        let tree = try tabsAroundNavigation()
        _ = tree.run([push("b")])
        let pop = tree.run([call("nav", "popViewController")], now: t0 + 0.1)
        #expect(containment(pop) == [Self.nestedPop, "b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "a.viewIsAppearing"])
        let first = tree.advance(to: t0 + 0.35)
        #expect(containment(first) == [Self.unexpectedState, "a.viewDidAppear", "b.viewDidDisappear", "b.didMove(nav)"])
        let last = tree.advance(to: t0 + 1)
        #expect(
            containment(last) == [
                "warning(b): Unbalanced calls to begin/end appearance transitions for <b>",
                "warning(a): Unbalanced calls to begin/end appearance transitions for <a>", "b.didMove(nil)",
            ])
        #expect(tree.snapshot().controllers["nav"]?.children == ["a"])
        // The push's end leaves a's view in place: a is the top again.
        #expect(tree.snapshot().views["nav.view"]?.subviews == ["nav.navigationBar", "a.view"])
        #expect(tree.appearance("a") == .appeared)
    }

    /// A non-animated pop while a push animates: the pop completes at the turn's end, and the
    /// push's own end finds its `from` on top again.
    @Test func rule41_anInstantPopMidPushEndsWithTheRootShown() throws {
        let tree = try tabsAroundNavigation()
        _ = tree.run([push("b")])
        let pop = tree.run([call("nav", "popViewController", ["animated": false])], now: t0 + 0.1)
        #expect(containment(pop).first == Self.nestedPop)
        _ = tree.advance(to: t0 + 1)
        #expect(tree.snapshot().controllers["nav"]?.children == ["a"])
        #expect(tree.snapshot().views["a.view"]?.inWindow == true)
        #expect(tree.appearance("a") == .appeared)
        #expect(tree.appearance("b") == .disappeared)
    }

    /// Presenting while a push animates: both run; the covering presentation turns the pushed
    /// controller away before the push ends it.
    @Test func rule41_presentDuringAPushRunsBoth() throws {
        let tree = try tabsAroundNavigation()
        _ = tree.run([push("b")])
        let present = tree.run([call("b", "present", ["viewController": "modal"])], now: t0 + 0.1)
        #expect(
            containment(present) == [
                "tabs.viewWillDisappear", "nav.viewWillDisappear", "b.viewWillDisappear", "modal.viewWillAppear", "modal.viewIsAppearing",
            ])
        #expect(containment(tree.advance(to: t0 + 0.35)) == ["a.viewDidDisappear", "b.viewDidDisappear", "b.didMove(nav)"])
        #expect(containment(tree.advance(to: t0 + 1)) == ["modal.viewDidAppear", "tabs.viewDidDisappear", "nav.viewDidDisappear"])
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "tabs")
    }

    /// Switching tabs while a push animates in the first tab: the tab switch ends what it
    /// began (the pushed controller turned away); the push still ends its outgoing side.
    @Test func rule41_aTabSwitchDuringAPushLeavesThePushItsOwnSide() throws {
        let tree = try tabsAroundNavigation()
        _ = tree.run([push("b")])
        let tab = tree.run([call("tabs", "setSelectedIndex", ["index": 1])], now: t0 + 0.1)
        #expect(
            containment(tab) == [
                "other.viewWillAppear", "nav.viewWillDisappear", "b.viewWillDisappear", "other.viewIsAppearing", "nav.viewDidDisappear",
                "b.viewDidDisappear", "other.viewDidAppear",
            ])
        #expect(
            containment(tree.advance(to: t0 + 1)) == [
                "a.viewDidDisappear", "warning(b): Unbalanced calls to begin/end appearance transitions for <b>", "b.didMove(nav)",
            ])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a", "b"])
        #expect(["a", "b", "other"].map { tree.appearance($0) } == [.disappeared, .disappeared, .appeared])
    }

    /// `transition(from:to:)` back while the first one runs (docs/uikit-rules.md, rule 12):
    /// each ends its own sides and takes its own `from` view out, so the container is left
    /// showing neither child, both disappeared.
    @Test func rule41_aTransitionBackDuringATransition() throws {
        let tree = try ContainmentTree(
            id: "c", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "x"), ControllerSpec(id: "y")]), now: t0)
        _ = tree.run([call("y.view", "removeFromSuperview")])
        #expect(
            containment(tree.run([call("root", "transition", ["from": "x", "to": "y", "duration": 0.5])])) == [
                "x.viewWillDisappear", "y.viewWillAppear", "y.viewIsAppearing",
            ])
        #expect(
            containment(tree.run([call("root", "transition", ["from": "y", "to": "x", "duration": 0.5])], now: t0 + 0.2)) == [
                "y.viewWillDisappear", "x.viewWillAppear", "x.viewIsAppearing",
            ])
        #expect(
            containment(tree.advance(to: t0 + 0.5)) == [
                "x.viewWillDisappear", "x.viewDidDisappear", "y.viewDidDisappear", "root.transitionCompletion",
            ])
        #expect(
            containment(tree.advance(to: t0 + 1)) == [
                "warning(y): Unbalanced calls to begin/end appearance transitions for <y>",
                "warning(x): Unbalanced calls to begin/end appearance transitions for <x>", "root.transitionCompletion",
            ])
        #expect(tree.snapshot().views["root.view"]?.subviews == [])
        #expect(tree.appearance("x") == .disappeared)
        #expect(tree.appearance("y") == .disappeared)
    }
}
