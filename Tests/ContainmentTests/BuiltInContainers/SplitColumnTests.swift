import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 15, "The compact column", and docs/uikit-rules-adaptivity.md,
/// rule 31: the iOS 14 column interface's `.compact` column, shown instead of the other
/// columns while the split view controller is collapsed.
@Suite struct SplitColumnTests {
    static let iPad = TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular)
    static let toCompact = call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])
    static let toRegular = call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])

    func splitSpec(_ answers: ControllerAnswers = ControllerAnswers(style: .doubleColumn), compact: Bool = true) -> ControllerSpec {
        ControllerSpec(
            id: "split", kind: .splitViewController,
            primary: ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
            secondary: ControllerSpec(id: "detail"), compact: compact ? ControllerSpec(id: "phone") : nil, answers: answers)
    }

    func tree(_ answers: ControllerAnswers = ControllerAnswers(style: .doubleColumn), configuration: TreeConfiguration = iPad)
        throws -> ContainmentTree
    {
        try ContainmentTree(id: "split", configuration: configuration, root: splitSpec(answers), now: t0)
    }

    /// Only what the split view controller does: no trait, transition or layout callbacks.
    func columns(_ events: [Event]) -> [String] {
        containment(events).filter {
            !$0.contains("willTransition") && !$0.contains("traitCollectionDidChange") && !$0.contains("viewWillTransition")
        }
    }

    @Test func rule15_theCompactColumnIsAChildWithoutAViewWhileExpanded() throws {
        let tree = try ContainmentTree(id: "split", configuration: Self.iPad, root: splitSpec(compact: false), now: t0)
        _ = try tree.createController(ControllerSpec(id: "phone"), now: t0)
        let events = tree.run([call("split", "setViewController", ["viewController": "phone", "column": "compact"])])
        #expect(trace(events) == ["phone.willMove(split)", "phone.didMove(split)"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.compact == "phone")
        #expect(snapshot.controllers["split"]?.children == ["master", "detail", "phone"])
        #expect(snapshot.controllers["phone"]?.isViewLoaded == false)
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "detail.view"])
    }

    @Test func rule15_viewControllerForAColumnAnswersWithoutAnEvent() throws {
        let tree = try tree()
        let outcome = tree.perform(
            ["primary", "secondary", "compact"].map { call("split", "viewController", ["column": .string($0)]) }, atomic: true, now: t0)
        #expect(outcome.failure == nil)
        #expect(outcome.events.isEmpty)
        #expect(outcome.results == [.string("master"), .string("detail"), .string("phone")])
    }

    @Test func rule15_collapsingShowsTheCompactColumnInsteadOfTheOthers() throws {
        let tree = try tree()
        let events = tree.run([Self.toCompact])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "list.viewWillDisappear", "detail.viewWillDisappear", "phone.viewWillAppear",
                "phone.viewIsAppearing", "master.viewDidDisappear", "list.viewDidDisappear", "detail.viewDidDisappear",
                "phone.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.isCollapsed == true)
        #expect(snapshot.views["split.view"]?.subviews == ["phone.view"])
        // The secondary is not collapsed onto the primary: it stays the split's child.
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["detail"]?.parent == "split")
        #expect(snapshot.controllers["detail"]?.appearance == .disappeared)
    }

    @Test func rule15_expandingFromTheCompactColumnShowsThePrimaryAndSecondaryAgain() throws {
        let tree = try tree()
        _ = tree.run([Self.toCompact])
        let events = tree.run([Self.toRegular])
        #expect(
            columns(events) == [
                "phone.viewWillDisappear", "master.viewWillAppear", "list.viewWillAppear", "detail.viewWillAppear",
                "master.viewIsAppearing", "list.viewIsAppearing", "detail.viewIsAppearing", "phone.viewDidDisappear",
                "master.viewDidAppear", "list.viewDidAppear", "detail.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.isCollapsed == false)
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "detail.view"])
        #expect(snapshot.controllers["phone"]?.parent == "split")
        #expect(snapshot.controllers["phone"]?.appearance == .disappeared)
    }

    /// The delegate is proposed the compact column and told when the split has collapsed and
    /// expanded; the compact column's controller shows whatever it answers.
    @Test func rule15_theDelegateIsProposedTheCompactColumn() throws {
        let tree = try tree(ControllerAnswers(style: .doubleColumn, topColumnForCollapsing: .primary))
        var events = tree.run([Self.toCompact])
        #expect(columns(events).first == "split.topColumnForCollapsingToProposedTopColumn")
        #expect(
            events.first { $0.callback == "topColumnForCollapsingToProposedTopColumn" }?.args == [
                "proposedTopColumn": "compact", "result": "primary",
            ])
        #expect(columns(events).filter { $0.hasPrefix("split.") }.last == "split.splitViewControllerDidCollapse")
        #expect(tree.snapshot().views["split.view"]?.subviews == ["phone.view"])
        events = tree.run([Self.toRegular])
        #expect(columns(events).filter { $0.hasPrefix("split.") } == ["split.splitViewControllerDidExpand"])
    }

    @Test func rule31_aCompactAnswerWithoutACompactColumnCollapsesAsTheSecondaryDoes() throws {
        let answers = ControllerAnswers(style: .doubleColumn, topColumnForCollapsing: .compact)
        let tree = try ContainmentTree(id: "split", configuration: Self.iPad, root: splitSpec(answers, compact: false), now: t0)
        let events = tree.run([Self.toCompact])
        #expect(
            events.first { $0.callback == "topColumnForCollapsingToProposedTopColumn" }?.args == [
                "proposedTopColumn": "secondary", "result": "compact",
            ])
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list", "detail"])
        #expect(tree.snapshot().controllers["detail"]?.appearance == .appeared)
    }

    /// A compact width at creation: the compact column is set first, so the secondary never
    /// collapses onto the primary; the call-by-call build in that order gives the same events.
    @Test func rule15_aCompactSplitWithACompactColumnBuiltDeclarativelyEqualsTheCallByCallBuild() throws {
        let declared = try tree(configuration: TreeConfiguration())
        let manual = try ContainmentTree(id: "split", now: t0)
        var events: [Event] = []
        for spec in [
            ControllerSpec(id: "split", kind: .splitViewController, answers: ControllerAnswers(style: .doubleColumn)),
            ControllerSpec(id: "master", kind: .navigationController), ControllerSpec(id: "list"), ControllerSpec(id: "detail"),
            ControllerSpec(id: "phone"),
        ] {
            events += try manual.createController(spec, now: t0)
        }
        events += manual.run([
            call("master", "setViewControllers", ["viewControllers": ["list"], "animated": false]),
            call("split", "setViewController", ["viewController": "phone", "column": "compact"]),
            call("split", "setViewController", ["viewController": "master", "column": "primary"]),
            call("split", "setViewController", ["viewController": "detail", "column": "secondary"]),
            call("window", "setRootViewController", ["rootViewController": "split"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
        let snapshot = declared.snapshot()
        #expect(snapshot.views["split.view"]?.subviews == ["phone.view"])
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["phone"]?.appearance == .appeared)
        #expect(snapshot.controllers["master"]?.isViewLoaded == false)
    }

    @Test func rule15_settingTheCompactColumnWhileCollapsedReplacesWhatTheSplitShows() throws {
        let tree = try ContainmentTree(id: "split", root: splitSpec(compact: false), now: t0)
        _ = try tree.createController(ControllerSpec(id: "phone"), now: t0)
        let events = tree.run([call("split", "setViewController", ["viewController": "phone", "column": "compact"])])
        #expect(
            columns(events) == [
                "master.viewWillDisappear", "detail.viewWillDisappear", "phone.willMove(split)", "phone.viewWillAppear",
                "phone.didMove(split)", "phone.viewIsAppearing", "master.viewDidDisappear", "detail.viewDidDisappear",
                "phone.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.views["split.view"]?.subviews == ["phone.view"])
        // Collapsed before the compact column was set, the secondary stays on the primary's
        // stack until the split expands.
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "detail"])
        _ = tree.run([Self.toRegular])
        #expect(tree.snapshot().views["split.view"]?.subviews == ["master.view", "detail.view"])
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list"])
        #expect(tree.snapshot().controllers["detail"]?.appearance == .appeared)
    }

    @Test func rule15_replacingTheCompactColumnRemovesTheOldController() throws {
        let tree = try tree(configuration: TreeConfiguration())
        _ = try tree.createController(ControllerSpec(id: "tabs"), now: t0)
        let events = tree.run([call("split", "setViewController", ["viewController": "tabs", "column": "compact"])])
        #expect(
            columns(events) == [
                "phone.willMove(nil)", "phone.viewWillDisappear", "phone.didMove(nil)", "tabs.willMove(split)", "tabs.viewWillAppear",
                "tabs.didMove(split)", "tabs.viewIsAppearing", "phone.viewDidDisappear", "tabs.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.compact == "tabs")
        #expect(snapshot.controllers["phone"]?.parent == nil)
        #expect(snapshot.views["split.view"]?.subviews == ["tabs.view"])
    }

    /// `show(_:)`/`hide(_:)` of a column change nothing while the compact column is showing.
    @Test func rule15_showAndHideLeaveTheCompactColumnShowing() throws {
        let tree = try tree(configuration: TreeConfiguration())
        let before = tree.snapshot()
        for method in ["show", "hide"] {
            for column in ["primary", "secondary", "compact"] {
                #expect(tree.run([call("split", method, ["column": .string(column)])]).isEmpty)
            }
        }
        #expect(tree.snapshot().views == before.views)
    }

    /// UIKit documents the compact column for column-style split views only; no public text of
    /// an exception is known, so the engine refuses the call as a bad argument.
    @Test func rule15_aClassicSplitHasNoCompactColumn() throws {
        let tree = try ContainmentTree(id: "split", root: splitSpec(ControllerAnswers(), compact: false), now: t0)
        _ = try tree.createController(ControllerSpec(id: "tabs"), now: t0)
        #expect(throws: ContainmentError.self) {
            try ContainmentTree(id: "classic", root: splitSpec(ControllerAnswers()), now: t0)
        }
        let before = tree.snapshot()
        let outcome = tree.perform(
            [call("split", "setViewController", ["viewController": "tabs", "column": "compact"])], atomic: true, now: t0)
        #expect(outcome.failure?.field?.hasSuffix("args.column") == true)
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
    }
}
