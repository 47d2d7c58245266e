import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rule 19: `definesPresentationContext` defaults per kind.
@Suite struct PresentationContextTests {
    /// A window whose root is a tab bar controller showing a navigation controller `nav` with
    /// `content` as its root; a detached `modal` presented with `style`.
    func tabTree(style: ModalPresentationStyle, navigationDefinesContext: Bool? = nil) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(
                        id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "content")],
                        presentationSettings: PresentationSettings(definesPresentationContext: navigationDefinesContext)),
                    ControllerSpec(id: "other"),
                ]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "modal", presentationSettings: PresentationSettings(modalPresentationStyle: style)), now: t0)
        return tree
    }

    @Test func rule19_onlyANavigationControllerDefinesAPresentationContextByDefault() throws {
        let tree = try tabTree(style: .currentContext)
        let controllers = tree.snapshot().controllers
        #expect(controllers["nav"]?.presentationSettings.definesPresentationContext == true)
        for id in ["tabs", "content", "other", "modal"] {
            #expect(controllers[id]?.presentationSettings.definesPresentationContext == false)
        }
    }

    @Test func rule19_aContextPresentationInsideATabsNavigationControllerIsPresentedByIt() throws {
        let tree = try tabTree(style: .currentContext)
        let events = tree.run([call("content", "present", ["viewController": "modal", "animated": false])])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["modal"]?.presentingViewController == "nav")
        #expect(snapshot.controllers["tabs"]?.presentedViewController == nil)
        // The navigation controller is covered; the tab bar controller and its bar are not.
        #expect(
            containment(events) == [
                "nav.viewWillDisappear", "content.viewWillDisappear", "modal.viewWillAppear", "modal.viewIsAppearing", "modal.viewDidAppear",
                "nav.viewDidDisappear", "content.viewDidDisappear",
            ])
        #expect(tree.appearance("tabs") == .appeared)
        #expect(snapshot.views["modal.view"]?.frame == snapshot.views["nav.view"]?.frame)
    }

    @Test func rule19_aNavigationControllerSetNotToDefineTheContextLeavesItToTheRoot() throws {
        let tree = try tabTree(style: .overCurrentContext, navigationDefinesContext: false)
        _ = tree.run([call("content", "present", ["viewController": "modal", "animated": false])])
        #expect(tree.snapshot().controllers["nav"]?.presentationSettings.definesPresentationContext == false)
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "tabs")
    }
}
