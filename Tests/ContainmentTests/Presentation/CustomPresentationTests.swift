import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rule 44: the `custom` style, whose transitioning
/// delegate's presentation controller decides whether the presenter's view goes.
@Suite struct CustomPresentationTests {
    func tree(_ delegate: TransitioningDelegate?) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "custom", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "card", presentationSettings: PresentationSettings(modalPresentationStyle: .custom, transitioningDelegate: delegate)), now: t0)
        return tree
    }

    @Test func rule44_theDefaultPresentationControllerKeepsThePresenter() throws {
        let tree = try tree(nil)
        let present = tree.run([call("root", "present", ["viewController": "card"])])
        #expect(containment(present) == ["card.viewWillAppear", "card.viewIsAppearing"])
        #expect(containment(tree.advance(to: t0 + 0.5)) == ["card.viewDidAppear"])
        #expect(tree.snapshot().views["root.view"]?.inWindow == true)
        #expect(tree.hierarchyText().contains("presented with: <UIPresentationController>"))
        let dismiss = tree.run([call("root", "dismiss")], now: t0 + 1)
        #expect(containment(dismiss) == ["card.viewWillDisappear"])
        #expect(containment(tree.advance(to: t0 + 1.5)) == ["card.viewDidDisappear"])
    }

    @Test func rule44_shouldRemovePresentersViewMakesThePresenterDisappear() throws {
        let tree = try tree(
            TransitioningDelegate(transitionDuration: 0.3, presentationController: CustomPresentationController(shouldRemovePresentersView: true)))
        let present = tree.run([call("root", "present", ["viewController": "card"])])
        #expect(
            containment(present) == ["root.viewWillDisappear", "child.viewWillDisappear", "card.viewWillAppear", "card.viewIsAppearing"])
        #expect(tree.advance(to: t0 + 0.29).isEmpty)
        #expect(
            containment(tree.advance(to: t0 + 0.3)) == ["card.viewDidAppear", "root.viewDidDisappear", "child.viewDidDisappear"])
        #expect(tree.snapshot().views["root.view"]?.inWindow == false)
        let dismiss = tree.run([call("card", "dismiss")], now: t0 + 1)
        #expect(
            containment(dismiss) == [
                "card.viewWillDisappear", "root.viewWillAppear", "child.viewWillAppear", "root.viewIsAppearing", "child.viewIsAppearing",
            ])
        #expect(
            containment(tree.advance(to: t0 + 1.3)) == ["root.viewDidAppear", "child.viewDidAppear", "card.viewDidDisappear"])
        #expect(tree.snapshot().views["root.view"]?.inWindow == true)
    }

    @Test func rule44_theDelegateIsCheckedAndCanBeRemoved() throws {
        let tree = try tree(nil)
        let bad = try? tree.updateController(
            "card", ControllerPatch(presentationSettings: PresentationSettingsPatch(transitioningDelegate: TransitioningDelegate(transitionDuration: -1))),
            now: t0)
        #expect(bad == nil)
        _ = try tree.updateController(
            "card", ControllerPatch(presentationSettings: PresentationSettingsPatch(transitioningDelegate: TransitioningDelegate(transitionDuration: 0.2))),
            now: t0)
        #expect(tree.snapshot().controllers["card"]?.presentationSettings.transitioningDelegate?.transitionDuration == 0.2)
        _ = try tree.updateController("card", ControllerPatch(presentationSettings: PresentationSettingsPatch(transitioningDelegate: .some(nil))), now: t0)
        #expect(tree.snapshot().controllers["card"]?.presentationSettings.transitioningDelegate == nil)
    }
}
