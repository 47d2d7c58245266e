import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 40: calls a controller's overrides make inside its
/// callbacks run there, `super` first, before UIKit goes on.
@Suite struct OverrideTests {
    /// The window shows `root`; `modal`, `extra` and `detail` are detached.
    func tree(_ overrides: [String: [RawCall]], on id: String = "vc", children: [ControllerSpec] = []) throws -> ContainmentTree {
        let tree = try visibleTree(others: ["modal", "extra", "detail"])
        _ = try tree.createController(ControllerSpec(id: id, children: children.isEmpty ? nil : children, overrides: overrides), now: t0)
        return tree
    }

    func showRoot(_ id: String = "vc") -> RawCall {
        call("window", "setRootViewController", ["rootViewController": .string(id)])
    }

    /// The outer `setViewControllers([p2])` removes `p1`, whose `didMove(toParent: nil)` sets
    /// `p3`: the inner call takes the outer's place, so `p3` is the one page and `p2` is told
    /// nothing (before: both were children and appeared, the pages said `p2`).
    @Test func rule40_aRemovedPagesDidMoveOverrideThatSetsAnotherPageTakesTheOuterSetsPlace() throws {
        let tree = try ContainmentTree(
            id: "pages", root: ControllerSpec(id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "p1")]), now: t0)
        for id in ["p2", "p3"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let setP3 = call("pages", "setViewControllers", ["viewControllers": ["p3"], "animated": false])
        _ = try tree.updateController("p1", ControllerPatch(overrides: ["didMove": [setP3]]), now: t0)
        let events = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "animated": false])])
        #expect(
            trace(events).filter { !$0.contains("Layout") } == [
                "p1.willMove(nil)", "p1.viewWillDisappear", "p1.viewDidDisappear", "p1.didMove(nil)", "p3.willMove(pages)", "p3.loadView",
                "p3.viewDidLoad", "p3.viewWillAppear", "p3.viewIsAppearing", "p3.viewDidAppear", "p3.didMove(pages)",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["pages"]?.viewControllers == ["p3"])
        #expect(snapshot.controllers["pages"]?.children == ["p3"])
        #expect(snapshot.views["pages.view"]?.subviews == ["p3.view"])
        #expect(tree.appearance("p2") == .disappeared)
        #expect(snapshot.controllers["p2"]?.parent == nil)
    }

    /// `setViewControllers([a, b, c])` adds `b`, whose `willMove` sets `a`, `d`: that call
    /// takes the outer one's place, so `b` leaves again (its override's second run changes
    /// nothing) and `c` is told nothing (before: the stack said `a`, `b`, `c`, and `d` was a
    /// child too).
    @Test func rule40_aStackSetFromAnAddedControllersWillMoveTakesTheOuterSetsPlace() throws {
        let tree = try ContainmentTree(
            id: "nav", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        for id in ["b", "c", "d"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let setD = call("nav", "setViewControllers", ["viewControllers": ["a", "d"], "animated": false])
        _ = try tree.updateController("b", ControllerPatch(overrides: ["willMove": [setD]]), now: t0)
        let events = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "b", "c"], "animated": false])])
        #expect(
            trace(events).filter { !$0.contains("Layout") } == [
                "b.willMove(nav)", "d.willMove(nav)", "d.loadView", "d.viewDidLoad", "a.viewWillDisappear", "d.viewWillAppear",
                "b.willMove(nil)", "b.didMove(nil)", "d.viewIsAppearing", "a.viewDidDisappear", "d.viewDidAppear", "d.didMove(nav)",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["nav"]?.viewControllers == ["a", "d"])
        #expect(snapshot.controllers["nav"]?.children == ["a", "d"])
        #expect(snapshot.controllers["b"]?.parent == nil)
        #expect(snapshot.controllers["c"]?.parent == nil)
    }

    /// `setViewControllers([t1, t2, t3])` on tabs `t1` adds `t2`, whose `willMove` sets the tabs
    /// to `t1`, `t3`: that call takes the outer one's place, so `t2` leaves again.
    @Test func rule40_tabsSetFromAnAddedTabsWillMoveTakeTheOuterSetsPlace() throws {
        let tree = try ContainmentTree(
            id: "tabs", root: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "t1")]), now: t0)
        for id in ["t2", "t3"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let setTabs = call("tabs", "setViewControllers", ["viewControllers": ["t1", "t3"], "animated": false])
        _ = try tree.updateController("t2", ControllerPatch(overrides: ["willMove": [setTabs]]), now: t0)
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["t1", "t2", "t3"], "animated": false])])
        #expect(
            trace(events).filter { !$0.contains("Layout") } == [
                "t2.willMove(tabs)", "t3.willMove(tabs)", "t3.didMove(tabs)", "t2.willMove(nil)", "t2.didMove(nil)",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["tabs"]?.viewControllers == ["t1", "t3"])
        #expect(snapshot.controllers["tabs"]?.children == ["t1", "t3"])
        #expect(snapshot.controllers["t2"]?.parent == nil)
    }

    @Test func rule40_presentFromViewDidLoadFindsTheViewOutOfTheWindow() throws {
        let tree = try tree(["viewDidLoad": [call("vc", "present", ["viewController": "modal", "animated": false])]])
        let events = tree.run([showRoot()])
        let warning = "Attempt to present <modal> on <vc> (from <vc>) whose view is not in the window hierarchy."
        #expect(
            containment(events) == [
                "root.viewWillDisappear", "warning(vc): \(warning)", "vc.viewWillAppear", "vc.viewIsAppearing", "root.viewDidDisappear",
                "vc.viewDidAppear",
            ])
        let logged = events.first { $0.warning == warning }
        #expect(logged?.calledFrom == OverrideFrame(controller: "vc", callback: "viewDidLoad", call: 0, depth: 1))
        #expect(events.first { $0.callback == "viewWillAppear" }?.calledFrom == nil)
        #expect(tree.snapshot().controllers["modal"]?.presentingViewController == nil)
    }

    /// The override runs after its controller's callback (`super` first) and before UIKit
    /// forwards the callback to the children.
    @Test func rule40_anOverrideRunsBeforeTheChildrenAreToldTheSame() throws {
        let tree = try tree(["viewWillAppear": [call("vc", "setNeedsStatusBarAppearanceUpdate")]], children: [ControllerSpec(id: "child")])
        let events = tree.run([showRoot()])
        #expect(
            containment(events).prefix(4) == [
                "root.viewWillDisappear", "vc.viewWillAppear", "vc.setNeedsStatusBarAppearanceUpdate", "child.viewWillAppear",
            ])
        #expect(events.first { $0.callback == "setNeedsStatusBarAppearanceUpdate" }?.calledFrom?.callback == "viewWillAppear")
    }

    /// A child added in `viewDidAppear` appears within the same request: its deferred
    /// callbacks come at the end of the same turn.
    @Test func rule40_aChildAddedInViewDidAppearAppearsInTheSameTurn() throws {
        let tree = try tree([
            "viewDidAppear": [
                call("vc", "addChild", ["child": "extra"]), call("vc.view", "addSubview", ["view": "extra.view"]),
                call("extra", "didMove", ["toParent": "vc"]),
            ]
        ])
        let events = tree.run([showRoot()])
        #expect(
            trace(events) == [
                "root.viewWillDisappear", "vc.loadView", "vc.viewDidLoad", "vc.viewWillAppear", "vc.viewIsAppearing",
                "vc.viewWillLayoutSubviews", "vc.viewDidLayoutSubviews", "root.viewDidDisappear", "vc.viewDidAppear",
                "extra.willMove(vc)", "extra.loadView", "extra.viewDidLoad", "extra.viewWillAppear", "extra.didMove(vc)",
                "vc.viewWillLayoutSubviews", "vc.viewDidLayoutSubviews", "extra.viewIsAppearing", "extra.viewWillLayoutSubviews",
                "extra.viewDidLayoutSubviews", "extra.viewDidAppear",
            ])
        #expect(tree.appearance("extra") == .appeared)
    }

    /// A push from the root's `viewWillAppear` while its navigation controller first appears:
    /// the push starts at once, turning the root away before its own appearance ends.
    @Test func rule40_pushFromViewWillAppearStartsInsideTheAppearance() throws {
        let tree = try ContainmentTree(
            id: "push", configuration: TreeConfiguration(onScreen: false, clock: "manual"),
            root: ControllerSpec(
                id: "nav", kind: .navigationController,
                viewControllers: [
                    ControllerSpec(id: "list", overrides: ["viewWillAppear": [call("nav", "pushViewController", ["viewController": "detail"])]])
                ]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "detail"), now: t0)
        let shown = tree.run([call("window", "makeKeyAndVisible")])
        #expect(
            containment(shown) == [
                "nav.viewWillAppear", "list.viewWillAppear", "detail.willMove(nav)", "list.viewWillDisappear", "detail.viewWillAppear",
                "nav.viewIsAppearing", "detail.viewIsAppearing", "nav.viewDidAppear",
            ])
        let ended = tree.advance(to: t0 + 1)
        #expect(containment(ended) == ["list.viewDidDisappear", "detail.viewDidAppear", "detail.didMove(nav)"])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list", "detail"])
    }

    /// Listing 5-5 of Apple's container guide as overrides: a container that does not forward
    /// appearance calls begin/end on its child from its own four callbacks.
    @Test func rule40_manualForwardingFromTheContainersOwnCallbacks() throws {
        let tree = try ContainmentTree(
            id: "manual", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(
                id: "container", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "child")],
                overrides: [
                    "viewWillAppear": [call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": false])],
                    "viewDidAppear": [call("child", "endAppearanceTransition")],
                    "viewWillDisappear": [call("child", "beginAppearanceTransition", ["isAppearing": false, "animated": false])],
                    "viewDidDisappear": [call("child", "endAppearanceTransition")],
                ]),
            now: t0)
        #expect(
            containment(tree.run([call("window", "makeKeyAndVisible")])) == [
                "container.viewWillAppear", "child.viewWillAppear", "container.viewIsAppearing", "container.viewDidAppear",
                "child.viewIsAppearing", "child.viewDidAppear",
            ])
        #expect(
            containment(tree.run([call("window", "setHidden", ["hidden": true])])) == [
                "container.viewWillDisappear", "child.viewWillDisappear", "container.viewDidDisappear", "child.viewDidDisappear",
            ])
    }

    /// Two overrides that call each other (each moving the view the other just moved) nest
    /// until the depth bound: the request is refused with the overrides it ran in, and nothing
    /// changes.
    @Test func rule40_overridesThatCallEachOtherAreALoopThatChangesNothing() throws {
        let tree = try tree([
            "viewWillAppear": [call("vc.view", "removeFromSuperview")],
            "viewWillDisappear": [call("root.view", "addSubview", ["view": "vc.view"])],
        ])
        _ = tree.run([call("vc", "loadViewIfNeeded")])
        let before = tree.snapshot()
        let outcome = tree.perform([call("root.view", "addSubview", ["view": "vc.view"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "override_loop")
        #expect(outcome.failure?.callIndex == 0)
        #expect(outcome.failure?.overrideStack?.count == ContainmentTree.maxOverrideDepth)
        #expect(outcome.failure?.overrideStack?.first == OverrideFrame(controller: "vc", callback: "viewWillAppear", call: 0, depth: 1))
        #expect(outcome.failure?.overrideStack?.last?.callback == "viewWillDisappear")
        #expect(outcome.events.isEmpty)
        #expect(outcome.applied == 0)
        #expect(tree.snapshot() == before)
    }

    /// A `viewDidAppear` that makes its controller appear again ends every turn with another
    /// appearance: no nesting, but the calls overrides run within one request are bounded.
    @Test func rule40_aLoopAcrossTheTurnsEndIsBoundedByTheCallsItRuns() throws {
        let tree = try tree(["viewDidAppear": [call("vc.view", "removeFromSuperview"), call("root.view", "addSubview", ["view": "vc.view"])]])
        _ = tree.run([call("vc", "loadViewIfNeeded")])
        let before = tree.snapshot()
        let outcome = tree.perform([call("root.view", "addSubview", ["view": "vc.view"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "too_many_override_calls")
        // It failed at the turn's end, which belongs to every call of the request.
        #expect(outcome.failure?.callIndex == nil)
        #expect(outcome.applied == 0)
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
    }

    /// An exception inside an override refuses the request that caused it, naming where.
    @Test func rule40_anExceptionInsideAnOverrideRefusesTheRequest() throws {
        let tree = try tree(["viewWillAppear": [call("vc", "setNeedsStatusBarAppearanceUpdate"), call("vc", "addChild", ["child": "vc"])]])
        let before = tree.snapshot()
        let outcome = tree.perform([call("vc", "loadViewIfNeeded"), showRoot()], atomic: false, now: t0)
        #expect(outcome.failure?.code == "child_is_self")
        #expect(outcome.failure?.exceptionName == "NSInvalidArgumentException")
        #expect(outcome.failure?.callIndex == 1)
        #expect(outcome.failure?.overrideStack == [OverrideFrame(controller: "vc", callback: "viewWillAppear", call: 1, depth: 1)])
        // The first call stays applied, as in any non-atomic batch.
        #expect(outcome.applied == 1)
        #expect(trace(outcome.events) == ["vc.loadView", "vc.viewDidLoad"])
        #expect(tree.snapshot().window.rootViewController == before.window.rootViewController)
    }

    /// Work no request caused (an animation ending on the clock) cannot be refused: an
    /// exception there is logged, its call undone and the rest of the override skipped.
    @Test func rule40_anExceptionWhenAnAnimationEndsIsLogged() throws {
        let tree = try ContainmentTree(
            id: "nav", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "detail",
                overrides: [
                    "viewDidAppear": [
                        call("nav", "pushViewController", ["viewController": "list"]), call("detail", "setNeedsStatusBarAppearanceUpdate"),
                    ]
                ]),
            now: t0)
        _ = tree.run([call("nav", "pushViewController", ["viewController": "detail"])])
        let ended = tree.advance(to: t0 + 1)
        #expect(
            containment(ended) == [
                "list.viewDidDisappear", "detail.viewDidAppear",
                "warning(detail): uncaught exception in detail.viewDidAppear (call 0): NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (<list>); the call was undone and the rest of the override skipped",
                "detail.didMove(nav)",
            ])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["list", "detail"])
    }

    @Test func rule40_unloadingAViewInsideACallbackIsRefused() throws {
        let tree = try tree(["viewDidDisappear": [call("vc", "unloadView")]])
        _ = tree.run([showRoot()])
        let outcome = tree.perform([call("window", "setRootViewController", ["rootViewController": "root"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "unload_in_callback")
        #expect(outcome.failure?.overrideStack?.first?.callback == "viewDidDisappear")
        #expect(tree.snapshot().window.rootViewController == "vc")
    }

    /// A call inside an override that returns something (`targetViewController`, rule 30)
    /// returns it to the override: the request's `results` hold only what its own calls return.
    @Test func rule40_whatAnOverridesCallReturnsIsNotTheRequestsResult() throws {
        let tree = try tree(["viewDidLoad": [call("vc", "targetViewController", ["forAction": "show"])]])
        let loaded = tree.perform([call("vc", "loadViewIfNeeded")], atomic: false, now: t0)
        #expect(loaded.failure == nil)
        #expect(loaded.results == nil)
        let asked = tree.perform(
            [call("extra", "loadViewIfNeeded"), call("vc", "targetViewController", ["forAction": "show"])], atomic: false, now: t0)
        #expect(asked.results == [.null, .null])
    }

    @Test func rule40_aPatchMergesOverridesAndNullRemovesOne() throws {
        let tree = try tree(["viewDidLoad": [call("vc", "setNeedsStatusBarAppearanceUpdate")]])
        _ = try tree.updateController(
            "vc", ControllerPatch(overrides: ["viewDidAppear": [call("vc", "setNeedsStatusBarAppearanceUpdate")]]), now: t0)
        #expect(tree.snapshot().controllers["vc"]?.overrides?.keys.sorted() == ["viewDidAppear", "viewDidLoad"])
        _ = try tree.updateController("vc", ControllerPatch(overrides: ["viewDidLoad": [RawCall]?.none]), now: t0)
        #expect(tree.snapshot().controllers["vc"]?.overrides?.keys.sorted() == ["viewDidAppear"])
        _ = try tree.updateController("vc", ControllerPatch(overrides: ["viewDidAppear": [RawCall]?.none]), now: t0)
        #expect(tree.snapshot().controllers["vc"]?.overrides == nil)
    }

    @Test func rule40_declarationsAreChecked() throws {
        let tree = try visibleTree()
        func refusal(_ overrides: [String: [RawCall]]) -> ContainmentError? {
            do {
                _ = try tree.createController(ControllerSpec(id: "bad", overrides: overrides), now: t0)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(["viewDidFoo": []])?.field == "overrides.viewDidFoo")
        #expect(refusal(["viewDidLoad": [call("window", "runLoop")]])?.field == "overrides.viewDidLoad[0].method")
        let many = Array(repeating: call("bad", "setNeedsStatusBarAppearanceUpdate"), count: ContainmentTree.maxCallsPerOverride + 1)
        #expect(refusal(["viewDidLoad": many])?.field == "overrides.viewDidLoad")
        #expect(tree.controllerCount == 1)
    }

    /// The iOS 9/10 threads' setup (docs/uikit-rules-callbacks.md, "viewDidAppear twice"): a
    /// container that forwards automatically and also calls begin/end on its child from its
    /// own callbacks. The child appears once: a begin in the container's `viewWillAppear` comes
    /// before the forwarding, which finds the child appearing already; a begin in its
    /// `viewDidAppear` finds it appearing, UIKit's "Unbalanced calls" warning (rule 9), and the
    /// end that follows is its one `viewDidAppear`.
    @Test func rule40_manualForwardingWhileForwardingAutomaticallyIsOneAppearance() throws {
        func shown(_ overrides: [String: [RawCall]]) throws -> [String] {
            let tree = try ContainmentTree(
                id: "both", configuration: TreeConfiguration(onScreen: false),
                root: ControllerSpec(id: "container", children: [ControllerSpec(id: "child")], overrides: overrides), now: t0)
            return containment(tree.run([call("window", "makeKeyAndVisible")]))
        }
        let begin = call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": false])
        let end = call("child", "endAppearanceTransition")
        #expect(
            try shown(["viewWillAppear": [begin], "viewDidAppear": [end]]) == [
                "container.viewWillAppear", "child.viewWillAppear", "container.viewIsAppearing", "container.viewDidAppear",
                "child.viewIsAppearing", "child.viewDidAppear",
            ])
        let unbalanced = "warning(child): Unbalanced calls to begin/end appearance transitions for <child>"
        #expect(
            try shown(["viewDidAppear": [begin, end]]) == [
                "container.viewWillAppear", "child.viewWillAppear", "container.viewIsAppearing", "child.viewIsAppearing",
                "container.viewDidAppear", unbalanced, "child.viewDidAppear",
            ])
    }
}
