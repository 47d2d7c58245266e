import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rules 47–48: a popover's anchor, and the user's tap
/// outside it.
@Suite struct PopoverTests {
    static let regular = TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular, clock: "manual")
    static let compact = TreeConfiguration(clock: "manual")

    /// A window whose root is the navigation controller `nav` showing `top`, and a detached
    /// `presented` of `kind` with `settings`.
    func tree(
        _ configuration: TreeConfiguration = regular, kind: ControllerKind? = nil, settings: PresentationSettings = PresentationSettings()
    ) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "popover", configuration: configuration,
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "top")]), now: t0)
        _ = try tree.createController(ControllerSpec(id: "presented", kind: kind, presentationSettings: settings), now: t0)
        return tree
    }

    static let anchored = PresentationSettings(
        modalPresentationStyle: .popover, popoverPresentationController: PopoverPresentationController(sourceView: "top.view"))

    func present(on receiver: String = "top", animated: Bool = false) -> RawCall {
        call(receiver, "present", ["viewController": "presented", "animated": .bool(animated)])
    }

    /// Refuses `present` with `NSGenericException` and `reason`, changing nothing.
    func expectRefused(_ tree: ContainmentTree, on receiver: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = tree.snapshot()
        let lastSeq = tree.lastSeq
        let outcome = tree.perform([present(on: receiver)], atomic: false, now: t0)
        #expect(outcome.failure?.exceptionName == "NSGenericException", sourceLocation: sourceLocation)
        #expect(outcome.failure?.code == "popover_without_anchor", sourceLocation: sourceLocation)
        #expect(outcome.failure?.message == reason, sourceLocation: sourceLocation)
        #expect(outcome.events.isEmpty, sourceLocation: sourceLocation)
        #expect(tree.lastSeq == lastSeq, sourceLocation: sourceLocation)
        #expect(tree.snapshot() == before, sourceLocation: sourceLocation)
    }

    // MARK: Rule 47

    @Test func rule47_anAnchorlessPopoverInARegularWidthRaisesAndPresentsNothing() throws {
        let tree = try tree(settings: PresentationSettings(modalPresentationStyle: .popover))
        expectRefused(
            tree, on: "top",
            reason:
                "UIPopoverPresentationController (<presented.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        )
    }

    @Test func rule47_anAnchorlessActionSheetNamesTheReceiverOfPresent() throws {
        let tree = try tree(kind: .alertController, settings: PresentationSettings(preferredStyle: .actionSheet))
        expectRefused(
            tree, on: "nav",
            reason:
                "Your application has presented a UIAlertController (<presented>) of style UIAlertControllerStyleActionSheet from UINavigationController (<nav>). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
        )
        #expect(tree.perform([present(on: "top")], atomic: false, now: t0).failure?.message.contains("from UIViewController (<top>)") == true)
    }

    @Test func rule47_anAnchorlessActivityControllerHasItsOwnReason() throws {
        let tree = try tree(kind: .activityViewController)
        expectRefused(
            tree, on: "top",
            reason:
                "Your application has presented a UIActivityViewController (<presented>). In its current trait environment, the modalPresentationStyle of a UIActivityViewController with this style is UIModalPresentationPopover. You must provide location information for this popover through the view controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem. If this information is not known when you present the view controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
        )
    }

    @Test func rule47_aSourceViewOrABarButtonItemAnchorsThePopover() throws {
        let tree = try tree(settings: Self.anchored)
        let events = tree.run([present()])
        #expect(containment(events) == ["presented.viewWillAppear", "presented.viewIsAppearing", "presented.viewDidAppear"])
        #expect(tree.snapshot().controllers["presented"]?.presentationStyle == .popover)
        let item = try self.tree(
            kind: .activityViewController,
            settings: PresentationSettings(popoverPresentationController: PopoverPresentationController(barButtonItem: "share")))
        _ = item.run([present()])
        #expect(item.snapshot().controllers["presented"]?.presentationStyle == .popover)
    }

    @Test func rule47_noAnchorIsNeededInACompactWidth() throws {
        let tree = try tree(Self.compact, settings: PresentationSettings(modalPresentationStyle: .popover))
        _ = tree.run([present()])
        #expect(tree.snapshot().controllers["presented"]?.presentationStyle == .pageSheet)
    }

    @Test func rule47_theAnchorIsValidatedShownAndReplacedWhole() throws {
        let tree = try tree(settings: Self.anchored)
        #expect(tree.snapshot().controllers["presented"]?.presentationSettings.popoverPresentationController?.permittedArrowDirections == [.any])
        for bad in [
            PopoverPresentationController(sourceView: "no spaces"), PopoverPresentationController(sourceRect: Rect(x: 0, y: 0, width: -1, height: 0)),
            PopoverPresentationController(barButtonItem: ""), PopoverPresentationController(permittedArrowDirections: []),
            PopoverPresentationController(permittedArrowDirections: [.up, .up]),
        ] {
            let patch = ControllerPatch(presentationSettings: PresentationSettingsPatch(popoverPresentationController: bad))
            #expect(throws: ContainmentError.self) { try tree.updateController("presented", patch, now: t0) }
        }
        let arrows = PopoverPresentationController(barButtonItem: "share", permittedArrowDirections: [.up, .down])
        _ = try tree.updateController(
            "presented", ControllerPatch(presentationSettings: PresentationSettingsPatch(popoverPresentationController: arrows)), now: t0)
        #expect(tree.snapshot().controllers["presented"]?.presentationSettings.popoverPresentationController == arrows)
        _ = try tree.updateController(
            "presented", ControllerPatch(presentationSettings: PresentationSettingsPatch(popoverPresentationController: .some(nil))), now: t0)
        #expect(tree.snapshot().controllers["presented"]?.presentationSettings.popoverPresentationController == nil)
        #expect(tree.perform([present()], atomic: false, now: t0).failure?.code == "popover_without_anchor")
    }

    // MARK: Rule 48

    @Test func rule48_aTapOutsideDismissesThePopoverBetweenTheDelegatesWillAndDid() throws {
        let tree = try tree(settings: Self.anchored)
        _ = tree.run([present()])
        let tap = tree.run([call("window", "tapOutsidePopover")], now: t0 + 1)
        #expect(
            containment(tap) == [
                "presented.presentationControllerShouldDismiss", "presented.presentationControllerWillDismiss", "presented.viewWillDisappear",
            ])
        #expect(tap.first?.args["result"] == true)
        let end = tree.advance(to: t0 + 1.5)
        #expect(containment(end) == ["presented.viewDidDisappear", "presented.presentationControllerDidDismiss"])
        #expect(!(tap + end).contains { $0.controller == "nav" || $0.controller == "top" })
        #expect(tree.snapshot().controllers["nav"]?.presentedViewController == nil)
    }

    @Test func rule48_modalInPresentationOrShouldDismissFalseKeepsThePopover() throws {
        var settings = Self.anchored
        settings.isModalInPresentation = true
        let tree = try tree(settings: settings)
        _ = tree.run([present()])
        #expect(trace(tree.run([call("window", "tapOutsidePopover")])) == ["presented.presentationControllerDidAttemptToDismiss"])
        _ = try tree.updateController("presented", ControllerPatch(presentationSettings: PresentationSettingsPatch(isModalInPresentation: false)), now: t0)
        let refused = tree.run([call("window", "tapOutsidePopover", ["shouldDismiss": false])])
        #expect(trace(refused) == ["presented.presentationControllerShouldDismiss", "presented.presentationControllerDidAttemptToDismiss"])
        #expect(tree.snapshot().controllers["presented"]?.presentingViewController == "nav")
        #expect(tree.appearance("presented") == .appeared)
    }

    @Test func rule48_onlyAFrontmostPopoverCanBeTappedOutside() throws {
        let tree = try tree(settings: Self.anchored)
        #expect(tree.perform([call("window", "tapOutsidePopover")], atomic: false, now: t0).failure?.code == "no_popover")
        _ = tree.run([present(animated: true)])
        #expect(tree.perform([call("window", "tapOutsidePopover")], atomic: false, now: t0).failure?.code == "presentation_in_progress")
        _ = tree.advance(to: t0 + 1)
        _ = try tree.createController(ControllerSpec(id: "sheet"), now: t0 + 1)
        _ = tree.run([call("presented", "present", ["viewController": "sheet", "animated": false])], now: t0 + 1)
        #expect(tree.perform([call("window", "tapOutsidePopover")], atomic: false, now: t0 + 1).failure?.code == "no_popover")
    }

    @Test func rule48_aProgrammaticDismissOfAPopoverCallsNoDelegateMethod() throws {
        let tree = try tree(settings: Self.anchored)
        _ = tree.run([present()])
        let events = tree.run([call("top", "dismiss", ["animated": false])], now: t0 + 1)
        #expect(containment(events) == ["presented.viewWillDisappear", "presented.viewDidDisappear"])
        #expect(!events.contains { $0.callback?.hasPrefix("presentationController") == true })
    }
}
