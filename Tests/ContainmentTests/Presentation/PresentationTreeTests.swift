import Testing

@testable import Containment

/// Presentations in declarative trees, the text dump, deletion and teardown
/// (docs/uikit-rules-presentation.md).
@Suite struct PresentationTreeTests {
    static let presentingSpec = ControllerSpec(
        id: "root", children: [ControllerSpec(id: "child")],
        presented: ControllerSpec(
            id: "sheet", kind: .navigationController, viewControllers: [ControllerSpec(id: "form")],
            presented: ControllerSpec(id: "alert", presentationSettings: PresentationSettings(modalPresentationStyle: .overFullScreen))))

    @Test func presentedSpecBuildsWithTheEventsOfTheCallByCallBuild() throws {
        let declared = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        let byHand = try ContainmentTree(id: "hand", configuration: TreeConfiguration(onScreen: false), now: t0)
        var events = try byHand.createController(ControllerSpec(id: "root", children: [ControllerSpec(id: "child")]), now: t0)
        events += try byHand.createController(
            ControllerSpec(id: "sheet", kind: .navigationController, viewControllers: [ControllerSpec(id: "form")]), now: t0)
        events += try byHand.createController(
            ControllerSpec(id: "alert", presentationSettings: PresentationSettings(modalPresentationStyle: .overFullScreen)), now: t0)
        events += byHand.run([
            call("window", "setRootViewController", ["rootViewController": "root"]), call("window", "makeKeyAndVisible"),
            call("window", "runLoop"), call("root", "present", ["viewController": "sheet", "animated": false]),
            call("window", "runLoop"), call("sheet", "present", ["viewController": "alert", "animated": false]),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(trace(events).contains("alert.viewDidAppear"))
        let snapshot = declared.snapshot()
        #expect(snapshot.controllers["sheet"]?.presentingViewController == "root")
        #expect(snapshot.controllers["alert"]?.presentingViewController == "sheet")
        #expect(snapshot.controllers["form"]?.presentedViewController == "alert")
        #expect(snapshot.controllers["form"]?.presentingViewController == "root")
        #expect(snapshot.controllers["alert"]?.appearance == .appeared)
    }

    @Test func presentedSpecOnADetachedControllerIsRefused() throws {
        let tree = try ContainmentTree(id: "spec", now: t0)
        #expect(throws: ContainmentError.self) {
            try tree.createController(ControllerSpec(id: "a", presented: ControllerSpec(id: "b")), now: t0)
        }
        #expect(tree.controllerCount == 0)
    }

    @Test func hierarchyTextShowsPresentedControllersUnderTheirPresenter() throws {
        let tree = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        _ = try tree.createController(ControllerSpec(id: "cover", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        _ = tree.run([call("alert", "present", ["viewController": "cover", "animated": false])])
        #expect(
            tree.hierarchyText() == """
                <UIWindow window>, visible, size: 390x844, horizontalSizeClass: compact
                <UIViewController root>, state: appeared, view: <UIView root.view>
                   | <UIViewController child>, state: appeared, view: <UIView child.view>
                   + <UINavigationController sheet>, state: appeared, view: <UIView sheet.view>, stack: [form], presented with: <UISheetPresentationController>
                   |    | <UIViewController form>, state: appeared, view: <UIView form.view>
                   |    + <UIViewController alert>, state: disappeared, view: <UIView alert.view> not in the window, presented with: <_UIOverFullscreenPresentationController>
                   |    |    + <UIViewController cover>, state: appeared, view: <UIView cover.view>, presented with: <_UIFullscreenPresentationController>

                """)
    }

    @Test func deletingAPresentingOrPresentedControllerIsRefusedUntilDismissed() throws {
        let tree = try ContainmentTree(id: "spec", root: ControllerSpec(id: "root"), now: t0)
        _ = try tree.createController(ControllerSpec(id: "host", children: [ControllerSpec(id: "inner")]), now: t0)
        _ = try tree.createController(ControllerSpec(id: "modal", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        _ = tree.run([call("root", "present", ["viewController": "modal", "animated": false])])
        #expect(throws: ContainmentError.self) { try tree.deleteController("modal", now: t0) }
        // The covered root leaves the window; swapping roots leaves it presenting.
        _ = tree.run([call("window", "setRootViewController", ["rootViewController": "host"])])
        _ = tree.run([call("window", "setRootViewController", ["rootViewController": .null])])
        do {
            _ = try tree.deleteController("root", now: t0)
            Issue.record("deleting a presenter must be refused")
        } catch {
            #expect(error.code == "controller_presenting")
        }
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "root")
        _ = tree.run([call("modal", "dismiss", ["animated": false])])
        _ = tree.run([call("root.view", "removeFromSuperview")])
        _ = try tree.deleteController("modal", now: t0)
        _ = try tree.deleteController("root", now: t0)
        #expect(tree.snapshot().controllers["modal"] == nil)
    }

    @Test func aPresentedControllerCannotBecomeAChild() throws {
        let tree = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("child", "addChild", ["child": "sheet"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "child_is_presented")
        #expect(outcome.failure?.message == "<sheet> is presented by <root>; dismiss it before adding it as a child")
        #expect(tree.snapshot() == before)
    }

    /// The random presentation test found a presenter made a child of what it presents: the
    /// links then formed a loop, and the text dump never ended. Refused, whether the
    /// requested parent is presented by the child or sits below something that is.
    @Test func aPresenterCannotBecomeAChildOfWhatItPresents() throws {
        let tree = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        let before = tree.snapshot()
        for (parent, child) in [("sheet", "root"), ("form", "root"), ("alert", "root"), ("alert", "sheet")] {
            let outcome = tree.perform([call(parent, "addChild", ["child": .string(child)])], atomic: false, now: t0)
            let expected = child == "sheet" ? "child_is_presented" : "child_presents_parent"
            #expect(outcome.failure?.code == expected, "\(parent).addChild(\(child))")
            #expect(outcome.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
        let outcome = tree.perform([call("alert", "addChild", ["child": "root"])], atomic: false, now: t0)
        #expect(outcome.failure?.message == "<root> presents <alert> or one of its ancestors; dismiss it before adding it as a child")
        // A controller with children that presents nothing is added as usual.
        _ = try tree.createController(ControllerSpec(id: "extra", children: [ControllerSpec(id: "inner")]), now: t0)
        #expect(containment(tree.run([call("alert", "addChild", ["child": "extra"])])).first == "extra.willMove(alert)")
        #expect(tree.hierarchyText().contains("   | <UIViewController inner>"))
    }

    /// The random presentation soak hung here: a presenter whose view left the window was
    /// then presented by what it presents, the presentation links formed a loop, and the next
    /// `addChild` walked it forever. Refused, directly and through a presented ancestor.
    @Test func aPresenterCannotBePresentedByWhatItPresents() throws {
        let tree = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        _ = try tree.createController(ControllerSpec(id: "other"), now: t0)
        _ = tree.run([call("window", "setRootViewController", ["rootViewController": "other"])])
        let before = tree.snapshot()
        for (receiver, presented) in [("sheet", "root"), ("alert", "root"), ("alert", "sheet")] {
            let outcome = tree.perform(
                [call(receiver, "present", ["viewController": .string(presented), "animated": false])], atomic: false, now: t0)
            let expected = presented == "sheet" ? "already_presented" : "presented_presents_presenter"
            #expect(outcome.failure?.code == expected, "\(receiver).present(\(presented))")
            #expect(outcome.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
        let outcome = tree.perform([call("alert", "present", ["viewController": "root"])], atomic: false, now: t0)
        #expect(outcome.failure?.message == "<root> presents <alert> or one of its ancestors; dismiss it before presenting it")
        // The next addChild walks the links again and ends.
        _ = try tree.createController(ControllerSpec(id: "extra", children: [ControllerSpec(id: "inner")]), now: t0)
        #expect(containment(tree.run([call("alert", "addChild", ["child": "extra"])])).first == "extra.willMove(alert)")
    }

    @Test func aPushByThePresenterLeavesItsPresentationRunning() throws {
        let tree = try ContainmentTree(
            id: "nav", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "b"), now: t0)
        _ = try tree.createController(ControllerSpec(id: "modal"), now: t0)
        _ = tree.run([call("a", "present", ["viewController": "modal", "animated": true])])
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == "nav")
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": true])])
        #expect(tree.snapshot().controllers["modal"]?.isBeingPresented == true)
        #expect(containment(tree.advance(to: t0 + 1)).contains("modal.viewDidAppear"))
        #expect(tree.snapshot().controllers["modal"]?.isBeingPresented == false)
    }

    @Test func teardownMakesPresentedControllersDisappear() throws {
        let tree = try ContainmentTree(id: "spec", root: Self.presentingSpec, now: t0)
        let events = tree.tearDown(now: t0)
        #expect(
            containment(events) == [
                "root.viewWillDisappear", "child.viewWillDisappear", "sheet.viewWillDisappear", "form.viewWillDisappear",
                "alert.viewWillDisappear", "root.viewDidDisappear", "child.viewDidDisappear", "sheet.viewDidDisappear",
                "form.viewDidDisappear", "alert.viewDidDisappear",
            ])
        #expect(tree.controllerCount == 0)
    }
}
