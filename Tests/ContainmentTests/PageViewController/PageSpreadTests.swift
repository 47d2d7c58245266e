import Foundation
import Testing

@testable import Containment

/// docs/uikit-rules-page-view-controller.md, rule 24 "Two-page spreads": `spineLocation` and
/// `isDoubleSided` decide how many pages each transition takes.
@Suite struct PageSpreadTests {
    /// A window whose root is a page curl bound in the middle showing `p1` and `p2`; `p3`, `p4` detached.
    func spreadTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "book",
            root: ControllerSpec(
                id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "p1"), ControllerSpec(id: "p2")],
                pageViewControllerSettings: PageViewControllerSettings(spineLocation: .mid)),
            now: t0)
        for id in ["p3", "p4"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        return tree
    }

    @Test func rule24_spineDefaultsFollowTheTransitionStyle() throws {
        #expect(PageViewControllerSettings().resolved == PageViewControllerSettings(transitionStyle: .pageCurl, spineLocation: .min, isDoubleSided: false))
        #expect(
            PageViewControllerSettings(transitionStyle: .scroll).resolved
                == PageViewControllerSettings(transitionStyle: .scroll, spineLocation: PageSpineLocation.none, isDoubleSided: false))
        #expect(PageViewControllerSettings(spineLocation: .mid).resolved.isDoubleSided == true)
        #expect(PageViewControllerSettings().pagesPerTransition == 1)
        #expect(PageViewControllerSettings(spineLocation: .mid).pagesPerTransition == 2)
        #expect(PageViewControllerSettings(isDoubleSided: true).pagesPerTransition == 2)
        #expect(PageViewControllerSettings(transitionStyle: .scroll, isDoubleSided: true).pagesPerTransition == 1)
    }

    @Test func rule24_spreadShowsTwoPagesSideBySide() throws {
        let tree = try spreadTree()
        #expect(
            containment(tree.creationEvents) == [
                "p1.willMove(pages)", "p1.didMove(pages)", "p2.willMove(pages)", "p2.didMove(pages)", "pages.viewWillAppear",
                "p1.viewWillAppear", "p2.viewWillAppear", "pages.viewIsAppearing", "p1.viewIsAppearing", "p2.viewIsAppearing",
                "pages.viewDidAppear", "p1.viewDidAppear", "p2.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["pages"]?.viewControllers == ["p1", "p2"])
        #expect(
            snapshot.controllers["pages"]?.pageViewControllerSettings
                == PageViewControllerSettings(transitionStyle: .pageCurl, spineLocation: .mid, isDoubleSided: true))
        #expect(snapshot.views["p1.view"]?.frame == Rect(x: 0, y: 0, width: 195, height: 844))
        #expect(snapshot.views["p2.view"]?.frame == Rect(x: 195, y: 0, width: 195, height: 844))
        PropertyTests.checkInvariants(tree)
    }

    @Test func rule24_spreadDeclaredEqualsCallByCall() throws {
        let declared = try spreadTree()
        let manual = try ContainmentTree(id: "book", now: t0)
        var events = try manual.createController(
            ControllerSpec(id: "pages", kind: .pageViewController, pageViewControllerSettings: PageViewControllerSettings(spineLocation: .mid)), now: t0)
        for id in ["p1", "p2"] { events += try manual.createController(ControllerSpec(id: id), now: t0) }
        events += manual.run([
            call("pages", "setViewControllers", ["viewControllers": ["p1", "p2"], "direction": "forward", "animated": false]),
            call("window", "setRootViewController", ["rootViewController": "pages"]),
            call("window", "makeKeyAndVisible"),
        ])
        for id in ["p3", "p4"] { _ = try manual.createController(ControllerSpec(id: id), now: t0) }
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
    }

    /// Apple's `setViewControllers` table: a spine in the middle takes the left and right pages;
    /// a double-sided page at an edge takes its front and the back of the previous page.
    @Test func rule24_wrongPageCountForTheSpineIsUIKitsExceptionAndChangesNothing() throws {
        let tree = try spreadTree()
        let before = tree.snapshot()
        let one = tree.perform([call("pages", "setViewControllers", ["viewControllers": ["p3"]])], atomic: false, now: t0)
        #expect(one.failure?.code == "page_count_mismatch")
        #expect(
            one.failure?.message
                == "The number of view controllers provided (1) doesn't match the number required (2) for the requested transition")
        #expect(tree.snapshot() == before)
        let twice = tree.perform([call("pages", "setViewControllers", ["viewControllers": ["p3", "p3"]])], atomic: false, now: t0)
        #expect(twice.failure?.field == "calls[0].args.viewControllers")
        #expect(tree.snapshot() == before)

        let doubleSided = try ContainmentTree(
            id: "edge",
            root: ControllerSpec(
                id: "pages", kind: .pageViewController, viewControllers: [ControllerSpec(id: "front"), ControllerSpec(id: "back")],
                pageViewControllerSettings: PageViewControllerSettings(isDoubleSided: true)),
            now: t0)
        #expect(doubleSided.snapshot().controllers["pages"]?.viewControllers == ["front", "back"])
        let single = doubleSided.perform([call("pages", "setViewControllers", ["viewControllers": ["back"]])], atomic: false, now: t0)
        #expect(single.failure?.message.contains("(1) doesn't match the number required (2)") == true)
    }

    @Test(arguments: [
        (PageViewControllerSettings(spineLocation: .mid, isDoubleSided: false), "isDoubleSided"),
        (PageViewControllerSettings(transitionStyle: .scroll, spineLocation: .mid), "spineLocation"),
        (PageViewControllerSettings(spineLocation: PageSpineLocation.none), "spineLocation"),
    ])
    func rule24_spineTheStyleDoesNotTakeIsRefused(settings: PageViewControllerSettings, field: String) throws {
        let error = #expect(throws: ContainmentError.self) {
            _ = try ContainmentTree(id: "bad", root: ControllerSpec(id: "pages", kind: .pageViewController, pageViewControllerSettings: settings), now: t0)
        }
        #expect(error?.field?.hasSuffix(field) == true)
        #expect(throws: ContainmentError.self) {
            _ = try ContainmentTree(
                id: "bad", root: ControllerSpec(id: "plain", pageViewControllerSettings: PageViewControllerSettings(isDoubleSided: true)), now: t0)
        }
    }

    @Test func rule24_spreadReplacedWithoutAnimation() throws {
        let tree = try spreadTree()
        let events = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p3", "p4"], "animated": false])])
        #expect(
            containment(events) == [
                "p1.willMove(nil)", "p1.viewWillDisappear", "p1.viewDidDisappear", "p1.didMove(nil)", "p2.willMove(nil)",
                "p2.viewWillDisappear", "p2.viewDidDisappear", "p2.didMove(nil)", "p3.willMove(pages)", "p3.viewWillAppear",
                "p3.viewIsAppearing", "p3.viewDidAppear", "p3.didMove(pages)", "p4.willMove(pages)", "p4.viewWillAppear",
                "p4.viewIsAppearing", "p4.viewDidAppear", "p4.didMove(pages)",
            ])
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p3", "p4"])
        #expect(tree.snapshot().views["p4.view"]?.frame.x == 195)
        PropertyTests.checkInvariants(tree)
    }

    /// Animated, each leaving page turns into the page taking its place, left pair first.
    @Test func rule24_animatedSpreadTurnsEachPair() throws {
        let tree = try spreadTree()
        let start = tree.run([call("pages", "setViewControllers", ["viewControllers": ["p3", "p4"], "animated": true])])
        #expect(
            containment(start) == [
                "p1.willMove(nil)", "p3.willMove(pages)", "p2.willMove(nil)", "p4.willMove(pages)", "p1.viewWillDisappear",
                "p3.viewWillAppear", "p2.viewWillDisappear", "p4.viewWillAppear", "p3.viewIsAppearing", "p4.viewIsAppearing",
            ])
        let end = tree.advance(to: t0 + 0.35)
        #expect(
            containment(end) == [
                "p1.viewDidDisappear", "p3.viewDidAppear", "p1.didMove(nil)", "p3.didMove(pages)", "p2.viewDidDisappear",
                "p4.viewDidAppear", "p2.didMove(nil)", "p4.didMove(pages)",
            ])
        #expect(tree.snapshot().controllers["pages"]?.children == ["p3", "p4"])
        PropertyTests.checkInvariants(tree)
    }

    @Test func rule25_spreadSwipeTurnsBothPages() throws {
        let tree = try spreadTree()
        let begin = tree.run([call("pages", "beginInteractiveSwipe", ["to": ["p3", "p4"]])])
        #expect(
            containment(begin).filter { !$0.contains("viewIsAppearing") } == [
                "p3.willMove(pages)", "p4.willMove(pages)", "pages.willTransitionTo", "p3.viewWillAppear", "p4.viewWillAppear",
                "p1.viewWillDisappear", "p2.viewWillDisappear",
            ])
        #expect(begin.first { $0.callback == "willTransitionTo" }?.args["pendingViewControllers"] == .array([.string("p3"), .string("p4")]))
        let finish = tree.run([call("pages", "finishInteractiveSwipe")])
        #expect(
            containment(finish).filter { !$0.contains("viewIsAppearing") } == [
                "p1.willMove(nil)", "p2.willMove(nil)", "p1.viewDidDisappear", "p2.viewDidDisappear", "p3.viewDidAppear", "p4.viewDidAppear",
                "p1.didMove(nil)", "p2.didMove(nil)", "p3.didMove(pages)", "p4.didMove(pages)", "pages.didFinishAnimating",
            ])
        #expect(finish.last { $0.callback == "didFinishAnimating" }?.args["previousViewControllers"] == .array([.string("p1"), .string("p2")]))
        #expect(tree.snapshot().controllers["pages"]?.viewControllers == ["p3", "p4"])
        PropertyTests.checkInvariants(tree)
    }

    @Test func rule25_spreadSwipeToOnePageIsUIKitsException() throws {
        let tree = try spreadTree()
        let before = tree.snapshot()
        let result = tree.perform([call("pages", "beginInteractiveSwipe", ["to": "p3"])], atomic: false, now: t0)
        #expect(result.failure?.code == "page_count_mismatch")
        #expect(tree.snapshot() == before)
    }

    /// A save taken before spreads existed names one page on each side of a swipe.
    @Test func swipeSavedWithOnePageEachSideStillLoads() throws {
        let swipe = try JSONDecoder().decode(PageSwipe.self, from: Data(#"{"from": "p1", "to": "p2"}"#.utf8))
        #expect(swipe == PageSwipe(from: ["p1"], to: ["p2"]))
    }
}
