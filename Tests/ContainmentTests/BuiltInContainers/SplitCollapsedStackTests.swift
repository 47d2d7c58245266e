import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 15, "The triple-column style", and docs/uikit-rules-adaptivity.md,
/// rule 31, "Column interface": a collapsing `tripleColumn` split without a compact column
/// stacks its supplementary and its secondary on its navigation controller primary, up to the
/// delegate's top column; expanding gives them back to their columns; `show(_:)`/`hide(_:)`
/// push and pop columns while collapsed.
@Suite struct SplitCollapsedStackTests {
    static let iPad = SplitColumnTests.iPad

    func tree(
        _ answers: ControllerAnswers = SplitTripleColumnTests.triple, plainPrimary: Bool = false, configuration: TreeConfiguration = iPad
    ) throws -> ContainmentTree {
        var spec = SplitTripleColumnTests().splitSpec(answers)
        if plainPrimary { spec.primary = ControllerSpec(id: "master") }
        return try ContainmentTree(id: "split", configuration: configuration, root: spec, now: t0)
    }

    func columns(_ events: [Event]) -> [String] {
        SplitColumnTests().columns(events).filter { !$0.contains("Layout") }
    }

    func stack(_ tree: ContainmentTree) -> [String]? {
        tree.snapshot().controllers["master"]?.viewControllers
    }

    @Test func rule15_collapsingStacksTheSupplementaryThenTheSecondaryOnTheNavigationPrimary() throws {
        let tree = try tree()
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "list.viewWillDisappear", "list.willMove(nil)", "list.didMove(nil)", "list.willMove(master)", "list.didMove(master)",
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.willMove(master)", "sidebar.viewWillDisappear",
                "detail.didMove(master)", "list.viewDidDisappear", "sidebar.viewDidDisappear",
            ])
        let snapshot = tree.snapshot()
        #expect(stack(tree) == ["sidebar", "list", "detail"])
        #expect(snapshot.views["split.view"]?.subviews == ["master.view"])
        #expect(snapshot.views["detail.view"]?.superview == "master.view")
        #expect(snapshot.controllers["detail"]?.appearance == .appeared)
        #expect(snapshot.controllers["split"]?.supplementary == "list")
        #expect(snapshot.controllers["split"]?.secondary == "detail")
        #expect(snapshot.controllers["list"]?.appearance == .disappeared)
    }

    @Test func rule15_expandingGivesTheStackedColumnsBackToTheirColumns() throws {
        let tree = try tree()
        _ = tree.run([SplitColumnTests.toCompact])
        let events = tree.run([SplitColumnTests.toRegular])
        #expect(
            columns(events) == [
                "detail.willMove(nil)", "list.willMove(nil)", "detail.didMove(nil)", "list.didMove(nil)", "sidebar.viewWillAppear",
                "list.willMove(split)", "list.viewWillAppear", "list.didMove(split)", "detail.willMove(split)", "detail.didMove(split)",
                "sidebar.viewIsAppearing", "list.viewIsAppearing", "sidebar.viewDidAppear", "list.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(stack(tree) == ["sidebar"])
        #expect(snapshot.controllers["split"]?.children == ["master", "list", "detail"])
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
        #expect(snapshot.views["list.view"]?.frame == Rect(x: 320, y: 0, width: 320, height: 768))
    }

    /// The delegate's `secondary` answer is the default stack, between its events.
    @Test func rule31_aSecondaryTopColumnStacksBothColumns() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, topColumnForCollapsing: .secondary))
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "split.topColumnForCollapsingToProposedTopColumn", "list.viewWillDisappear", "list.willMove(nil)", "list.didMove(nil)",
                "list.willMove(master)", "list.didMove(master)", "detail.willMove(nil)", "detail.didMove(nil)", "detail.willMove(master)",
                "sidebar.viewWillDisappear", "detail.didMove(master)", "split.splitViewControllerDidCollapse", "list.viewDidDisappear",
                "sidebar.viewDidDisappear",
            ])
        #expect(events.first { $0.callback == "topColumnForCollapsingToProposedTopColumn" }?.args == ["proposedTopColumn": "secondary", "result": "secondary"])
        #expect(stack(tree) == ["sidebar", "list", "detail"])
    }

    @Test func rule31_aSupplementaryTopColumnStacksTheSupplementaryAlone() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, topColumnForCollapsing: .supplementary))
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "split.topColumnForCollapsingToProposedTopColumn", "detail.viewWillDisappear", "list.willMove(nil)", "list.didMove(nil)",
                "list.willMove(master)", "sidebar.viewWillDisappear", "list.didMove(master)", "split.splitViewControllerDidCollapse",
                "detail.viewDidDisappear", "sidebar.viewDidDisappear",
            ])
        #expect(
            events.first { $0.callback == "topColumnForCollapsingToProposedTopColumn" }?.args == ["proposedTopColumn": "secondary", "result": "supplementary"])
        #expect(stack(tree) == ["sidebar", "list"])
        #expect(tree.snapshot().controllers["detail"]?.parent == "split")
        let expanded = tree.run([SplitColumnTests.toRegular])
        #expect(
            columns(expanded) == [
                "list.willMove(nil)", "list.didMove(nil)", "sidebar.viewWillAppear", "list.willMove(split)", "list.didMove(split)",
                "detail.viewWillAppear", "split.splitViewControllerDidExpand", "sidebar.viewIsAppearing", "detail.viewIsAppearing",
                "sidebar.viewDidAppear", "detail.viewDidAppear",
            ])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
    }

    @Test func rule31_aPrimaryTopColumnStacksNothing() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, topColumnForCollapsing: .primary))
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "split.topColumnForCollapsingToProposedTopColumn", "list.viewWillDisappear", "detail.viewWillDisappear",
                "split.splitViewControllerDidCollapse", "list.viewDidDisappear", "detail.viewDidDisappear",
            ])
        #expect(stack(tree) == ["sidebar"])
        #expect(tree.snapshot().controllers["split"]?.children == ["master", "list", "detail"])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view"])
    }

    @Test func rule15_hidingTheSecondaryWhileCollapsedPopsItAndKeepsItTheSplits() throws {
        let tree = try tree()
        _ = tree.run([SplitColumnTests.toCompact])
        #expect(tree.run([call("split", "hide", ["column": "primary"]), call("split", "hide", ["column": "supplementary"])]).isEmpty)
        let events = tree.run([call("split", "hide", ["column": "secondary"])])
        #expect(
            columns(events) == [
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear", "detail.willMove(split)",
                "detail.didMove(split)", "list.viewIsAppearing", "detail.viewDidDisappear", "list.viewDidAppear",
            ])
        #expect(stack(tree) == ["sidebar", "list"])
        #expect(tree.snapshot().controllers["split"]?.secondary == "detail")
        #expect(tree.snapshot().controllers["detail"]?.parent == "split")
        // Still the split's: showing it pushes it again.
        _ = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(stack(tree) == ["sidebar", "list", "detail"])
    }

    @Test func rule15_showingThePrimaryWhileCollapsedPopsTheColumnsCoveringIt() throws {
        let tree = try tree()
        _ = tree.run([SplitColumnTests.toCompact])
        let events = tree.run([call("split", "show", ["column": "primary"])])
        #expect(
            columns(events) == [
                "detail.willMove(nil)", "list.willMove(nil)", "detail.didMove(nil)", "list.didMove(nil)", "detail.viewWillDisappear",
                "sidebar.viewWillAppear", "list.willMove(split)", "list.didMove(split)", "detail.willMove(split)", "detail.didMove(split)",
                "sidebar.viewIsAppearing", "detail.viewDidDisappear", "sidebar.viewDidAppear",
            ])
        #expect(stack(tree) == ["sidebar"])
        #expect(tree.snapshot().controllers["split"]?.children == ["master", "list", "detail"])
    }

    @Test func rule15_showingTheSecondaryWhileCollapsedPushesTheColumnsBetween() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, topColumnForCollapsing: .primary))
        _ = tree.run([SplitColumnTests.toCompact])
        #expect(tree.run([call("split", "show", ["column": "primary"])]).isEmpty)
        let events = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(
            columns(events) == [
                "list.willMove(nil)", "list.didMove(nil)", "list.willMove(master)", "list.didMove(master)", "detail.willMove(nil)",
                "detail.didMove(nil)", "detail.willMove(master)", "sidebar.viewWillDisappear", "detail.viewWillAppear",
                "detail.didMove(master)", "detail.viewIsAppearing", "sidebar.viewDidDisappear", "detail.viewDidAppear",
            ])
        #expect(stack(tree) == ["sidebar", "list", "detail"])
        let popped = tree.run([call("split", "show", ["column": "supplementary"])])
        #expect(
            columns(popped) == [
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear", "detail.willMove(split)",
                "detail.didMove(split)", "list.viewIsAppearing", "detail.viewDidDisappear", "list.viewDidAppear",
            ])
        #expect(stack(tree) == ["sidebar", "list"])
    }

    @Test func rule15_aPlainPrimaryShowsTheTopColumnInsteadOfItself() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, topColumnForCollapsing: .supplementary), plainPrimary: true)
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "split.topColumnForCollapsingToProposedTopColumn", "detail.viewWillDisappear", "master.viewWillDisappear",
                "split.splitViewControllerDidCollapse", "detail.viewDidDisappear", "master.viewDidDisappear",
            ])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["list.view"])
        #expect(tree.snapshot().views["list.view"]?.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        let expanded = tree.run([SplitColumnTests.toRegular])
        #expect(
            columns(expanded) == [
                "master.viewWillAppear", "detail.viewWillAppear", "split.splitViewControllerDidExpand", "master.viewIsAppearing",
                "detail.viewIsAppearing", "master.viewDidAppear", "detail.viewDidAppear",
            ])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
    }

    /// The SDK header: `hideColumn:` is "always ignored for the Primary column" while collapsed.
    @Test func rule15_hidingThePrimaryOfACollapsedDoubleColumnSplitChangesNothing() throws {
        let answers = ControllerAnswers(style: .doubleColumn, topColumnForCollapsing: .primary)
        let tree = try ContainmentTree(id: "double", configuration: Self.iPad, root: SplitColumnTests().splitSpec(answers, compact: false), now: t0)
        _ = tree.run([SplitColumnTests.toCompact])
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list"])
        #expect(tree.run([call("split", "hide", ["column": "primary"])]).isEmpty)
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list"])
    }
}

extension SplitCollapsedStackTests {
    /// `showDetailViewController(_:sender:)` of the stacked supplementary makes it the
    /// secondary: it leaves the supplementary column, as a controller set for another column does.
    @Test func rule30_showingTheStackedSupplementaryAsTheDetailMovesItToTheSecondaryColumn() throws {
        let tree = try tree()
        _ = tree.run([SplitColumnTests.toCompact])
        let events = tree.run([call("split", "showDetailViewController", ["viewController": "list"])])
        // An animated pop to it, replacing the secondary (rule 30): its ends come with the animation.
        #expect(columns(events) == ["detail.willMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear", "list.viewIsAppearing"])
        let snapshot = tree.snapshot()
        #expect(stack(tree) == ["sidebar", "list"])
        #expect(snapshot.controllers["split"]?.secondary == "list")
        #expect(snapshot.controllers["split"]?.supplementary == nil)
    }
}
