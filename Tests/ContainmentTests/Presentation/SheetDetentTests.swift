import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rule 50: a sheet's detents, the user's drag between them,
/// and the changes the app makes itself.
@Suite struct SheetDetentTests {
    /// A visible window (compact width) whose root `root` shows `child`; detached `modal` with
    /// `style` and `sheet`.
    func tree(style: ModalPresentationStyle? = .pageSheet, sheet: SheetPresentationSettings? = nil) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "sheet", configuration: TreeConfiguration(),
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "modal", presentationSettings: PresentationSettings(modalPresentationStyle: style, sheetPresentationController: sheet)),
            now: t0)
        return tree
    }

    let mediumAndLarge = SheetPresentationSettings(detents: [.medium, .large])

    func present(_ tree: ContainmentTree) {
        _ = tree.run([call("root", "present", ["viewController": "modal", "animated": false])])
    }

    func sheet(_ tree: ContainmentTree) -> SheetPresentationSettings? {
        tree.snapshot().controllers["modal"]?.presentationSettings.sheetPresentationController
    }

    func drag(_ detent: JSONValue, _ args: [String: JSONValue] = [:]) -> RawCall {
        call("modal", "dragSheet", args.merging(["detentIdentifier": detent]) { $1 })
    }

    @Test func rule50_aSheetRestsAtItsSmallestDetentUnlessOneIsSelected() throws {
        let plain = try tree(style: nil)
        #expect(sheet(plain) == nil, "nothing declared and not presented: nothing to show")
        present(plain)
        #expect(sheet(plain) == SheetPresentationSettings(detents: [.large], selectedDetentIdentifier: .large, prefersGrabberVisible: false))
        let declared = try tree(sheet: SheetPresentationSettings(detents: [.medium, .large], prefersGrabberVisible: true))
        #expect(sheet(declared)?.selectedDetentIdentifier == nil, "not presented: the declared value")
        present(declared)
        #expect(sheet(declared)?.selectedDetentIdentifier == .medium)
        #expect(sheet(declared)?.prefersGrabberVisible == true)
        let selected = try tree(sheet: SheetPresentationSettings(detents: [.medium, .large], selectedDetentIdentifier: .large))
        present(selected)
        #expect(sheet(selected)?.selectedDetentIdentifier == .large)
    }

    @Test func rule50_onlyASheetHasDetentsToShow() throws {
        let tree = try tree(style: .fullScreen, sheet: mediumAndLarge)
        present(tree)
        #expect(sheet(tree) == SheetPresentationSettings(detents: [.medium, .large], prefersGrabberVisible: false))
        #expect(tree.perform([drag("large")], atomic: false, now: t0).failure?.code == "not_a_sheet")
        let animate = tree.perform([call("modal", "animateChanges", ["selectedDetentIdentifier": "large"])], atomic: false, now: t0)
        #expect(animate.failure?.code == "not_a_sheet")
    }

    @Test func rule50_detentsMustBeOrderedNonEmptyAndHoldTheSelectedOne() throws {
        for bad in [
            SheetPresentationSettings(detents: []), SheetPresentationSettings(detents: [.large, .medium]),
            SheetPresentationSettings(detents: [.large, .large]), SheetPresentationSettings(selectedDetentIdentifier: .medium),
        ] {
            #expect(throws: ContainmentError.self) { try self.tree(sheet: bad) }
        }
        let tree = try tree(sheet: mediumAndLarge)
        let patch = ControllerPatch(
            presentationSettings: PresentationSettingsPatch(sheetPresentationController: SheetPresentationSettingsPatch(detents: [.large])))
        _ = try tree.updateController(
            "modal",
            ControllerPatch(
                presentationSettings: PresentationSettingsPatch(sheetPresentationController: SheetPresentationSettingsPatch(selectedDetentIdentifier: .medium))),
            now: t0)
        #expect(throws: ContainmentError.self) { try tree.updateController("modal", patch, now: t0) }
        #expect(sheet(tree)?.detents == [.medium, .large], "a refused PATCH changes nothing")
        // Before it presents, a sheet's controller can be set up already.
        #expect(tree.run([call("modal", "animateChanges", ["detents": ["large"], "selectedDetentIdentifier": .null])]).isEmpty)
        #expect(sheet(tree)?.detents == [.large])
    }

    @Test func rule50_theUsersDragToAnotherDetentTellsTheDelegateOnce() throws {
        let tree = try tree(sheet: mediumAndLarge)
        present(tree)
        let events = tree.run([drag("large")])
        #expect(trace(events) == ["modal.sheetPresentationControllerDidChangeSelectedDetentIdentifier"])
        #expect(sheet(tree)?.selectedDetentIdentifier == .large)
        #expect(tree.snapshot().controllers["modal"]?.appearance == .appeared)
        #expect(trace(tree.run([drag("medium")])) == ["modal.sheetPresentationControllerDidChangeSelectedDetentIdentifier"])
        #expect(sheet(tree)?.selectedDetentIdentifier == .medium)
    }

    @Test func rule50_aDragBackToTheDetentTheSheetRestsAtSendsNothing() throws {
        let tree = try tree(sheet: mediumAndLarge)
        present(tree)
        #expect(tree.run([drag("medium")]).isEmpty, "nil selected: the sheet rests at the smallest")
        #expect(tree.nodes.controllers["modal"]?.presentationSettings.sheetPresentationController?.selectedDetentIdentifier == nil)
    }

    @Test func rule50_aDragBelowTheSmallestDetentIsTheSwipeDown() throws {
        let tree = try tree(sheet: mediumAndLarge)
        present(tree)
        let events = tree.run([drag(.null)])
        #expect(
            containment(events) == [
                "modal.presentationControllerShouldDismiss", "modal.presentationControllerWillDismiss", "modal.viewWillDisappear",
                "modal.notifyWhenInteractionChanges", "modal.viewDidDisappear", "modal.animateAlongsideTransitionCompletion",
                "modal.presentationControllerDidDismiss",
            ])
        #expect(tree.snapshot().controllers["root"]?.presentedViewController == nil)
        #expect(!events.contains { $0.controller == "root" || $0.controller == "child" })
    }

    @Test func rule50_aDragBelowTheSmallestDetentOfAModalSheetOnlyAttemptsToDismiss() throws {
        let tree = try tree(sheet: mediumAndLarge)
        _ = try tree.updateController("modal", ControllerPatch(presentationSettings: PresentationSettingsPatch(isModalInPresentation: true)), now: t0)
        present(tree)
        #expect(trace(tree.run([drag(.null)])) == ["modal.presentationControllerDidAttemptToDismiss"])
        _ = try tree.updateController("modal", ControllerPatch(presentationSettings: PresentationSettingsPatch(isModalInPresentation: false)), now: t0)
        #expect(
            trace(tree.run([drag(.null, ["shouldDismiss": false])])) == [
                "modal.presentationControllerShouldDismiss", "modal.presentationControllerDidAttemptToDismiss",
            ])
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "root")
        #expect(tree.run([drag("large")]).count == 1, "a modal sheet still changes detent")
    }

    @Test func rule50_programmaticChangesTellNoOne() throws {
        let tree = try tree(sheet: mediumAndLarge)
        present(tree)
        let animated = tree.run([
            call(
                "modal", "animateChanges",
                ["selectedDetentIdentifier": "large", "largestUndimmedDetentIdentifier": "medium", "prefersGrabberVisible": true])
        ])
        #expect(animated.isEmpty)
        #expect(
            sheet(tree)
                == SheetPresentationSettings(
                    detents: [.medium, .large], selectedDetentIdentifier: .large, largestUndimmedDetentIdentifier: .medium,
                    prefersGrabberVisible: true))
        let patched = try tree.updateController(
            "modal",
            ControllerPatch(
                presentationSettings: PresentationSettingsPatch(
                    sheetPresentationController: SheetPresentationSettingsPatch(selectedDetentIdentifier: .some(nil)))),
            now: t0)
        #expect(patched.isEmpty)
        #expect(sheet(tree)?.selectedDetentIdentifier == .medium)
        let detents = tree.run([call("modal", "animateChanges", ["detents": ["large"], "selectedDetentIdentifier": .null])])
        #expect(detents.isEmpty)
        #expect(sheet(tree)?.selectedDetentIdentifier == .large)
    }

    @Test func rule50_refusedSheetCallsChangeNothing() throws {
        let tree = try tree(sheet: mediumAndLarge)
        #expect(tree.perform([drag("large")], atomic: false, now: t0).failure?.code == "not_presented")
        present(tree)
        let before = tree.snapshot()
        for refused in [
            drag("huge"), call("modal", "dragSheet"), drag("large", ["shouldDismiss": false]),
            call("modal", "animateChanges", ["detents": []]), call("modal", "animateChanges", ["selectedDetentIdentifier": "small"]),
            call("modal", "animateChanges", ["detents": ["large"], "selectedDetentIdentifier": "medium"]), call("modal", "animateChanges", ["grabber": true]),
        ] {
            let outcome = tree.perform([refused], atomic: false, now: t0)
            #expect(outcome.failure != nil, "\(refused)")
            #expect(outcome.events.isEmpty)
        }
        let restricted = try self.tree(sheet: SheetPresentationSettings(detents: [.large]))
        present(restricted)
        #expect(restricted.perform([drag("medium")], atomic: false, now: t0).failure?.field == "calls[0].args.detentIdentifier")
        _ = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(tree.perform([drag("large")], atomic: false, now: t0).failure?.code == "not_on_screen")
        #expect(tree.snapshot().controllers["modal"]?.presentationSettings == before.controllers["modal"]?.presentationSettings)
    }

    /// A popover in a compact width is shown as a sheet; its detents are the ones declared.
    @Test func rule50_aPopoverShownAsASheetHasDetents() throws {
        let tree = try tree(style: .popover, sheet: mediumAndLarge)
        present(tree)
        #expect(sheet(tree)?.selectedDetentIdentifier == .medium)
        #expect(trace(tree.run([drag("large")])) == ["modal.sheetPresentationControllerDidChangeSelectedDetentIdentifier"])
    }
}
