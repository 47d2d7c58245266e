import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rules 19–23: modal presentation.
@Suite struct PresentationRuleTests {
    /// A visible window whose root `root` shows `child`; detached `modal`, `second` and
    /// `third` with the given presentation style.
    func presentingTree(
        style: ModalPresentationStyle? = nil, clock: String = "real", childDefinesContext: Bool = false
    ) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "modal", configuration: TreeConfiguration(clock: clock),
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "child", children: [ControllerSpec(id: "leaf")],
                        presentationSettings: PresentationSettings(definesPresentationContext: childDefinesContext))
                ]),
            now: t0)
        for id in ["modal", "second", "third"] {
            _ = try tree.createController(ControllerSpec(id: id, presentationSettings: PresentationSettings(modalPresentationStyle: style)), now: t0)
        }
        return tree
    }

    /// Events without the layout pass, which the rules do not talk about.
    func lifecycle(_ events: [Event]) -> [String] {
        trace(events.filter { $0.callback != "viewWillLayoutSubviews" && $0.callback != "viewDidLayoutSubviews" })
    }

    func present(_ presented: String, on receiver: String, animated: Bool = false) -> RawCall {
        call(receiver, "present", ["viewController": .string(presented), "animated": .bool(animated)])
    }

    func dismiss(_ receiver: String, animated: Bool = false) -> RawCall {
        call(receiver, "dismiss", ["animated": .bool(animated)])
    }

    // MARK: Rule 19

    @Test func rule19_presentWalksToTheRootAncestorWhichPresents() throws {
        let tree = try presentingTree(style: .fullScreen)
        _ = tree.run([present("modal", on: "leaf")])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["modal"]?.presentingViewController == "root")
        #expect(snapshot.controllers["modal"]?.parent == nil)
        // The presenter's descendants report the presented controller too.
        for id in ["root", "child", "leaf"] {
            #expect(snapshot.controllers[id]?.presentedViewController == "modal")
            #expect(snapshot.controllers[id]?.presentingViewController == nil)
        }
        // A controller that is itself presented is a root: it presents what it is sent.
        _ = tree.run([present("second", on: "modal")])
        #expect(tree.snapshot().controllers["second"]?.presentingViewController == "modal")
        #expect(tree.snapshot().controllers["modal"]?.presentedViewController == "second")
    }

    @Test func rule19_contextStylesArePresentedByTheAncestorDefiningTheContext() throws {
        let tree = try presentingTree(style: .currentContext, childDefinesContext: true)
        let events = tree.run([present("modal", on: "leaf")])
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "child")
        #expect(tree.snapshot().controllers["root"]?.presentedViewController == nil)
        #expect(tree.snapshot().controllers["leaf"]?.presentedViewController == "modal")
        // currentContext covers the context only: the root hears nothing.
        #expect(
            lifecycle(events) == [
                "modal.loadView", "modal.viewDidLoad", "child.viewWillDisappear", "leaf.viewWillDisappear",
                "modal.viewWillAppear", "modal.viewIsAppearing", "modal.viewDidAppear", "child.viewDidDisappear",
                "leaf.viewDidDisappear",
            ])
        #expect(tree.appearance("root") == .appeared)
        // Without a controller defining the context, the root presents.
        let plain = try presentingTree(style: .overCurrentContext)
        _ = plain.run([present("modal", on: "leaf")])
        #expect(plain.snapshot().controllers["modal"]?.presentingViewController == "root")
    }

    @Test func rule19_automaticIsAPageSheetForAPlainController() throws {
        let tree = try presentingTree()
        #expect(tree.snapshot().controllers["modal"]?.presentationSettings.modalPresentationStyle == .automatic)
        let events = tree.run([present("modal", on: "root")])
        #expect(lifecycle(events) == ["modal.loadView", "modal.viewDidLoad", "modal.viewWillAppear", "modal.viewIsAppearing", "modal.viewDidAppear"])
        #expect(tree.hierarchyText().contains("presented with: <UISheetPresentationController>"))
    }

    // MARK: Rule 20

    @Test func rule20_coveringPresentationOrderWithThePresentersDescendants() throws {
        let tree = try presentingTree(style: .fullScreen, clock: "manual")
        let start = tree.run([present("modal", on: "root", animated: true)])
        #expect(
            lifecycle(start) == [
                "modal.loadView", "modal.viewDidLoad", "root.viewWillDisappear", "child.viewWillDisappear",
                "leaf.viewWillDisappear", "modal.viewWillAppear", "modal.viewIsAppearing",
            ])
        #expect(tree.nextDueTime == t0 + ContainmentTree.presentationDuration)
        let end = tree.advance(to: t0 + ContainmentTree.presentationDuration)
        #expect(
            lifecycle(end) == ["modal.viewDidAppear", "root.viewDidDisappear", "child.viewDidDisappear", "leaf.viewDidDisappear"])
        // UIKit removes the covered presenter's views.
        #expect(tree.snapshot().views["window"]?.subviews == ["modal.view"])
        #expect(tree.snapshot().views["root.view"]?.inWindow == false)
    }

    @Test func rule20_coveringDismissalPresenterDidAppearBeforePresentedDidDisappear() throws {
        let tree = try presentingTree(style: .fullScreen, clock: "manual")
        _ = tree.run([present("modal", on: "root")])
        let start = tree.run([dismiss("modal", animated: true)], now: t0 + 1)
        #expect(
            lifecycle(start) == [
                "modal.viewWillDisappear", "root.viewWillAppear", "child.viewWillAppear", "leaf.viewWillAppear",
                "root.viewIsAppearing", "child.viewIsAppearing", "leaf.viewIsAppearing",
            ])
        let end = tree.advance(to: t0 + 1 + ContainmentTree.presentationDuration)
        #expect(lifecycle(end) == ["root.viewDidAppear", "child.viewDidAppear", "leaf.viewDidAppear", "modal.viewDidDisappear"])
        #expect(tree.snapshot().views["window"]?.subviews == ["root.view"])
        #expect(tree.snapshot().controllers["modal"]?.view?.superview == nil)
    }

    /// The covered presenter made another controller's child meanwhile: its view cannot go
    /// back into the window (the hierarchy rule), so it and its children stay disappeared.
    @Test func rule20_aPresenterWhoseViewCannotBePutBackStaysDisappeared() throws {
        let tree = try presentingTree(style: .fullScreen, clock: "manual")
        _ = tree.run([present("modal", on: "root")])
        #expect(containment(tree.run([call("second", "addChild", ["child": "root"])])) == ["root.willMove(second)"])
        let dismissed = lifecycle(tree.run([dismiss("modal")]))
        #expect(dismissed.first == "modal.viewWillDisappear")
        #expect(dismissed.dropFirst().first?.hasPrefix("warning(root): could not put back the view of <root>") == true)
        #expect(dismissed.dropFirst(2) == ["modal.viewDidDisappear"])
        for id in ["root", "child", "leaf"] {
            #expect(tree.appearance(id) == .disappeared, "\(id)")
        }
        #expect(tree.snapshot().views["root.view"]?.inWindow == false)
        PropertyTests.checkInvariants(tree)
        PropertyTests.checkPresentationInvariants(tree)
    }

    @Test func rule20_nonCoveringStylesGiveThePresenterNoCallback() throws {
        for style in [ModalPresentationStyle.automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .popover] {
            let tree = try presentingTree(style: style)
            let shown = tree.run([present("modal", on: "root")])
            let hidden = tree.run([dismiss("modal")])
            #expect(!(shown + hidden).contains { ["root", "child", "leaf"].contains($0.controller) }, "\(style)")
            #expect(lifecycle(hidden) == ["modal.viewWillDisappear", "modal.viewDidDisappear"], "\(style)")
            #expect(tree.appearance("root") == .appeared)
        }
    }

    // MARK: Rule 21

    @Test func rule21_beingPresentedAndDismissedInThePresentedControllersCallbacks() throws {
        let tree = try presentingTree(style: .fullScreen, clock: "manual")
        let start = tree.run([present("modal", on: "root", animated: true)])
        #expect(tree.snapshot().controllers["modal"]?.isBeingPresented == true)
        let end = tree.advance(to: t0 + 1)
        #expect(tree.snapshot().controllers["modal"]?.isBeingPresented == false)
        let appearance = ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        for event in start + end where appearance.contains(event.callback ?? "") {
            #expect(event.isBeingPresented == (event.controller == "modal" ? true : nil))
            #expect(event.isBeingDismissed == nil)
        }
        let dismissal = tree.run([dismiss("modal")], now: t0 + 2)
        for event in dismissal where appearance.contains(event.callback ?? "") {
            #expect(event.isBeingDismissed == (event.controller == "modal" ? true : nil))
            #expect(event.isBeingPresented == nil)
        }
        #expect(tree.snapshot().controllers["modal"]?.isBeingDismissed == false)
    }

    @Test func rule21_dismissOnThePresentedIsForwardedToItsPresenter() throws {
        let tree = try presentingTree(style: .fullScreen)
        _ = tree.run([present("modal", on: "root")])
        let events = tree.run([dismiss("modal")])
        #expect(lifecycle(events).first == "modal.viewWillDisappear")
        #expect(tree.snapshot().controllers["root"]?.presentedViewController == nil)
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == nil)
        // With nothing presented, dismiss does nothing.
        #expect(tree.run([dismiss("root")]).isEmpty)
    }

    @Test func rule21_dismissingAStackDismissesEverythingAboveTheMiddleDisappearsWithoutAnimation() throws {
        let tree = try presentingTree(clock: "manual")
        _ = tree.run([present("modal", on: "root"), call("window", "runLoop"), present("second", on: "modal")])
        #expect(tree.appearance("modal") == .appeared)
        let start = tree.run([dismiss("root", animated: true)], now: t0 + 1)
        #expect(lifecycle(start) == ["second.viewWillDisappear", "modal.viewWillDisappear"])
        #expect(start.first { $0.controller == "second" }?.args["animated"] == true)
        #expect(start.first { $0.controller == "modal" }?.args["animated"] == false)
        #expect(start.allSatisfy { $0.isBeingDismissed == true })
        let end = tree.advance(to: t0 + 2)
        #expect(lifecycle(end) == ["second.viewDidDisappear", "modal.viewDidDisappear"])
        for id in ["root", "modal", "second"] {
            #expect(tree.snapshot().controllers[id]?.presentedViewController == nil)
            #expect(tree.snapshot().controllers[id]?.presentingViewController == nil)
        }
        #expect(tree.snapshot().views["window"]?.subviews == ["root.view"])
    }

    @Test func rule21_dismissingACoveringStackSkipsTheCoveredMiddle() throws {
        let tree = try presentingTree(style: .fullScreen)
        _ = tree.run([present("modal", on: "root"), call("window", "runLoop"), present("second", on: "modal")])
        #expect(tree.appearance("modal") == .disappeared)
        let events = tree.run([dismiss("root")])
        #expect(
            lifecycle(events) == [
                "second.viewWillDisappear", "root.viewWillAppear", "child.viewWillAppear", "leaf.viewWillAppear",
                "root.viewIsAppearing", "child.viewIsAppearing", "leaf.viewIsAppearing", "root.viewDidAppear",
                "child.viewDidAppear", "leaf.viewDidAppear", "second.viewDidDisappear",
            ])
        #expect(tree.snapshot().views["window"]?.subviews == ["root.view"])
    }

    // MARK: Rule 22

    @Test func rule22_presentExceptionsChangeNothing() throws {
        let tree = try presentingTree()
        _ = tree.run([present("second", on: "root")])
        let before = tree.snapshot()
        let cases: [(RawCall, String, String)] = [
            (
                call("root", "present", ["viewController": .null]), "present_nil",
                "Application tried to present a nil modal view controller on target <root>."
            ),
            (
                present("modal", on: "modal"), "present_on_itself",
                "Application tried to present modal view controller on itself. Presenting controller is <modal>."
            ),
            (
                present("child", on: "second"), "present_child",
                "Application tried to present modally a view controller <child> that has a parent view controller <root>."
            ),
            (
                present("second", on: "modal"), "already_presented",
                "Application tried to present modally a view controller <second> that is already being presented by <root>."
            ),
            (present("root", on: "second"), "present_active", "Application tried to present modally an active controller <root>."),
        ]
        for (rejected, code, message) in cases {
            let outcome = tree.perform([rejected], atomic: false, now: t0)
            #expect(outcome.failure?.code == code)
            #expect(outcome.failure?.exceptionName == "NSInvalidArgumentException")
            #expect(outcome.failure?.message == message)
            #expect(outcome.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
    }

    @Test func rule22_presentWarningsPresentNothing() throws {
        let tree = try presentingTree(clock: "manual")
        _ = tree.run([present("modal", on: "root", animated: true)])
        let inProgress = tree.run([present("second", on: "child")])
        #expect(
            trace(inProgress) == [
                "warning(child): Attempt to present <second> on <root> (from <child>) while a presentation is in progress."
            ])
        _ = tree.advance(to: t0 + 1)
        let busy = tree.run([present("second", on: "leaf")], now: t0 + 1)
        #expect(trace(busy) == ["warning(leaf): Attempt to present <second> on <root> (from <leaf>) which is already presenting <modal>."])
        let offWindow = tree.run([present("second", on: "third")], now: t0 + 1)
        #expect(
            trace(offWindow) == [
                "warning(third): Attempt to present <second> on <third> (from <third>) whose view is not in the window hierarchy."
            ])
        #expect(tree.snapshot().controllers["second"]?.presentingViewController == nil)
        #expect(tree.snapshot().controllers["second"]?.isViewLoaded == false)
    }

    // MARK: Rule 23

    @Test func rule23_sheetSwipeCancelledThenFinished() throws {
        let tree = try presentingTree(style: .pageSheet)
        _ = tree.run([present("modal", on: "root")])
        let begin = tree.run([call("modal", "beginInteractiveDismissal"), call("modal", "updateInteractiveDismissal", ["percent": 0.4])])
        #expect(
            lifecycle(begin) == [
                "modal.presentationControllerShouldDismiss", "modal.presentationControllerWillDismiss", "modal.viewWillDisappear",
            ])
        let cancel = tree.run([call("modal", "cancelInteractiveDismissal")])
        #expect(
            lifecycle(cancel) == [
                "modal.notifyWhenInteractionChanges", "modal.viewWillAppear", "modal.viewIsAppearing", "modal.viewDidAppear",
                "modal.animateAlongsideTransitionCompletion",
            ])
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "root")
        _ = tree.run([call("modal", "beginInteractiveDismissal")])
        let finish = tree.run([call("modal", "finishInteractiveDismissal")])
        #expect(
            lifecycle(finish) == [
                "modal.notifyWhenInteractionChanges", "modal.viewDidDisappear", "modal.animateAlongsideTransitionCompletion",
                "modal.presentationControllerDidDismiss",
            ])
        #expect(tree.snapshot().controllers["root"]?.presentedViewController == nil)
        #expect(!(begin + cancel + finish).contains { $0.controller == "root" })
    }

    @Test func rule23_modalInPresentationOrShouldDismissFalseRefusesTheSwipe() throws {
        let tree = try presentingTree()
        _ = try tree.updateController("modal", ControllerPatch(presentationSettings: PresentationSettingsPatch(isModalInPresentation: true)), now: t0)
        _ = tree.run([present("modal", on: "root")])
        #expect(trace(tree.run([call("modal", "beginInteractiveDismissal")])) == ["modal.presentationControllerDidAttemptToDismiss"])
        _ = try tree.updateController("modal", ControllerPatch(presentationSettings: PresentationSettingsPatch(isModalInPresentation: false)), now: t0)
        let refused = tree.run([call("modal", "beginInteractiveDismissal", ["shouldDismiss": false])])
        #expect(trace(refused) == ["modal.presentationControllerShouldDismiss", "modal.presentationControllerDidAttemptToDismiss"])
        #expect(tree.appearance("modal") == .appeared)
        #expect(tree.perform([call("modal", "finishInteractiveDismissal")], atomic: false, now: t0).failure?.code == "no_interactive_dismissal")
    }

    @Test func rule23_programmaticDismissCallsNoDelegateMethod() throws {
        let tree = try presentingTree()
        _ = tree.run([present("modal", on: "root")])
        let events = tree.run([dismiss("modal")])
        #expect(!events.contains { $0.callback?.hasPrefix("presentationController") == true })
    }

    @Test func rule23_onlyAPresentedSheetCanBeSwiped() throws {
        let tree = try presentingTree(style: .fullScreen)
        #expect(tree.perform([call("modal", "beginInteractiveDismissal")], atomic: false, now: t0).failure?.code == "not_presented")
        _ = tree.run([present("modal", on: "root")])
        #expect(tree.perform([call("modal", "beginInteractiveDismissal")], atomic: false, now: t0).failure?.code == "not_a_sheet")
    }
}
