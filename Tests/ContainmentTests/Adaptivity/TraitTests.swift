import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 32: trait changes, overrides, and presented
/// controllers in the size and trait walks.
@Suite struct TraitTests {
    func tree() throws -> ContainmentTree {
        try ContainmentTree(
            id: "traits",
            root: ControllerSpec(
                id: "root", children: [ControllerSpec(id: "side", children: [ControllerSpec(id: "inner")]), ControllerSpec(id: "content")]),
            now: t0)
    }

    func traitEvents(_ events: [Event]) -> [String] {
        trace(events.filter { ["willTransition", "traitCollectionDidChange", "viewWillTransition"].contains($0.callback ?? "") })
    }

    @Test func rule32_willTransitionComesBeforeEveryTraitCollectionDidChangeOnceEach() throws {
        let tree = try tree()
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "side.willTransition", "inner.willTransition", "content.willTransition",
                "root.traitCollectionDidChange", "side.traitCollectionDidChange", "inner.traitCollectionDidChange",
                "content.traitCollectionDidChange",
            ])
        #expect(events.first?.args == ["newCollection": ["horizontalSizeClass": "regular"]])
    }

    /// A rotation that crosses size classes (an iPhone Plus turned to landscape): the trait
    /// transition wraps the size change.
    @Test func rule32_aRotationAcrossSizeClassesTellsTraitsThenSizeThenTraitsChanged() throws {
        let tree = try ContainmentTree(id: "rotation", root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        let events = tree.run([call("window", "setSize", ["size": ["width": 926, "height": 428], "horizontalSizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "child.willTransition", "root.viewWillTransition", "child.viewWillTransition",
                "root.traitCollectionDidChange", "child.traitCollectionDidChange",
            ])
        #expect(tree.snapshot().window.size == Size(width: 926, height: 428))
        #expect(tree.snapshot().window.horizontalSizeClass == .regular)
    }

    /// `setOverrideTraitCollection(_:forChild:)` changes the child and what it contains, with
    /// no transition; a later window change skips what the override keeps as it is.
    @Test func rule32_anOverrideForAChildTellsItsSubtreeOnly() throws {
        let tree = try tree()
        let override = tree.run([
            call("root", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "side"])
        ])
        #expect(traitEvents(override) == ["side.traitCollectionDidChange", "inner.traitCollectionDidChange"])
        var snapshot = tree.snapshot()
        #expect(snapshot.controllers["side"]?.overrideTraitCollection == TraitOverrides(horizontalSizeClass: .regular))
        #expect(snapshot.controllers["inner"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        #expect(snapshot.controllers["content"]?.traitCollection == nil)
        #expect(try tree.controller("inner").traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        let window = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            traitEvents(window) == [
                "root.willTransition", "content.willTransition", "root.traitCollectionDidChange", "content.traitCollectionDidChange",
            ])
        snapshot = tree.snapshot()
        #expect(snapshot.controllers.values.allSatisfy { $0.traitCollection == nil })
        #expect(tree.run([call("root", "setOverrideTraitCollection", ["collection": .null, "forChild": "side"])]).isEmpty)
        #expect(tree.snapshot().controllers["side"]?.overrideTraitCollection == nil)
    }

    @Test func rule32_anOverrideIsForAChildAndLeavesWithIt() throws {
        let tree = try tree()
        let outcome = tree.perform(
            [call("root", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "inner"])],
            atomic: false, now: t0)
        #expect(outcome.failure?.code == "not_a_child")
        let bad = tree.perform(
            [call("root", "setOverrideTraitCollection", ["collection": ["userInterfaceStyle": "dark"], "forChild": "side"])],
            atomic: false, now: t0)
        #expect(bad.failure?.field == "calls[0].args.collection.userInterfaceStyle")
        _ = tree.run([call("root", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "side"])])
        _ = try tree.hideContentController("side", from: "root", now: t0)
        #expect(tree.snapshot().controllers["side"]?.overrideTraitCollection == nil)
    }

    /// The common pattern: a compact window whose container overrides a split view
    /// controller's traits to regular shows both columns.
    @Test func rule32_anOverrideSeparatesASplitViewController() throws {
        let tree = try ContainmentTree(
            id: "override",
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "split", kind: .splitViewController, primary: ControllerSpec(id: "p"), secondary: ControllerSpec(id: "s"))
                ]),
            now: t0)
        #expect(tree.snapshot().controllers["split"]?.isCollapsed == true)
        _ = tree.run([call("root", "setOverrideTraitCollection", ["collection": ["horizontalSizeClass": "regular"], "forChild": "split"])])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["split"]?.isCollapsed == false)
        #expect(snapshot.views["split.view"]?.subviews == ["p.view", "s.view"])
        #expect(snapshot.controllers["s"]?.appearance == .appeared)
    }

    /// iOS 17's `traitOverrides` on the controller itself, spec and PATCH.
    @Test func rule32_traitOverridesChangeTheControllerAndWhatItContains() throws {
        let tree = try ContainmentTree(
            id: "overrides",
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "split", kind: .splitViewController, primary: ControllerSpec(id: "p"), secondary: ControllerSpec(id: "s"),
                        answers: ControllerAnswers(traitOverrides: TraitOverrides(horizontalSizeClass: .regular)))
                ]),
            now: t0)
        #expect(tree.snapshot().controllers["split"]?.isCollapsed == false)
        #expect(tree.snapshot().controllers["s"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        let events = try tree.updateController("split", ControllerPatch(answers: ControllerAnswersPatch(traitOverrides: .some(nil))), now: t0)
        #expect(traitEvents(events) == ["split.traitCollectionDidChange", "p.traitCollectionDidChange", "s.traitCollectionDidChange"])
        #expect(tree.snapshot().controllers["split"]?.isCollapsed == true)
    }

    /// Presentation controllers pass size and trait changes on to what they present, after
    /// the presenter's own children: full screen with the window's size, a context
    /// presentation with its context's, a popover not at all (it keeps its own size).
    @Test func rule32_presentedControllersAreToldAfterTheirPresentersChildren() throws {
        let tree = try ContainmentTree(
            id: "presented",
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "modal", children: [ControllerSpec(id: "form")], presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        _ = tree.run([call("root", "present", ["viewController": "modal", "animated": false])])
        let size = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        #expect(
            traitEvents(size) == ["root.viewWillTransition", "child.viewWillTransition", "modal.viewWillTransition", "form.viewWillTransition"])
        #expect(size.first { $0.controller == "modal" }?.args == ["size": ["width": 844, "height": 390]])
        let traits = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            traitEvents(traits) == [
                "root.willTransition", "child.willTransition", "modal.willTransition", "form.willTransition",
                "root.traitCollectionDidChange", "child.traitCollectionDidChange", "modal.traitCollectionDidChange",
                "form.traitCollectionDidChange",
            ])
    }

    @Test func rule32_aPopoverKeepsItsSizeAndAContextPresentationTakesItsContexts() throws {
        let tree = try ContainmentTree(
            id: "sizes", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular),
            root: ControllerSpec(
                id: "root", containerViews: [ContainerViewSpec(id: "box")],
                children: [
                    ControllerSpec(id: "context", containerView: "box", frame: Rect(x: 0, y: 0, width: 400, height: 300))
                ]),
            now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "popover", preferredContentSize: Size(width: 300, height: 200),
                presentationSettings: PresentationSettings(
                    modalPresentationStyle: .popover, popoverPresentationController: PopoverPresentationController(sourceView: "root.view"))
            ), now: t0)
        _ = tree.run([call("root", "present", ["viewController": "popover", "animated": false])])
        #expect(tree.snapshot().views["popover.view"]?.frame == Rect(x: 362, y: 284, width: 300, height: 200))
        let events = tree.run([call("window", "setSize", ["size": ["width": 768, "height": 1024]])])
        #expect(!events.contains { $0.controller == "popover" })
        #expect(tree.snapshot().views["popover.view"]?.frame == Rect(x: 234, y: 412, width: 300, height: 200))
    }

    /// Declarative trees too: a spec's `presented` controllers are in the walks, a context
    /// presentation told its context's size after the context's children.
    @Test func rule32_presentedSpecsAreInTheWalksAndAContextPresentationTakesItsContextsSize() throws {
        let tree = try ContainmentTree(
            id: "declared",
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "context", frame: Rect(x: 0, y: 0, width: 200, height: 300),
                        presentationSettings: PresentationSettings(definesPresentationContext: true),
                        presented: ControllerSpec(id: "over", presentationSettings: PresentationSettings(modalPresentationStyle: .overCurrentContext)))
                ], childContentSizes: ["context": Size(width: 200, height: 300)]),
            now: t0)
        #expect(tree.snapshot().controllers["over"]?.presentingViewController == "context")
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390], "horizontalSizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "context.willTransition", "over.willTransition", "root.viewWillTransition",
                "root.traitCollectionDidChange", "context.traitCollectionDidChange", "over.traitCollectionDidChange",
            ])
        _ = try tree.updateController("root", ControllerPatch(childContentSizes: ["context": Size(width: 250, height: 300)]), now: t0)
        let resized = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844]])])
        #expect(traitEvents(resized) == ["root.viewWillTransition", "context.viewWillTransition", "over.viewWillTransition"])
        #expect(resized.last { $0.callback == "viewWillTransition" }?.args == ["size": ["width": 250, "height": 300]])
    }

    /// A presentation controller passes a size change on whether or not its presenter heard
    /// of it: a full-screen presentation made by a context presentation whose size stays is told.
    @Test func rule32_aFullScreenPresentationIsToldThoughItsPresenterKeepsItsSize() throws {
        let tree = try ContainmentTree(
            id: "nested",
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(
                        id: "context", frame: Rect(x: 0, y: 0, width: 200, height: 300),
                        presentationSettings: PresentationSettings(definesPresentationContext: true),
                        presented: ControllerSpec(
                            id: "over", presentationSettings: PresentationSettings(modalPresentationStyle: .overCurrentContext),
                            presented: ControllerSpec(id: "cover", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen))))
                ], childContentSizes: ["context": Size(width: 200, height: 300)]),
            now: t0)
        #expect(tree.snapshot().controllers["cover"]?.presentingViewController == "over")
        let events = tree.run([call("window", "setSize", ["size": ["width": 844, "height": 390]])])
        #expect(traitEvents(events) == ["root.viewWillTransition", "cover.viewWillTransition"])
    }
}
