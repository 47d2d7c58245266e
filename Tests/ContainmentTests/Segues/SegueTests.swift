import Testing

@testable import Containment

/// docs/uikit-rules-segues.md, rules 45–46: storyboard segues.
@Suite struct SegueTests {
    /// Tabs (manual clock): a navigation controller whose root `list` has a show segue to
    /// `detail` and a present segue to `form` (refused by `shouldPerformSegue`), and implements
    /// `unwindToList`; `other`. `detail` and the full-screen `form` unwind to it.
    func storyboard() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "s", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(
                        id: "nav", kind: .navigationController,
                        viewControllers: [
                            ControllerSpec(
                                id: "list",
                                segueSettings: SegueSettings(
                                    segues: [
                                        SegueSpec(identifier: "showDetail", kind: .show, destination: "detail"),
                                        SegueSpec(identifier: "compose", kind: .present, destination: "form", shouldPerform: false),
                                    ], unwindActions: ["unwindToList": true]))
                        ]),
                    ControllerSpec(id: "other"),
                ]),
            now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "detail", segueSettings: SegueSettings(segues: [SegueSpec(identifier: "done", kind: .unwind, action: "unwindToList")])), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "form", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen),
                segueSettings: SegueSettings(segues: [SegueSpec(identifier: "cancel", kind: .unwind, action: "unwindToList")])),
            now: t0)
        return tree
    }

    func lifecycle(_ events: [Event]) -> [String] {
        trace(events).filter { !$0.contains("Layout") }
    }

    /// `prepare(for:sender:)` comes before the destination's view loads; a show segue in a
    /// navigation controller pushes.
    @Test func rule45_performSegueCallsPrepareBeforeTheDestinationLoads() throws {
        let tree = try storyboard()
        let events = tree.run([call("list", "performSegue", ["identifier": "showDetail"])])
        #expect(
            lifecycle(events) == [
                "list.prepare", "detail.willMove(nav)", "detail.loadView", "detail.viewDidLoad", "list.viewWillDisappear",
                "detail.viewWillAppear", "detail.viewIsAppearing",
            ])
        #expect(events.first?.args == ["identifier": "showDetail", "kind": "show", "destination": "detail"])
        #expect(lifecycle(tree.advance(to: t0 + 1)) == ["list.viewDidDisappear", "detail.viewDidAppear", "detail.didMove(nav)"])
    }

    /// A segue the user triggers asks `shouldPerformSegue` first; code's `performSegue` does not.
    @Test func rule45_aTriggeredSegueAsksShouldPerformSegueFirst() throws {
        let tree = try storyboard()
        let refused = tree.run([call("list", "triggerSegue", ["identifier": "compose"])])
        #expect(lifecycle(refused) == ["list.shouldPerformSegue"])
        #expect(refused.first?.args == ["identifier": "compose", "result": false])
        let allowed = tree.run([call("list", "triggerSegue", ["identifier": "showDetail"])])
        #expect(lifecycle(allowed).prefix(2) == ["list.shouldPerformSegue", "list.prepare"])
        let programmatic = tree.run([call("list", "performSegue", ["identifier": "compose"])], now: t0 + 1)
        #expect(lifecycle(programmatic).first == "list.prepare")
        #expect(tree.snapshot().controllers["form"]?.presentingViewController == "tabs")
    }

    @Test func rule45_anUnknownSegueIsUIKitsException() throws {
        let tree = try storyboard()
        let outcome = tree.perform([call("list", "performSegue", ["identifier": "nope"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "no_segue")
        #expect(outcome.failure?.message == "Receiver (<list>) has no segue with identifier 'nope'")
    }

    /// A container view's embed segue runs while the parent's view loads: `prepare` on the
    /// parent, the child embedded with its whole load, all before the parent's `viewDidLoad`.
    @Test func rule45_embedSeguesRunBeforeTheParentsViewDidLoad() throws {
        let tree = try ContainmentTree(
            id: "e",
            root: ControllerSpec(
                id: "parent", containerViews: [ContainerViewSpec(id: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))],
                children: [ControllerSpec(id: "embedded", containerView: "box", embedSegue: "embedContent")]),
            now: t0)
        #expect(
            lifecycle(tree.creationEvents) == [
                "parent.loadView", "parent.prepare", "embedded.willMove(parent)", "embedded.loadView", "embedded.viewDidLoad",
                "embedded.didMove(parent)", "parent.viewDidLoad", "parent.viewWillAppear", "embedded.viewWillAppear",
                "parent.viewIsAppearing", "embedded.viewIsAppearing", "parent.viewDidAppear", "embedded.viewDidAppear",
            ])
        #expect(tree.snapshot().views["embedded.view"]?.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        // A detached parent embeds nothing until its view loads.
        _ = try tree.createController(
            ControllerSpec(id: "later", children: [ControllerSpec(id: "inner", embedSegue: "embed")]), now: t0)
        #expect(tree.snapshot().controllers["inner"]?.parent == nil)
        #expect(lifecycle(tree.run([call("later", "loadViewIfNeeded")])).prefix(3) == ["later.loadView", "later.prepare", "inner.willMove(later)"])
    }

    /// Unwinding from a pushed controller: the navigation controller's allowed children are
    /// searched, `list` answers, and the navigation controller pops to it.
    @Test func rule46_unwindWithinANavigationControllerPopsToTheDestination() throws {
        let tree = try storyboard()
        _ = tree.run([call("list", "performSegue", ["identifier": "showDetail"])])
        _ = tree.advance(to: t0 + 1)
        let unwind = tree.run([call("detail", "performSegue", ["identifier": "done"])], now: t0 + 1)
        #expect(
            lifecycle(unwind) == [
                "nav.allowedChildrenForUnwinding", "list.canPerformUnwindSegueAction", "detail.prepare", "list.unwindAction",
                "nav.unwind", "detail.willMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear", "list.viewIsAppearing",
            ])
        #expect(unwind.first?.args == ["source": "detail", "result": ["list"]])
        #expect(unwind.first { $0.callback == "unwind" }?.args == ["identifier": "done", "towards": "list"])
        _ = tree.advance(to: t0 + 2)
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list"])
    }

    /// Unwinding from a presented controller: the search goes out to its presenter, then down
    /// through its children; the presenter dismisses, then the navigation controller pops.
    @Test func rule46_unwindOutOfAPresentationDismissesThenPops() throws {
        let tree = try storyboard()
        _ = tree.run([call("list", "performSegue", ["identifier": "showDetail", "sender": "list"])])
        _ = tree.run([call("detail", "present", ["viewController": "form", "animated": false])], now: t0 + 1)
        let unwind = tree.run([call("form", "performSegue", ["identifier": "cancel"])], now: t0 + 1)
        #expect(
            containment(unwind) == [
                "tabs.allowedChildrenForUnwinding", "nav.canPerformUnwindSegueAction", "nav.allowedChildrenForUnwinding",
                "list.canPerformUnwindSegueAction", "form.prepare", "list.unwindAction", "tabs.unwind", "form.viewWillDisappear",
                "tabs.viewWillAppear", "nav.viewWillAppear", "detail.viewWillAppear", "nav.unwind", "detail.willMove(nil)",
                "detail.viewWillDisappear", "list.viewWillAppear", "tabs.viewIsAppearing", "nav.viewIsAppearing", "list.viewIsAppearing",
            ])
        _ = tree.advance(to: t0 + 2)
        #expect(tree.snapshot().controllers["form"]?.presentingViewController == nil)
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list"])
        #expect(tree.appearance("list") == .appeared)
    }

    /// A container's `allowedChildrenForUnwinding` decides which children are searched; an
    /// unwind no controller answers does nothing beyond the search.
    @Test func rule46_allowedChildrenForUnwindingLimitsTheSearch() throws {
        let tree = try storyboard()
        _ = try tree.updateController("nav", ControllerPatch(segueSettings: SegueSettingsPatch(allowedChildrenForUnwinding: .some([]))), now: t0)
        _ = tree.run([call("list", "performSegue", ["identifier": "showDetail"])])
        _ = tree.advance(to: t0 + 1)
        let unwind = tree.run([call("detail", "performSegue", ["identifier": "done"])], now: t0 + 1)
        #expect(
            lifecycle(unwind) == [
                "nav.allowedChildrenForUnwinding", "nav.canPerformUnwindSegueAction", "tabs.allowedChildrenForUnwinding",
                "other.canPerformUnwindSegueAction", "tabs.canPerformUnwindSegueAction",
            ])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list", "detail"])
    }

    @Test func rule45_declarationsAreChecked() throws {
        let tree = try visibleTree()
        func refusal(_ spec: ControllerSpec) -> String? {
            do {
                _ = try tree.createController(spec, now: t0)
                return nil
            } catch {
                return error.field
            }
        }
        #expect(refusal(ControllerSpec(id: "a", segueSettings: SegueSettings(segues: [SegueSpec(identifier: "s", kind: .show)]))) == "segues[0].destination")
        #expect(refusal(ControllerSpec(id: "a", segueSettings: SegueSettings(segues: [SegueSpec(identifier: "u", kind: .unwind)]))) == "segues[0].action")
        #expect(
            refusal(ControllerSpec(id: "a", segueSettings: SegueSettings(segues: [SegueSpec(identifier: "e", kind: .embed, destination: "b")])))
                == "segues[0].kind")
        let twice = [SegueSpec(identifier: "s", kind: .present, destination: "b"), SegueSpec(identifier: "s", kind: .present, destination: "c")]
        #expect(refusal(ControllerSpec(id: "a", segueSettings: SegueSettings(segues: twice))) == "segues[1].identifier")
        #expect(
            refusal(ControllerSpec(id: "a", children: [ControllerSpec(id: "b", frame: Rect(x: 0, y: 0, width: 1, height: 1), embedSegue: "e")]))
                == "children[0].frame")
    }
}
