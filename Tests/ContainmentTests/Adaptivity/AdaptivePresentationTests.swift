import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 33: presentations adapt to the width.
@Suite struct AdaptivePresentationTests {
    func tree(_ sizeClass: SizeClass = .compact) throws -> ContainmentTree {
        try ContainmentTree(
            id: "adaptive",
            configuration: sizeClass == .regular
                ? TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular) : TreeConfiguration(),
            root: ControllerSpec(id: "root"), now: t0)
    }

    func popover(_ tree: ContainmentTree, answer: AdaptivePresentationStyle? = nil) throws {
        _ = try tree.createController(
            ControllerSpec(
                id: "popover", preferredContentSize: Size(width: 300, height: 200),
                presentationSettings: PresentationSettings(
                    modalPresentationStyle: .popover, popoverPresentationController: PopoverPresentationController(sourceView: "root.view")),
                answers: ControllerAnswers(adaptivePresentationStyle: answer)),
            now: t0)
    }

    /// Since iOS 13 a popover in a compact width is a sheet: the user can swipe it down, and
    /// the presentation controller's delegate hears of it.
    @Test func rule33_aPopoverInACompactWidthIsASheetTheUserCanSwipeDown() throws {
        let tree = try tree()
        try popover(tree)
        _ = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["popover"]?.presentationStyle == .pageSheet)
        #expect(snapshot.controllers["popover"]?.presentationSettings.modalPresentationStyle == .popover)
        #expect(snapshot.views["popover.view"]?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(snapshot.controllers["root"]?.appearance == .appeared)
        _ = tree.run([call("popover", "beginInteractiveDismissal")])
        let finish = tree.run([call("popover", "finishInteractiveDismissal")])
        #expect(containment(finish).last == "popover.presentationControllerDidDismiss")
        #expect(tree.snapshot().controllers["root"]?.presentedViewController == nil)
    }

    @Test func rule33_aPopoverInARegularWidthKeepsItsOwnSizeAndCannotBeSwiped() throws {
        let tree = try tree(.regular)
        try popover(tree)
        _ = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        #expect(tree.snapshot().controllers["popover"]?.presentationStyle == .popover)
        #expect(tree.snapshot().views["popover.view"]?.frame == Rect(x: 362, y: 284, width: 300, height: 200))
        let swipe = tree.perform([call("popover", "beginInteractiveDismissal")], atomic: false, now: t0)
        #expect(swipe.failure?.code == "not_a_sheet")
    }

    /// The delegate's `.none` keeps the popover on an iPhone; UIKit asks before the
    /// transition loads the presented view.
    @Test func rule33_theDelegateAnswerNoneKeepsThePopover() throws {
        let tree = try tree()
        try popover(tree, answer: AdaptivePresentationStyle.none)
        let events = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        #expect(
            Array(trace(events).prefix(4)) == [
                "popover.adaptivePresentationStyle", "popover.willPresentWithAdaptiveStyle", "popover.loadView", "popover.viewDidLoad",
            ])
        #expect(events.first?.args == ["traitCollection": ["horizontalSizeClass": "compact"], "result": "none"])
        #expect(events[1].args == ["style": "none"])
        #expect(tree.snapshot().controllers["popover"]?.presentationStyle == .popover)
        #expect(tree.perform([call("popover", "beginInteractiveDismissal")], atomic: false, now: t0).failure?.code == "not_a_sheet")
    }

    /// An answer of `fullScreen` (iOS 12's adaptation) covers the presenter, as a full-screen
    /// presentation does.
    @Test func rule33_theDelegateAnswerFullScreenCoversThePresenter() throws {
        let tree = try tree()
        try popover(tree, answer: .fullScreen)
        let events = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        #expect(
            containment(events).filter { !$0.contains("adaptive") && !$0.contains("Adaptive") } == [
                "root.viewWillDisappear", "popover.viewWillAppear", "popover.viewIsAppearing", "popover.viewDidAppear", "root.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["popover"]?.presentationStyle == .fullScreen)
        #expect(tree.snapshot().window.statusBar.decidedBy == "popover")
    }

    @Test func rule33_aPresentedPopoverAdaptsWhenTheWidthChanges() throws {
        let tree = try tree(.regular)
        try popover(tree)
        _ = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        let compact = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844], "horizontalSizeClass": "compact"])])
        #expect(!compact.contains { $0.controller == "root" && $0.callback?.hasSuffix("Appear") == true })
        #expect(tree.snapshot().controllers["popover"]?.presentationStyle == .pageSheet)
        #expect(tree.snapshot().views["popover.view"]?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        _ = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        #expect(tree.snapshot().controllers["popover"]?.presentationStyle == .popover)
        #expect(tree.snapshot().views["popover.view"]?.frame == Rect(x: 362, y: 284, width: 300, height: 200))
    }

    /// A form sheet behaves as a page sheet in a compact width; a full-screen presentation
    /// does not adapt, and its delegate is not asked.
    @Test func rule33_onlySheetsAndPopoversAdapt() throws {
        let tree = try tree()
        _ = try tree.createController(ControllerSpec(id: "form", presentationSettings: PresentationSettings(modalPresentationStyle: .formSheet)), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "full", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen),
                answers: ControllerAnswers(adaptivePresentationStyle: .pageSheet)),
            now: t0)
        _ = tree.run([call("root", "present", ["viewController": "form", "animated": false])])
        #expect(tree.snapshot().controllers["form"]?.presentationStyle == .pageSheet)
        _ = tree.run([call("form", "dismiss", ["animated": false])])
        let events = tree.run([call("root", "present", ["viewController": "full", "animated": false])])
        #expect(!events.contains { $0.callback == "adaptivePresentationStyle" })
        #expect(tree.snapshot().controllers["full"]?.presentationStyle == .fullScreen)
    }
}
