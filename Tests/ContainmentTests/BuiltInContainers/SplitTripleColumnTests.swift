import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 15, "The triple-column style": the iOS 14 `tripleColumn` split
/// view controller's supplementary column, `show(_:)`/`hide(_:)` of its columns, its display
/// modes and split behaviors, and collapsing into a compact column (the collapsed stack is
/// `SplitCollapsedStackTests`).
@Suite struct SplitTripleColumnTests {
    static let iPad = SplitColumnTests.iPad
    static let triple = ControllerAnswers(style: .tripleColumn)

    func splitSpec(_ answers: ControllerAnswers = triple, compact: Bool = false) -> ControllerSpec {
        var spec = ControllerSpec(
            id: "split", kind: .splitViewController,
            primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "sidebar")]),
            secondary: ControllerSpec(id: "detail"), compact: compact ? ControllerSpec(id: "phone") : nil, answers: answers)
        spec.supplementary = ControllerSpec(id: "list")
        return spec
    }

    func tree(_ answers: ControllerAnswers = triple, compact: Bool = false, configuration: TreeConfiguration = iPad) throws -> ContainmentTree {
        try ContainmentTree(id: "split", configuration: configuration, root: splitSpec(answers, compact: compact), now: t0)
    }

    func columns(_ events: [Event]) -> [String] {
        SplitColumnTests().columns(events)
    }

    @Test func rule15_aTripleColumnSplitShowsThePrimarySupplementaryAndSecondarySideBySide() throws {
        let tree = try tree()
        let snapshot = tree.snapshot()
        let split = snapshot.controllers["split"]
        #expect(split?.supplementary == "list")
        #expect(split?.children == ["master", "list", "detail"])
        #expect(split?.displayMode == .twoBesideSecondary)
        #expect(split?.splitBehavior == .tile)
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
        #expect(snapshot.views["list.view"]?.frame == Rect(x: 320, y: 0, width: 320, height: 768))
        #expect(snapshot.views["detail.view"]?.frame == Rect(x: 640, y: 0, width: 384, height: 768))
        #expect(
            trace(tree.creationEvents).filter { $0.hasSuffix("viewDidAppear") } == [
                "split.viewDidAppear", "master.viewDidAppear", "sidebar.viewDidAppear", "list.viewDidAppear", "detail.viewDidAppear",
            ])
        let outcome = tree.perform([call("split", "viewController", ["column": "supplementary"])], atomic: true, now: t0)
        #expect(outcome.results == [.string("list")])
    }

    @Test func rule15_settingTheSupplementaryColumnReplacesItsController() throws {
        let tree = try tree()
        _ = try tree.createController(ControllerSpec(id: "inbox"), now: t0)
        let events = tree.run([call("split", "setViewController", ["viewController": "inbox", "column": "supplementary"])])
        #expect(
            columns(events) == [
                "list.willMove(nil)", "list.viewWillDisappear", "list.didMove(nil)", "inbox.willMove(split)", "inbox.viewWillAppear",
                "inbox.didMove(split)", "inbox.viewIsAppearing", "list.viewDidDisappear", "inbox.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.supplementary == "inbox")
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "inbox.view", "detail.view"])
    }

    @Test func rule15_hidingThePrimaryLeavesTheSupplementaryBesideTheSecondary() throws {
        let tree = try tree()
        let events = tree.run([call("split", "hide", ["column": "primary"])])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "sidebar.viewWillDisappear", "master.viewDidDisappear", "sidebar.viewDidDisappear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.displayMode == .oneBesideSecondary)
        #expect(snapshot.views["split.view"]?.subviews == ["list.view", "detail.view"])
        #expect(snapshot.views["list.view"]?.frame == Rect(x: 0, y: 0, width: 320, height: 768))
    }

    @Test func rule15_hidingTheSupplementaryHidesThePrimaryToo() throws {
        let tree = try tree()
        let events = tree.run([call("split", "hide", ["column": "supplementary"])])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "sidebar.viewWillDisappear", "list.viewWillDisappear", "master.viewDidDisappear",
                "sidebar.viewDidDisappear", "list.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .secondaryOnly)
        #expect(tree.snapshot().views["detail.view"]?.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
    }

    @Test func rule15_showingThePrimaryShowsTheSupplementaryToo() throws {
        let tree = try tree()
        _ = tree.run([call("split", "hide", ["column": "supplementary"])])
        let events = tree.run([call("split", "show", ["column": "primary"])])
        #expect(
            columns(events) == [
                "master.viewWillAppear", "sidebar.viewWillAppear", "list.viewWillAppear", "master.viewIsAppearing",
                "sidebar.viewIsAppearing", "list.viewIsAppearing", "master.viewDidAppear", "sidebar.viewDidAppear", "list.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .twoBesideSecondary)
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
    }

    @Test func rule15_showingTheSupplementaryFromSecondaryOnlyShowsItAlone() throws {
        let tree = try tree()
        _ = tree.run([call("split", "hide", ["column": "supplementary"])])
        let events = tree.run([call("split", "show", ["column": "supplementary"])])
        #expect(columns(events) == ["list.viewWillAppear", "list.viewIsAppearing", "list.viewDidAppear"])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .oneBesideSecondary)
        // Already fully visible: nothing changes.
        #expect(tree.run([call("split", "show", ["column": "supplementary"]), call("split", "hide", ["column": "secondary"])]).isEmpty)
    }

    /// Overlaid sidebars cover the secondary: showing it fully hides them.
    @Test func rule15_showingTheSecondaryOfAnOverlaySplitHidesTheSidebars() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, preferredSplitBehavior: .overlay))
        #expect(tree.snapshot().controllers["split"]?.displayMode == .twoOverSecondary)
        #expect(tree.snapshot().views["detail.view"]?.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        let events = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "sidebar.viewWillDisappear", "list.viewWillDisappear", "master.viewDidDisappear",
                "sidebar.viewDidDisappear", "list.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .secondaryOnly)
        _ = tree.run([call("split", "show", ["column": "supplementary"])])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .oneOverSecondary)
    }

    /// Two sidebars displace the secondary partly off screen: showing it hides the primary.
    @Test func rule15_showingTheSecondaryOfADisplaceSplitHidesThePrimary() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, preferredSplitBehavior: .displace))
        #expect(tree.snapshot().controllers["split"]?.displayMode == .twoDisplaceSecondary)
        #expect(tree.snapshot().views["detail.view"]?.frame == Rect(x: 640, y: 0, width: 704, height: 768))
        let events = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "sidebar.viewWillDisappear", "master.viewDidDisappear", "sidebar.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .oneBesideSecondary)
        #expect(tree.snapshot().views["detail.view"]?.frame == Rect(x: 320, y: 0, width: 704, height: 768))
    }

    /// The same rule for a `doubleColumn` split: its overlaid primary covers the secondary.
    @Test func rule15_showingTheSecondaryOfAnOverlayDoubleColumnSplitHidesThePrimary() throws {
        let tree = try ContainmentTree(
            id: "double", configuration: Self.iPad,
            root: ControllerSpec(
                id: "split", kind: .splitViewController, primary: ControllerSpec(id: "master"), secondary: ControllerSpec(id: "detail"),
                answers: ControllerAnswers(style: .doubleColumn, preferredSplitBehavior: .overlay)),
            now: t0)
        #expect(tree.snapshot().controllers["split"]?.displayMode == .oneOverSecondary)
        let events = tree.run([call("split", "show", ["column": "secondary"])])
        #expect(columns(events) == ["master.viewWillDisappear", "master.viewDidDisappear"])
        #expect(tree.snapshot().controllers["split"]?.displayMode == .secondaryOnly)
        #expect(tree.snapshot().controllers["split"]?.isPrimaryHidden == true)
    }

    /// Every behavior allows its own modes only; changing it moves no column in or out.
    @Test func rule15_theSplitBehaviorDecidesTheDisplayModes() throws {
        let tree = try tree()
        for (behavior, mode) in [(SplitBehavior.overlay, SplitDisplayMode.twoOverSecondary), (.displace, .twoDisplaceSecondary), (.tile, .twoBesideSecondary)] {
            let seq = tree.lastSeq
            _ = try tree.updateController("split", ControllerPatch(answers: ControllerAnswersPatch(preferredSplitBehavior: .some(behavior))), now: t0)
            #expect(columns(try tree.events(after: seq, limit: .max)).isEmpty)
            #expect(tree.snapshot().controllers["split"]?.displayMode == mode)
            #expect(tree.snapshot().controllers["split"]?.splitBehavior == behavior)
        }
        #expect(
            SplitBehavior.allCases.map { $0.displayMode(sidebars: 1) } == [.oneBesideSecondary, .oneBesideSecondary, .oneOverSecondary, .oneBesideSecondary])
    }

    /// `Column.supplementary` "only takes effect when" the style is `tripleColumn`.
    @Test func rule15_aDoubleColumnSplitHasNoSupplementaryColumn() throws {
        #expect(throws: ContainmentError.self) {
            try ContainmentTree(id: "double", root: splitSpec(ControllerAnswers(style: .doubleColumn)), now: t0)
        }
        let tree = try ContainmentTree(
            id: "double", configuration: Self.iPad,
            root: ControllerSpec(
                id: "split", kind: .splitViewController, primary: ControllerSpec(id: "master"), secondary: ControllerSpec(id: "detail"),
                answers: ControllerAnswers(style: .doubleColumn)),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "list"), now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform(
            [call("split", "setViewController", ["viewController": "list", "column": "supplementary"])], atomic: true, now: t0)
        #expect(outcome.failure?.field?.hasSuffix("args.column") == true)
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
        #expect(tree.run([call("split", "hide", ["column": "supplementary"]), call("split", "show", ["column": "supplementary"])]).isEmpty)
        #expect(before.controllers["split"]?.displayMode == .oneBesideSecondary)
        #expect(throws: ContainmentError.self) {
            try tree.updateController(
                "split", ControllerPatch(answers: ControllerAnswersPatch(displayModeForExpanding: .some(.twoBesideSecondary))), now: t0)
        }
    }

    @Test func rule15_aTripleColumnSplitCollapsesIntoItsCompactColumn() throws {
        let tree = try tree(compact: true)
        let events = tree.run([SplitColumnTests.toCompact])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "sidebar.viewWillDisappear", "list.viewWillDisappear", "detail.viewWillDisappear",
                "phone.viewWillAppear", "phone.viewIsAppearing", "master.viewDidDisappear", "sidebar.viewDidDisappear",
                "list.viewDidDisappear", "detail.viewDidDisappear", "phone.viewDidAppear",
            ])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["phone.view"])
        _ = tree.run([SplitColumnTests.toRegular])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view", "list.view", "detail.view"])
    }

    /// The expanding delegate's display mode says which sidebars show.
    @Test func rule31_theExpandingDelegateAnswersATripleColumnDisplayMode() throws {
        let tree = try tree(ControllerAnswers(style: .tripleColumn, displayModeForExpanding: .oneBesideSecondary))
        _ = tree.run([SplitColumnTests.toCompact])
        let events = tree.run([SplitColumnTests.toRegular])
        #expect(
            events.first { $0.callback == "displayModeForExpandingToProposedDisplayMode" }?.args == [
                "proposedDisplayMode": "automatic", "result": "oneBesideSecondary",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.displayMode == .oneBesideSecondary)
        #expect(snapshot.views["split.view"]?.subviews == ["list.view", "detail.view"])
        #expect(snapshot.controllers["sidebar"]?.appearance == .disappeared)
    }

    /// The supplementary is set after the primary and before the secondary, and the same calls
    /// in that order give the same events and snapshot: in a compact width without a compact
    /// column, the collapsed stack `[sidebar, list, detail]`, as collapsing builds it.
    @Test func rule15_aTripleColumnSplitBuiltDeclarativelyEqualsTheCallByCallBuild() throws {
        for configuration in [Self.iPad, TreeConfiguration()] {
            for compact in [true, false] {
                try checkTheDeclarativeBuild(configuration, compact: compact)
            }
        }
        #expect(try tree(configuration: TreeConfiguration()).snapshot().controllers["master"]?.viewControllers == ["sidebar", "list", "detail"])
    }

    func checkTheDeclarativeBuild(_ configuration: TreeConfiguration, compact: Bool) throws {
        let declared = try tree(compact: compact, configuration: configuration)
        let manual = try ContainmentTree(id: "split", configuration: configuration, now: t0)
        var events: [Event] = []
        for spec in [
            ControllerSpec(id: "split", kind: .splitViewController, answers: Self.triple),
            ControllerSpec(id: "master", kind: .navigationController), ControllerSpec(id: "sidebar"), ControllerSpec(id: "detail"),
            ControllerSpec(id: "phone"), ControllerSpec(id: "list"),
        ] where compact || spec.id != "phone" {
            events += try manual.createController(spec, now: t0)
        }
        events += manual.run(
            [call("master", "setViewControllers", ["viewControllers": ["sidebar"], "animated": false])]
                + (compact ? [call("split", "setViewController", ["viewController": "phone", "column": "compact"])] : []) + [
                    call("split", "setViewController", ["viewController": "master", "column": "primary"]),
                    call("split", "setViewController", ["viewController": "list", "column": "supplementary"]),
                    call("split", "setViewController", ["viewController": "detail", "column": "secondary"]),
                    call("window", "setRootViewController", ["rootViewController": "split"]),
                    call("window", "makeKeyAndVisible"),
                ])
        #expect(trace(declared.creationEvents) == trace(events), "compact column: \(compact)")
        #expect(declared.snapshot() == manual.snapshot(), "compact column: \(compact)")
    }
}
