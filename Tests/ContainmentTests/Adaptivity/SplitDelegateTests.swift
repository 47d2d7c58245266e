import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 31: a split view controller on an iPhone, built
/// declaratively, and its delegate's answers.
@Suite struct SplitDelegateTests {
    static let iPad = TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular)

    func splitSpec(_ answers: ControllerAnswers = ControllerAnswers(), plainPrimary: Bool = false) -> ControllerSpec {
        ControllerSpec(
            id: "split", kind: .splitViewController,
            primary: plainPrimary
                ? ControllerSpec(id: "master")
                : ControllerSpec(id: "master", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
            secondary: ControllerSpec(id: "detail"), answers: answers)
    }

    func tree(_ answers: ControllerAnswers = ControllerAnswers(), configuration: TreeConfiguration = iPad) throws -> ContainmentTree {
        try ContainmentTree(id: "split", configuration: configuration, root: splitSpec(answers), now: t0)
    }

    /// Only what the split view controller and its delegate do: no trait or layout callbacks.
    func adaptation(_ events: [Event]) -> [String] {
        containment(events).filter { !$0.contains("willTransition") && !$0.contains("traitCollectionDidChange") }
    }

    @Test func rule31_aCompactSplitBuiltDeclarativelyEqualsTheCallByCallBuild() throws {
        let declared = try ContainmentTree(id: "split", root: splitSpec(), now: t0)
        let manual = try ContainmentTree(id: "split", now: t0)
        var events: [Event] = []
        for spec in [
            ControllerSpec(id: "split", kind: .splitViewController), ControllerSpec(id: "master", kind: .navigationController),
            ControllerSpec(id: "list"), ControllerSpec(id: "detail"),
        ] {
            events += try manual.createController(spec, now: t0)
        }
        events += manual.run([
            call("master", "setViewControllers", ["viewControllers": ["list"], "animated": false]),
            call("split", "setViewController", ["viewController": "master", "column": "primary"]),
            call("split", "setViewController", ["viewController": "detail", "column": "secondary"]),
            call("window", "setRootViewController", ["rootViewController": "split"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
        let snapshot = declared.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "detail"])
        #expect(snapshot.controllers["split"]?.secondary == "detail")
        #expect(snapshot.views["split.view"]?.subviews == ["master.view"])
        #expect(snapshot.views["master.view"]?.subviews == ["detail.view", "master.navigationBar"])
        #expect(snapshot.controllers["detail"]?.appearance == .appeared)
        #expect(snapshot.controllers["list"]?.isViewLoaded == false)
    }

    /// The Master-Detail template's delegate: true discards the secondary, which leaves the
    /// interface; the primary shows its own stack.
    @Test func rule31_collapseSecondaryTrueDiscardsTheSecondary() throws {
        let tree = try tree(ControllerAnswers(collapseSecondary: true))
        let events = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844], "horizontalSizeClass": "compact"])])
        #expect(
            adaptation(events).filter { !$0.contains("Layout") && !$0.contains("viewWillTransition") } == [
                "split.collapseSecondary", "detail.willMove(nil)", "detail.viewWillDisappear", "detail.didMove(nil)",
                "detail.viewDidDisappear",
            ])
        let asked = events.first { $0.callback == "collapseSecondary" }
        #expect(asked?.args == ["secondaryViewController": "detail", "primaryViewController": "master", "result": true])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.secondary == nil)
        #expect(snapshot.controllers["detail"]?.parent == nil)
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["list"]?.appearance == .appeared)
    }

    /// Without a secondary to separate, the navigation controller primary's
    /// `separateSecondaryViewController(for:)` pops its top, which becomes the secondary.
    @Test func rule31_separatingWithoutASecondaryPopsTheTopOfTheNavigationPrimary() throws {
        let tree = try tree(ControllerAnswers(collapseSecondary: true))
        _ = try tree.createController(ControllerSpec(id: "item"), now: t0)
        _ = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        _ = tree.run([call("master", "pushViewController", ["viewController": "item", "animated": false])])
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            adaptation(events).filter { !$0.contains("Layout") } == [
                "item.willMove(nil)", "item.didMove(nil)", "list.viewWillAppear", "item.willMove(split)", "item.didMove(split)",
                "list.viewIsAppearing", "list.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.secondary == "item")
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.views["split.view"]?.subviews == ["master.view", "item.view"])
        #expect(snapshot.controllers["item"]?.appearance == .appeared)
    }

    @Test func rule31_separateSecondaryFromAnswersTheSecondary() throws {
        let tree = try ContainmentTree(
            id: "split", root: splitSpec(ControllerAnswers(separateSecondary: "fresh")), now: t0)
        _ = try tree.createController(ControllerSpec(id: "fresh"), now: t0)
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(adaptation(events).first == "split.separateSecondaryFrom")
        #expect(events.first { $0.callback == "separateSecondaryFrom" }?.args == ["primaryViewController": "master", "result": "fresh"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.secondary == "fresh")
        #expect(snapshot.controllers["fresh"]?.appearance == .appeared)
        // The collapsed secondary is left on the primary's stack, as UIKit leaves it to the delegate.
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "detail"])
    }

    /// The iOS 14 column interface: the delegate keeps the primary on top (the usual fix for
    /// an iPhone app opening on its detail); `show(.secondary)` pushes it later.
    @Test func rule31_topColumnForCollapsingPrimaryKeepsTheSecondaryOffTheStack() throws {
        let tree = try tree(ControllerAnswers(style: .doubleColumn, topColumnForCollapsing: .primary))
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        #expect(
            adaptation(events).filter { !$0.contains("Layout") } == [
                "split.topColumnForCollapsingToProposedTopColumn", "detail.viewWillDisappear", "split.splitViewControllerDidCollapse",
                "detail.viewDidDisappear",
            ])
        #expect(
            events.first { $0.callback == "topColumnForCollapsingToProposedTopColumn" }?.args == [
                "proposedTopColumn": "secondary", "result": "primary",
            ])
        var snapshot = tree.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list"])
        #expect(snapshot.controllers["detail"]?.parent == "split")
        _ = tree.run([call("split", "show", ["column": "secondary"])])
        snapshot = tree.snapshot()
        #expect(snapshot.controllers["master"]?.viewControllers == ["list", "detail"])
        #expect(snapshot.controllers["detail"]?.appearance == .appeared)
    }

    @Test func rule31_theColumnInterfaceWithoutADelegateCollapsesOntoTheSecondary() throws {
        let tree = try tree(ControllerAnswers(style: .doubleColumn))
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        #expect(adaptation(events).filter { $0.hasPrefix("split.") && !$0.contains("Layout") }.isEmpty)
        #expect(tree.snapshot().controllers["master"]?.viewControllers == ["list", "detail"])
    }

    @Test func rule31_displayModeForExpandingSecondaryOnlyHidesThePrimary() throws {
        let compact = TreeConfiguration()
        let tree = try tree(ControllerAnswers(style: .doubleColumn, displayModeForExpanding: .secondaryOnly), configuration: compact)
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(adaptation(events).first == "split.displayModeForExpandingToProposedDisplayMode")
        #expect(
            adaptation(events).filter { !$0.contains("Layout") } == [
                "split.displayModeForExpandingToProposedDisplayMode", "master.viewWillDisappear", "detail.viewWillDisappear",
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.viewWillAppear", "detail.willMove(split)", "detail.didMove(split)",
                "split.splitViewControllerDidExpand", "detail.viewIsAppearing", "master.viewDidDisappear", "detail.viewDidAppear",
            ])
        #expect(
            events.first { $0.callback == "displayModeForExpandingToProposedDisplayMode" }?.args == [
                "proposedDisplayMode": "automatic", "result": "secondaryOnly",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.isPrimaryHidden == true)
        #expect(snapshot.views["split.view"]?.subviews == ["detail.view"])
        #expect(snapshot.controllers["master"]?.appearance == .disappeared)
    }

    @Test func rule31_answersOfAnotherInterfaceOrKindAreRefused() throws {
        let tree = try visibleTree()
        for (spec, field) in [
            (
                ControllerSpec(id: "a", kind: .splitViewController, answers: ControllerAnswers(style: .doubleColumn, collapseSecondary: true)),
                "collapseSecondary"
            ),
            (ControllerSpec(id: "b", kind: .splitViewController, answers: ControllerAnswers(topColumnForCollapsing: .primary)), "topColumnForCollapsing"),
            (ControllerSpec(id: "c", answers: ControllerAnswers(shouldSelect: false)), "shouldSelect"),
            (ControllerSpec(id: "d", answers: ControllerAnswers(style: .doubleColumn)), "style"),
        ] {
            #expect(throws: ContainmentError.self) { try tree.createController(spec, now: t0) }
            do {
                _ = try tree.createController(spec, now: t0)
            } catch {
                #expect(error.field == field)
            }
        }
        _ = try tree.createController(ControllerSpec(id: "split", kind: .splitViewController), now: t0)
        #expect(throws: ContainmentError.self) {
            try tree.updateController("split", ControllerPatch(answers: ControllerAnswersPatch(topColumnForCollapsing: .primary)), now: t0)
        }
        _ = try tree.updateController("split", ControllerPatch(answers: ControllerAnswersPatch(collapseSecondary: true)), now: t0)
        #expect(tree.snapshot().controllers["split"]?.answers.collapseSecondary == true)
        _ = try tree.updateController("split", ControllerPatch(answers: ControllerAnswersPatch(collapseSecondary: .some(nil))), now: t0)
        #expect(tree.snapshot().controllers["split"]?.answers.collapseSecondary == nil)
    }
}
