import Testing

@testable import Containment

/// docs/uikit-rules-page-view-controller.md, rules 24 and 25: UIPageViewController.
@Suite struct PageViewControllerTests {
    /// A window whose root is a page view controller showing `p1`; `p2`, `p3` detached.
    func pageTree(_ style: PageTransitionStyle? = nil) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "pages",
            root: ControllerSpec(
                id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "p1")],
                pageViewControllerSettings: PageViewControllerSettings(transitionStyle: style)),
            now: t0)
        for id in ["p2", "p3"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        return tree
    }

    /// Appearance and delegate callbacks without `viewIsAppearing` (the logs predate it).
    func appearanceOnly(_ events: [Event]) -> [String] {
        containment(events).filter { !$0.contains("Move") && !$0.contains("viewIsAppearing") }
    }

    @Test func rule24_declaredPageAppearsAfterItsPageViewController() throws {
        let tree = try pageTree()
        #expect(
            containment(tree.creationEvents) == [
                "p1.willMove(pages)", "p1.didMove(pages)", "pages.viewWillAppear", "p1.viewWillAppear", "pages.viewIsAppearing",
                "p1.viewIsAppearing", "pages.viewDidAppear", "p1.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["pages"]?.viewControllers == ["p1"])
        #expect(snapshot.controllers["pages"]?.children == ["p1"])
        #expect(snapshot.controllers["pages"]?.pageViewControllerSettings.transitionStyle == .pageCurl)
        #expect(snapshot.controllers["pages"]?.automaticallyForwardsAppearance == false)
        #expect(snapshot.views["pages.view"]?.subviews == ["p1.view"])
        #expect(snapshot.views["p1.view"]?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(tree.hierarchyText().contains("<UIPageViewController pages>, state: appeared, view: <UIView pages.view>, pages: [p1], pageCurl"))
    }

    @Test func rule24_declaredPagesEqualCallByCall() throws {
        let declared = try ContainmentTree(
            id: "pages",
            root: ControllerSpec(
                id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "p1")],
                pageViewControllerSettings: PageViewControllerSettings(transitionStyle: .scroll)),
            now: t0)
        let manual = try ContainmentTree(id: "pages", now: t0)
        var events = try manual.createController(
            ControllerSpec(id: "pages", kind: .pageViewController, pageViewControllerSettings: PageViewControllerSettings(transitionStyle: .scroll)), now: t0)
        events += try manual.createController(ControllerSpec(id: "p1"), now: t0)
        events += manual.run([
            call("pages", "setViewControllers", ["viewControllers": ["p1"], "direction": "forward", "animated": false]),
            call("window", "setRootViewController", ["rootViewController": "pages"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
    }

    @Test func rule24_setViewControllersReplacesThePageWithoutTheDelegate() throws {
        let tree = try pageTree()
        let events = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "direction": "reverse", "animated": false])])
        #expect(
            trace(events).filter { !$0.contains("Layout") } == [
                "p1.willMove(nil)", "p1.viewWillDisappear", "p1.viewDidDisappear", "p1.didMove(nil)", "p2.willMove(pages)",
                "p2.loadView", "p2.viewDidLoad", "p2.viewWillAppear", "p2.viewIsAppearing", "p2.viewDidAppear", "p2.didMove(pages)",
            ])
        #expect(events.first { $0.controller == "p1" && $0.callback == "viewWillDisappear" }?.isMovingFromParent == true)
        #expect(events.first { $0.controller == "p2" && $0.callback == "viewDidAppear" }?.isMovingToParent == true)
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["pages"]?.viewControllers == ["p2"])
        #expect(snapshot.controllers["pages"]?.children == ["p2"])
        #expect(snapshot.views["pages.view"]?.subviews == ["p2.view"])
        #expect(tree.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "animated": false])]).isEmpty)
    }

    @Test func rule24_animatedSetViewControllersTakesTimeOnTheClock() throws {
        let tree = try pageTree()
        let start = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "animated": true])])
        #expect(
            containment(start) == ["p1.willMove(nil)", "p2.willMove(pages)", "p1.viewWillDisappear", "p2.viewWillAppear", "p2.viewIsAppearing"])
        #expect(tree.nextDueTime == t0 + 0.35)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p2"])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p1", "p2"])
        let end = tree.advance(to: t0 + 0.35)
        #expect(containment(end) == ["p1.viewDidDisappear", "p2.viewDidAppear", "p1.didMove(nil)", "p2.didMove(pages)"])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p2"])
        #expect(tree.snapshot().views["pages.view"]?.subviews == ["p2.view"])
    }

    /// The window hidden and shown again while an animated `setViewControllers` runs: the new
    /// page follows the page view controller, the page being taken out stays with the
    /// transition and never appears again.
    @Test func rule24_pageBeingTakenOutStaysWithItsTransition() throws {
        let tree = try pageTree()
        _ = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p2"], "animated": true])])
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])], now: t0 + 0.1)
        #expect(appearanceOnly(hidden) == ["pages.viewWillDisappear", "p2.viewWillDisappear", "pages.viewDidDisappear", "p2.viewDidDisappear"])
        let shown = tree.run([call("window", "setHidden", ["hidden": false])], now: t0 + 0.2)
        #expect(appearanceOnly(shown) == ["pages.viewWillAppear", "p2.viewWillAppear", "pages.viewDidAppear", "p2.viewDidAppear"])
        #expect(tree.appearance("p1") == .disappearing)
        PropertyTests.checkInvariants(tree)
        // The end still ends p2, which the window's pass settled: rule 9's warning
        // (docs/uikit-rules.md, rule 12, the window hidden mid-transition).
        let end = tree.advance(to: t0 + 0.35)
        #expect(
            containment(end) == [
                "p1.viewDidDisappear", "warning(p2): Unbalanced calls to begin/end appearance transitions for <p2>", "p1.didMove(nil)",
                "p2.didMove(pages)",
            ])
        #expect(tree.appearance("p1") == .disappeared)
        PropertyTests.checkInvariants(tree)
    }

    @Test func rule24_wrongPageCountIsInvalidArgumentAndChangesNothing() throws {
        let tree = try pageTree()
        let before = tree.snapshot()
        for (pages, count) in [([String](), 0), (["p2", "p3"], 2)] {
            let outcome = tree.perform(
                [call("pages", "setViewControllers", ["viewControllers": .array(pages.map { .string($0) }), "animated": false])],
                atomic: false, now: t0)
            #expect(outcome.failure?.exceptionName == "NSInvalidArgumentException")
            #expect(outcome.failure?.code == "page_count_mismatch")
            #expect(
                outcome.failure?.message
                    == "The number of view controllers provided (\(count)) doesn't match the number required (1) for the requested transition")
            #expect(outcome.events.isEmpty)
        }
        #expect(tree.snapshot() == before)
        // In a spec the same list is a bad field, as is a transition style on another kind.
        do {
            _ = try tree.createController(ControllerSpec(id: "more", kind: .pageViewController, viewControllers: []), now: t0)
            Issue.record("an empty page list was accepted")
        } catch {
            #expect(error.field == "viewControllers")
        }
        do {
            _ = try tree.createController(
                ControllerSpec(id: "plain", pageViewControllerSettings: PageViewControllerSettings(transitionStyle: .scroll)), now: t0)
            Issue.record("a plain controller took a transitionStyle")
        } catch {
            #expect(error.field == "transitionStyle")
        }
        #expect(tree.snapshot() == before)
    }

    @Test func rule24_relaysItsOwnAppearanceToItsPageAfterItsOwnCallback() throws {
        let tree = try pageTree()
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(containment(hidden) == ["pages.viewWillDisappear", "p1.viewWillDisappear", "pages.viewDidDisappear", "p1.viewDidDisappear"])
        let shown = tree.run([call("window", "setHidden", ["hidden": false])])
        #expect(
            containment(shown) == [
                "pages.viewWillAppear", "p1.viewWillAppear", "pages.viewIsAppearing", "p1.viewIsAppearing", "pages.viewDidAppear",
                "p1.viewDidAppear",
            ])
    }

    @Test func rule24_pageViewControllerInANavigationStackRelaysTheTransition() throws {
        let tree = try ContainmentTree(
            id: "nested",
            root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "p1")]), now: t0)
        let start = tree.run([call("nav", "pushViewController", ["viewController": "pages", "animated": true])])
        #expect(appearanceOnly(start) == ["a.viewWillDisappear", "pages.viewWillAppear", "p1.viewWillAppear"])
        let end = tree.advance(to: t0 + 1)
        #expect(appearanceOnly(end) == ["a.viewDidDisappear", "pages.viewDidAppear", "p1.viewDidAppear"])
        #expect(tree.appearance("p1") == .appeared)
    }

    /// A page changed in the turn its page view controller appears follows it: the old page
    /// goes at once, the new one appears with the page view controller.
    @Test func rule24_pageChangedWhileItsPageViewControllerAppears() throws {
        let tree = try pageTree()
        _ = tree.run([call("window", "setHidden", ["hidden": true])])
        let events = tree.run([
            call("window", "setHidden", ["hidden": false]), call("pages", "setViewControllers", ["viewControllers": ["p2"]]),
        ])
        #expect(
            containment(events) == [
                "pages.viewWillAppear", "p1.viewWillAppear", "p1.willMove(nil)", "p1.viewWillDisappear", "p1.viewDidDisappear",
                "p1.didMove(nil)", "p2.willMove(pages)", "p2.viewWillAppear", "p2.didMove(pages)", "pages.viewIsAppearing",
                "p2.viewIsAppearing", "pages.viewDidAppear", "p2.viewDidAppear",
            ])
        #expect(tree.appearance("p1") == .disappeared)
        #expect(tree.appearance("p2") == .appeared)
        PropertyTests.checkInvariants(tree)
    }

    /// Rule 10: a page view controller does not forward appearance automatically, so a page
    /// whose view is removed behind its back (the container guide's hideContentController
    /// instead of setViewControllers) gets no callback and keeps its state.
    @Test func rule10_pageRemovedBehindItsPageViewControllersBackKeepsItsAppearance() throws {
        let tree = try pageTree()
        let events = try tree.hideContentController("p1", from: "pages", now: t0)
        #expect(containment(events) == ["p1.willMove(nil)", "p1.didMove(nil)"])
        #expect(tree.appearance("p1") == .appeared)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == [])
    }

    // MARK: Rule 25: interactive swipes

    /// The window hidden mid-swipe: both pages disappear with the page view controller, and
    /// the swipe's end only settles what is left.
    @Test func rule25_swipeOutlivesItsPageViewControllersAppearance() throws {
        let tree = try pageTree(.scroll)
        _ = swipe(tree)
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(containment(hidden) == ["pages.viewWillDisappear", "p2.viewWillDisappear", "pages.viewDidDisappear", "p2.viewDidDisappear"])
        let finish = tree.run([call("pages", "finishInteractiveSwipe")])
        #expect(
            containment(finish) == ["p1.willMove(nil)", "p1.viewDidDisappear", "p1.didMove(nil)", "p2.didMove(pages)", "pages.didFinishAnimating"])
        PropertyTests.checkInvariants(tree)
        let shown = tree.run([call("window", "setHidden", ["hidden": false])])
        #expect(appearanceOnly(shown) == ["pages.viewWillAppear", "p2.viewWillAppear", "pages.viewDidAppear", "p2.viewDidAppear"])
        #expect(tree.appearance("p1") == .disappeared)
        PropertyTests.checkInvariants(tree)
    }

    /// The current page removed from its parent mid-swipe ends the swipe without the
    /// delegate; the page it was turning to stays a child in the page view controller's view,
    /// so it keeps following the page view controller's appearance.
    @Test func rule25_pageLeftBehindByARemovedSwipeSourceFollowsItsPageViewController() throws {
        let tree = try pageTree(.scroll)
        _ = swipe(tree)
        #expect(containment(tree.run([call("p1", "removeFromParent")])) == ["p1.didMove(nil)"])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p2"])
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == [])
        let hidden = tree.run([call("window", "setHidden", ["hidden": true])])
        #expect(containment(hidden) == ["pages.viewWillDisappear", "p2.viewWillDisappear", "pages.viewDidDisappear", "p2.viewDidDisappear"])
        PropertyTests.checkInvariants(tree)
        // p1's view is still in the page view controller's view without a parent: an orphan
        // (rule 7's exception), whose "did" comes from its view's move, before the container's.
        let shown = tree.run([call("window", "setHidden", ["hidden": false])])
        #expect(
            appearanceOnly(shown) == [
                "pages.viewWillAppear", "p2.viewWillAppear", "p1.viewWillAppear", "p1.viewDidAppear", "pages.viewDidAppear", "p2.viewDidAppear",
            ])
        PropertyTests.checkInvariants(tree)
    }

    func swipe(_ tree: ContainmentTree) -> [Event] {
        tree.run([call("pages", "beginInteractiveSwipe", ["to": "p2", "direction": "forward"])])
    }

    func checkDelegate(_ events: [Event], completed: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        // The last callback apart from the layout pass at the end of the turn.
        let finished = events.last { $0.callback?.contains("Layout") == false }
        #expect(finished?.callback == "didFinishAnimating", sourceLocation: sourceLocation)
        #expect(finished?.controller == "pages", sourceLocation: sourceLocation)
        #expect(finished?.args["finished"] == true, sourceLocation: sourceLocation)
        #expect(finished?.args["previousViewControllers"] == ["p1"], sourceLocation: sourceLocation)
        #expect(finished?.args["transitionCompleted"] == .bool(completed), sourceLocation: sourceLocation)
    }

    @Test func rule25_scrollSwipeFinished() throws {
        let tree = try pageTree(.scroll)
        let begin = swipe(tree)
        #expect(containment(begin) == ["p2.willMove(pages)", "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear"])
        #expect(begin.first { $0.callback == "willTransitionTo" }?.args["pendingViewControllers"] == ["p2"])
        let finish = tree.run([call("pages", "finishInteractiveSwipe")])
        #expect(
            containment(finish) == [
                "p1.willMove(nil)", "p2.viewIsAppearing", "p2.viewDidAppear", "p1.viewDidDisappear", "p1.didMove(nil)",
                "p2.didMove(pages)", "pages.didFinishAnimating",
            ])
        #expect(
            appearanceOnly(begin + finish) == [
                "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear", "p2.viewDidAppear", "p1.viewDidDisappear",
                "pages.didFinishAnimating",
            ])
        checkDelegate(finish, completed: true)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p2"])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p2"])
        #expect(tree.snapshot().views["pages.view"]?.subviews == ["p2.view"])
    }

    @Test func rule25_scrollSwipeCancelled() throws {
        let tree = try pageTree(.scroll)
        let begin = swipe(tree)
        let cancel = tree.run([call("pages", "cancelInteractiveSwipe")])
        #expect(
            appearanceOnly(begin + cancel) == [
                "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear", "p1.viewWillAppear", "p1.viewDidAppear",
                "p2.viewWillDisappear", "p2.viewDidDisappear", "pages.didFinishAnimating",
            ])
        #expect(containment(cancel).first == "p2.willMove(nil)")
        #expect(containment(cancel).dropLast().last == "p2.didMove(nil)")
        checkDelegate(cancel, completed: false)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p1"])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p1"])
        #expect(tree.appearance("p1") == .appeared)
        #expect(tree.appearance("p2") == .disappeared)
    }

    @Test func rule25_pageCurlSwipeFinished() throws {
        let tree = try pageTree(.pageCurl)
        let begin = swipe(tree)
        let finish = tree.run([call("pages", "finishInteractiveSwipe")])
        #expect(
            appearanceOnly(begin + finish) == [
                "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear", "p1.viewDidDisappear", "p2.viewDidAppear",
                "pages.didFinishAnimating",
            ])
        checkDelegate(finish, completed: true)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p2"])
    }

    @Test func rule25_pageCurlSwipeCancelled() throws {
        let tree = try pageTree(.pageCurl)
        let begin = swipe(tree)
        let cancel = tree.run([call("pages", "cancelInteractiveSwipe")])
        #expect(
            appearanceOnly(begin + cancel) == [
                "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear", "p2.viewWillDisappear", "p1.viewWillAppear",
                "p2.viewDidDisappear", "p1.viewDidAppear", "pages.didFinishAnimating",
            ])
        checkDelegate(cancel, completed: false)
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p1"])
    }

    /// The decision of docs/uikit-rules-page-view-controller.md: the pending page is a child
    /// from the start of the swipe; `viewControllers` changes only when it finishes.
    @Test func rule25_pendingPageIsAChildFromTheStartOfTheSwipe() throws {
        let tree = try pageTree(.scroll)
        _ = swipe(tree)
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["p2"]?.parent == "pages")
        #expect(snapshot.controllers["pages"]?.children == ["p1", "p2"])
        #expect(snapshot.controllers["pages"]?.viewControllers == ["p1"])
        #expect(snapshot.views["pages.view"]?.subviews == ["p1.view", "p2.view"])
    }

    /// A callback that takes the current page away while a turn begins leaves the turn nothing
    /// to turn from: refused, and with it the request (docs/uikit-rules-page-view-controller.md).
    @Test func aCallbackThatTakesTheCurrentPageAwayAsATurnBeginsRefusesIt() throws {
        let tree = try pageTree(.scroll)
        _ = try tree.updateController("p2", ControllerPatch(overrides: ["viewDidLoad": [call("p1", "removeFromParent")]]), now: t0)
        let before = tree.snapshot()
        let begin = tree.perform([call("pages", "beginInteractiveSwipe", ["to": "p2"])], atomic: false, now: t0)
        #expect(begin.failure?.code == "page_swipe_interrupted")
        #expect(tree.snapshot() == before)
        let finish = tree.perform([call("pages", "finishInteractiveSwipe")], atomic: false, now: t0)
        #expect(finish.failure?.code == "no_page_swipe")
    }

    @Test func swipeMisuseIsRefusedAndChangesNothing() throws {
        let tree = try pageTree(.scroll)
        let before = tree.snapshot()
        let stray = tree.perform([call("pages", "finishInteractiveSwipe")], atomic: false, now: t0)
        #expect(stray.failure?.code == "no_page_swipe")
        let same = tree.perform([call("pages", "beginInteractiveSwipe", ["to": "p1"])], atomic: false, now: t0)
        #expect(same.failure?.field == "calls[0].args.to")
        let direction = tree.perform([call("pages", "beginInteractiveSwipe", ["to": "p2", "direction": "up"])], atomic: false, now: t0)
        #expect(direction.failure?.field == "calls[0].args.direction")
        let unknown = tree.perform([call("pages", "pushViewController", ["viewController": "p2"])], atomic: false, now: t0)
        #expect(unknown.failure?.field == "calls[0].method")
        #expect(tree.snapshot() == before)
        _ = swipe(tree)
        let during = tree.perform([call("pages", "setViewControllers", ["viewControllers": ["p3"]])], atomic: false, now: t0)
        #expect(during.failure?.code == "page_swipe_in_progress")
        let twice = tree.perform([call("pages", "beginInteractiveSwipe", ["to": "p3"])], atomic: false, now: t0)
        #expect(twice.failure?.code == "page_swipe_in_progress")
    }
}
