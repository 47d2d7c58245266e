import PropertyBased
import Testing

@testable import Containment

/// The random-call generators with callback-bound calls (docs/uikit-rules-callbacks.md,
/// rule 40): random controllers first declare overrides made of the generator's own calls,
/// then random steps run. Whatever the overrides do (loops included), the invariants hold:
/// links sound, nothing appeared off screen, nothing left mid-appearance without a driver,
/// a refused step changes nothing.
extension PropertyTests {
    static let overriddenCallbacks = OverridableCallback.allCases.map(\.rawValue).sorted()

    /// Overrides on the basic tree's cast: each number names a controller, a callback and a
    /// call of the basic generator (raw calls only, one or two of them).
    static func overrides(_ numbers: ArraySlice<Int>, cast: [String], step: (Int) -> Step) -> [String: [String: [RawCall]]] {
        var result: [String: [String: [RawCall]]] = [:]
        for number in numbers {
            let controller = cast[number % cast.count]
            let callback = overriddenCallbacks[(number / cast.count) % overriddenCallbacks.count]
            guard case .calls(let calls) = step(number / (cast.count * overriddenCallbacks.count)) else { continue }
            let usable = calls.filter { $0.method != "runLoop" }
            guard !usable.isEmpty else { continue }
            result[controller, default: [:]][callback, default: []] += usable.prefix(2)
        }
        return result
    }

    static func declare(_ overrides: [String: [String: [RawCall]]], on tree: ContainmentTree) {
        for (controller, declared) in overrides.sorted(by: { $0.key < $1.key }) {
            _ = try? tree.updateController(controller, ControllerPatch(overrides: declared.mapValues { $0 as [RawCall]? }), now: t0)
        }
    }

    @Test func randomCallsWithOverridesKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...9_999_999).array(of: 2...40)) { numbers in
            _ = try Self.replayInput(numbers)
        }
    }

    /// Overrides on the containers' cast: pushes, pops and page turns from inside callbacks,
    /// overlapping the transitions they run in.
    @Test func randomContainerCallsWithOverridesKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            _ = try Self.replayContainerInput(numbers)
        }
    }

    /// Overrides on the adaptivity cast: routing, trait overrides, rotations, the split view
    /// delegate, swipes and user actions from inside callbacks (docs/uikit-rules-adaptivity.md),
    /// with the adaptivity invariants that still hold when overrides can change the traits
    /// again within a call.
    @Test func randomAdaptivityCallsWithOverridesKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            try Self.replayAdaptivityInput(numbers)
        }
    }

    /// Replays an input of the adaptivity test with overrides.
    @discardableResult
    static func replayAdaptivityInput(_ numbers: [Int]) throws -> ContainmentTree {
        let tree = try makeAdaptivityTree()
        let split = min(numbers.count / 3 + 1, 6)
        declare(overrides(numbers.prefix(split), cast: adaptivityCast, step: adaptivityStep), on: tree)
        checkAdaptivitySteps(numbers.dropFirst(split), on: tree, oncePerCall: false)
        return tree
    }

    /// Atomic and step-by-step batches agree with overrides declared, as without: the turn's
    /// end, where overrides may fail the whole batch, included.
    @Test func atomicBatchWithOverridesEqualsItsCallsOrChangesNothing() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...9_999_999).array(of: 2...14)) { numbers in
            let split = min(numbers.count / 3 + 1, 4)
            let declared = Self.overrides(numbers.prefix(split), cast: Self.controllerIDs, step: Self.step)
            let calls = numbers.dropFirst(split).compactMap { number -> [RawCall]? in
                if case .calls(let calls) = Self.step(number % 1_000_000) { return calls }
                return nil
            }.flatMap { $0 }
            try Self.expectAtomicAgreesWithStepwise(calls, overrides: declared)
        }
    }

    /// Replays an input of a test with overrides: the first numbers declare them, the rest
    /// are steps.
    /// `passesOn`: some of the overrides' calls pass their callback's value on
    /// (`passingCallbackArgumentsOn`).
    static func replay(
        _ numbers: [Int], on tree: ContainmentTree, cast: [String], step: (Int) -> Step, atomicBatches: Bool, passesOn: Bool = false
    ) -> ContainmentTree {
        let split = min(numbers.count / 3 + 1, 6)
        let declared = overrides(numbers.prefix(split), cast: cast, step: step)
        declare(passesOn ? passingCallbackArgumentsOn(declared, choosing: numbers[0]) : declared, on: tree)
        var now = t0
        var lastSeq = tree.lastSeq
        checkInvariants(tree)
        for number in numbers.dropFirst(split) {
            apply(step(number % 1_000_000), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: atomicBatches, label: number)
            #expect(tree.lastSeq == lastSeq)
            checkInvariants(tree)
        }
        return tree
    }

    /// Replays an input of the container test with overrides.
    static func replayContainerInput(_ numbers: [Int]) throws -> ContainmentTree {
        replay(numbers, on: try makeContainerTree(), cast: containerCast, step: containerStep, atomicBatches: false)
    }

    /// Replays an input of the basic test with overrides.
    static func replayInput(_ numbers: [Int]) throws -> ContainmentTree {
        replay(numbers, on: try makeTree(), cast: controllerIDs, step: step, atomicBatches: true)
    }

    /// Found by a soak of `randomContainerCallsWithOverridesKeepTheInvariants` at scale 50
    /// (input `[2255499, 4889920, 1144796, 2531114]`): the window hides; `g`'s
    /// `viewWillDisappear` shows it again, and `n`'s `viewWillAppear` then replaces `g`'s page
    /// `p2` (animated) while `p2` is disappearing for the hide. The page change's begin finds
    /// `p2` already disappearing ("Unbalanced calls") and the window's re-show no longer
    /// reaches it: nothing ended its disappearance. The page change now takes it over and
    /// ends it (rule 40).
    @Test func aPageReplacedWhileItDisappearsForAWindowHideThatIsUndoneEndsItsDisappearance() throws {
        let tree = try Self.replayContainerInput([2_255_499, 4_889_920, 1_144_796, 2_531_114])
        let turn = try tree.events(after: 0, limit: 10_000).filter { $0.controller == "p2" && !($0.callback ?? "").contains("Layout") }
        #expect(turn.suffix(2).map { $0.callback ?? $0.warning } == ["willMove", "Unbalanced calls to begin/end appearance transitions for <p2>"])
        #expect(tree.appearance("p2") == .disappearing)
        let end = tree.advance(to: t0 + 60).map(lineWithArgs).filter { $0.hasPrefix("p2.") || $0.hasPrefix("p4.") }
        #expect(end == ["p2.viewDidDisappear animated=false", "p4.viewDidAppear animated=true", "p2.didMove parent=null", "p4.didMove parent=\"g\""])
        #expect(tree.appearance("p2") == .disappeared)
        #expect(tree.snapshot().controllers["p2"]?.parent == nil)
    }

    /// Found by a soak of `randomContainerCallsWithOverridesKeepTheInvariants` at scale 300
    /// (input `[8363208, 4040980, 270494]`): the window hides; `n`'s `viewWillDisappear` sets
    /// `g`'s pages to `p1` (animated, but `g` is no longer on screen, so at once), and `p1`'s
    /// `viewDidLoad` removes it from its parent. `g` has not been told yet and is still
    /// appeared: `p1` appeared in the hidden window (before). It now stays disappeared, and
    /// appears as an orphan view when the window shows again (rules 7 and 40).
    @Test func pagesSetWhileTheWindowHidesDoNotAppear() throws {
        let tree = try Self.replayContainerInput([8_363_208, 4_040_980, 270_494])
        let p1 = try tree.events(after: 0, limit: 10_000).filter { $0.controller == "p1" && !($0.callback ?? "").contains("Layout") }
        #expect(p1.map(lineWithArgs) == ["p1.willMove parent=\"g\"", "p1.loadView", "p1.viewDidLoad", "p1.didMove parent=null", "p1.didMove parent=\"g\""])
        #expect(tree.appearance("p1") == .disappeared)
        let shown = tree.perform([RawCall(receiver: "window", method: "setHidden", args: ["hidden": .bool(false)])], atomic: false, now: t0 + 10)
        #expect(
            shown.events.filter { $0.controller == "p1" && !($0.callback ?? "").contains("Layout") }.map(lineWithArgs) == [
                "p1.viewWillAppear animated=false", "p1.viewIsAppearing animated=false", "p1.viewDidAppear animated=false",
            ])
        Self.checkInvariants(tree)
    }

    /// Found by a soak of `randomAdaptivityCallsWithOverridesKeepTheInvariants` at scale 300
    /// (input `[8945211, 3091142, 8454860, 161369, 0, 0]`): `p4`'s push begins; its
    /// `viewWillAppear` pushes `p1`, whose `willMove` hides the window, and `t`'s
    /// `viewWillDisappear` begins a back swipe, which first finishes `p4`'s push: `p4` appeared
    /// before its view went in, and the push then put it into the hidden window. A transition
    /// an override completed inside its begins now turns away what its view brings into a
    /// window off screen (rule 40).
    @Test func aPushFinishedWhileTheWindowHidesTurnsAwayWhenItsViewLandsOffScreen() throws {
        let tree = try Self.replayAdaptivityInput([8_945_211, 3_091_142, 8_454_860, 161_369, 0, 0])
        let p4 = try tree.events(after: 0, limit: 10_000).filter { $0.controller == "p4" && !($0.callback ?? "").contains("Layout") }
        #expect(
            p4.compactMap(\.callback).suffix(6) == [
                "viewIsAppearing", "viewDidAppear", "didMove", "willMove", "viewWillDisappear", "viewDidDisappear",
            ])
        #expect(tree.appearance("p4") == .disappeared)
    }

    /// Found by `randomContainerCallsWithOverridesKeepTheInvariants` (input `[0, 790534, 0,
    /// 6872940]`): the pushed controller's `viewWillAppear` hides the window before the push
    /// puts its view in; the push's end then found it appearing off screen. It turns away
    /// once its view lands off screen (docs/uikit-rules-callbacks.md, rule 40).
    @Test func aWindowHiddenInsideThePushedControllersViewWillAppearLeavesItDisappeared() throws {
        let tree = try Self.replayContainerInput([0, 790534, 0, 6_872_940])
        #expect(tree.appearance("p3") == .disappeared)
    }

    /// Found by the same test (input `[2089423, 0, 4081840, 0]`): the outgoing controller's
    /// `viewWillDisappear` begins a back swipe, which completes the push that is still
    /// beginning; the incoming controller's appearance then had a finished transition as its
    /// driver. The turn's end ends it instead.
    @Test func aPushCompletedFromInsideItsOwnBeginLeavesNothingMidAppearance() throws {
        let tree = try Self.replayContainerInput([2_089_423, 0, 4_081_840, 0])
        #expect(tree.snapshot().controllers["n"]?.viewControllers == ["p4", "p1"])
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of `randomCallsWithOverridesKeepTheInvariants`
    /// (input `[6434930, 6155062]`): `c2`'s `didMove` override adds it to `c3`; `c3.addChild(c2)`
    /// removes it from its parent first, whose `didMove(nil)` runs the same override, which
    /// adds it to `c3` already — and the outer call linked it a second time. `addChild` now
    /// checks again after the removal's callbacks: `c2` is `c3`'s child once.
    @Test func aDidMoveOverrideThatAddsTheChildElsewhereLinksItOnce() throws {
        let tree = try Self.replayInput([6_434_930, 6_155_062])
        #expect(tree.snapshot().controllers["c3"]?.children == ["c2"])
        #expect(tree.snapshot().controllers["c2"]?.parent == "c3")
    }

    /// Found by the same soak of `randomContainerCallsWithOverridesKeepTheInvariants` (input
    /// `[191352, 0, 8893034, 1872176, 3694434]`): `n`'s `viewDidAppear` override removes the
    /// page `p4` from its page view controller while the page view controller still relays
    /// the window's appearance to it; nothing ended `p4`'s appearance. The turn's end does
    /// now: its view stayed in the window, so it appears.
    @Test func aPageRemovedFromItsPageViewControllerMidAppearanceFinishesAppearing() throws {
        let tree = try Self.replayContainerInput([191352, 0, 8_893_034, 1_872_176, 3_694_434])
        #expect(tree.appearance("p4") == .appeared)
        #expect(tree.snapshot().controllers["p4"]?.parent == nil)
    }

    /// Found by a PROPERTY_TEST_SCALE soak of `randomContainerCallsWithOverridesKeepTheInvariants`
    /// (input `[2124840, 0, 1481836, 9806654]`): the window hides; `n`'s `viewWillDisappear`
    /// override removes the page `p3` from its page view controller before the window's walk
    /// reaches it. The page view controller no longer relays to `p3` and its view stays in the
    /// hidden window, so `p3` stayed appeared off screen. A shown child that leaves its parent
    /// while its view is in the hiding window disappears: `viewWillDisappear` before `didMove(nil)`.
    @Test func aPageRemovedWhileTheWindowHidesDisappears() throws {
        let tree = try Self.replayContainerInput([2_124_840, 0, 1_481_836, 9_806_654])
        #expect(tree.appearance("p3") == .disappeared)
        #expect(tree.snapshot().controllers["p3"]?.parent == nil)
        let p3 = try tree.callbacks(of: "p3")
        #expect(p3.suffix(3) == ["viewWillDisappear", "didMove", "viewDidDisappear"])
    }

    /// Found by a PROPERTY_TEST_SCALE=200 soak of `randomContainerCallsWithOverridesKeepTheInvariants`
    /// (input `[2885741, 0, 4338016, 7253419, 4107518]`): an interactive page turn to `p2` is
    /// cancelled; `p2`'s `viewWillDisappear` override begins a new turn to `p2` while the first
    /// one ends. The outer end then finished the inner turn's reversed appearance and removed
    /// `p2`, which stayed appeared off screen. A turn cannot begin while one is ending
    /// (docs/uikit-rules-page-view-controller.md), so the override, and with it the request, is
    /// refused (rule 40).
    @Test func aPageTurnBegunWhileOneIsEndingIsRefused() throws {
        let tree = try Self.replayContainerInput([2_885_741, 0, 4_338_016, 7_253_419, 4_107_518])
        let before = tree.snapshot()
        #expect(before.controllers["p2"]?.parent == "g")
        #expect(tree.appearance("p2") == .appearing)
        let cancel = tree.perform([call("g", "cancelInteractiveSwipe")], atomic: false, now: t0)
        #expect(cancel.failure?.code == "page_swipe_in_progress")
        #expect(tree.snapshot() == before)
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of the same test (input `[7599031, 0, 0,
    /// 2863916, 9943677, 6350958, 2047794]`): a turn to `p4` begins; `p4`'s `viewDidLoad`
    /// override sets `p4` as the page with `setViewControllers`, which takes `p3` out. The
    /// turn still began from `p3`, and its cancel made the leaving `p3` appear off screen. The
    /// turn is in progress from its start, so `setViewControllers` there is refused, and with
    /// it the override and the request (rule 40).
    @Test func setViewControllersFromInsideABeginningPageTurnIsRefused() throws {
        let tree = try Self.replayContainerInput([7_599_031, 0, 0, 2_863_916])
        let before = tree.snapshot()
        let begin = tree.perform([call("g", "beginInteractiveSwipe", ["to": "p4"])], atomic: false, now: t0)
        #expect(begin.failure?.code == "page_swipe_in_progress")
        #expect(tree.snapshot() == before)
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of `randomAdaptivityCallsWithOverridesKeepTheInvariants`
    /// (input `[5097013, 0, 8597493, 5927191]`): a tap selects the collapsed split view
    /// controller's tab; its primary `p3`'s `viewWillAppear` override makes `p3` the secondary,
    /// which takes its view out of the split's. `p3` then appeared off screen at the tab's end.
    /// It turns away, as a replaced top does (rule 40).
    @Test func aPrimaryMovedToTheSecondaryColumnFromItsOwnViewWillAppearTurnsAway() throws {
        let tree = try Self.replayAdaptivityInput([5_097_013, 0, 8_597_493, 5_927_191])
        #expect(tree.appearance("p3") == .disappeared)
        #expect(tree.snapshot().controllers["s"]?.secondary == "p3")
        let p3 = try tree.callbacks(of: "p3")
        #expect(p3.suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
    }

    /// Found by the same soak (input `[9033918, 5632674, 222377, 1130239, 8849983]`): `p3`'s
    /// push runs while a tab switch hides `n` and another brings it back; the second switch's
    /// transition drives `a` and `p3` now. `s`'s `viewWillDisappear` override begins and
    /// finishes a back swipe, which first completes the push: its end made `a` and `p3` appear
    /// before `n`'s view was in the window, and the swipe then took `p3` out appeared. A
    /// transition's end leaves a side that another transition drives to that one (rule 41):
    /// `a` appears with `n`, and `p3`, leaving while it appears off screen, turns away.
    @Test func aPushCompletedUnderATabSwitchThatDrivesItsSidesLeavesThemToTheSwitch() throws {
        let tree = try Self.replayAdaptivityInput([9_033_918, 5_632_674, 222_377, 1_130_239, 8_849_983])
        #expect(tree.appearance("a") == .appeared)
        #expect(tree.appearance("p3") == .disappeared)
        let events = try tree.events(after: 0, limit: 10_000)
        let p3 = events.filter { $0.controller == "p3" }.compactMap(\.callback)
        #expect(p3.suffix(4) == ["willMove", "viewWillDisappear", "didMove", "viewDidDisappear"])
        let order = events.filter { ["n", "a"].contains($0.controller) && $0.callback == "viewDidAppear" }.compactMap(\.controller)
        #expect(order.suffix(2) == ["n", "a"])
    }

    /// Found by the same soak (input `[6279908, 9468192, 6322557]`): `p2` becomes the primary of
    /// the collapsed split view controller, and its `didMove` override taps the split's tab.
    /// Loading the split's view shows the secondary on top, which takes `p2`'s view out while
    /// the tab switch makes it appear; `p2` then appeared off screen. A column's view the split
    /// takes out while it appears turns away (rule 40).
    @Test func aPrimaryCoveredByTheSecondaryWhileItAppearsTurnsAway() throws {
        let tree = try Self.replayAdaptivityInput([6_279_908, 9_468_192, 6_322_557])
        #expect(tree.appearance("p2") == .disappeared)
        #expect(tree.appearance("d") == .appeared)
        let p2 = try tree.callbacks(of: "p2")
        #expect(p2.suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of `randomContainerCallsWithOverridesKeepTheInvariants`
    /// (input `[8299654, 0, 1247856, 2000996, 8833457]`): an animated `setViewControllers`
    /// turns to `p3`, whose `viewWillAppear` override hides the window. The window's walk leaves
    /// out the pages their page view controller drives, so `p3` appeared in the hidden window
    /// when the turn was completed. It turns away with the window, as a pushed controller
    /// does; the turn's end then finds it ended (UIKit's unbalanced-calls warning).
    @Test func aPageTurnedToWhileItsViewWillAppearHidesTheWindowTurnsAway() throws {
        let tree = try Self.replayContainerInput([8_299_654, 0, 1_247_856, 2_000_996, 8_833_457])
        #expect(tree.appearance("p3") == .disappeared)
        #expect(try tree.callbacks(of: "p3").suffix(4) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear", "didMove"])
    }

    /// Found by the same soak (input `[7239813, 0, 695576, 128837, 4010294]`): the window
    /// shows again while a page turn from `p2` to `p1` is under way; the page view controller
    /// relays its appearance to both pages, and `p2`'s `viewWillAppear` override hides the
    /// window. The relay went on to make `p1` appear in the hidden window. It stops where the
    /// page view controller turned back: the pages follow the page view controller (rule 40).
    @Test func aPageWhoseViewWillAppearHidesTheWindowStopsTheRelayToTheOtherPage() throws {
        let tree = try Self.replayContainerInput([7_239_813, 0, 695_576, 128_837, 4_010_294])
        #expect(tree.appearance("p1") == .disappeared)
        #expect(tree.appearance("p2") == .disappeared)
        let p1 = try tree.callbacks(of: "p1")
        #expect(!p1.contains("viewWillAppear"))
    }

    /// Found by a PROPERTY_TEST_SCALE=200 soak of `randomAdaptivityCallsWithOverridesKeepTheInvariants`
    /// (input `[5958710, 0, 164657, 5788759]`): a tap selects the split view controller's tab;
    /// `p4`, the top of its collapsed primary, has a `viewWillAppear` override that sets `p3`
    /// as the secondary, which goes on the stack above it without animation before `p4`'s view
    /// is in the window. `p4` then appeared off screen at the tab's end. It turns away now, as
    /// in an animated push (rule 40): `viewWillDisappear` after `p3`'s `willMove`, and
    /// `viewDidDisappear` at the turn's end.
    @Test func aTopReplacedFromItsOwnViewWillAppearBeforeItsViewIsInTheWindowTurnsAway() throws {
        let tree = try Self.replayAdaptivityInput([5_958_710, 0, 164_657, 5_788_759])
        #expect(tree.appearance("p4") == .disappeared)
        #expect(tree.appearance("p3") == .appeared)
        let p4 = try tree.callbacks(of: "p4")
        #expect(p4.suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
    }

    /// Found by a PROPERTY_TEST_SCALE=300 soak of `randomAdaptivityCallsWithOverridesKeepTheInvariants`
    /// (input `[6736183, 9367161, 7575703]`): a tap selects the split view controller's tab
    /// `s`, whose `viewWillAppear` override taps the tab of `n` before `s`'s view is in the
    /// tab bar controller's. The inner selection completed the outer one from inside its
    /// begin: `n`'s view left, `n`'s `viewDidDisappear` override hid the window, and the outer
    /// selection went on, so `s`, `m` and `d` appeared in the hidden window while `n` was
    /// selected. The last selection now takes the place of the one still beginning (rule 14):
    /// the outer stops there, `s` turns away, `n` never leaves, and the window stays shown.
    @Test func aTabSelectedFromTheIncomingTabsViewWillAppearTakesTheOuterSelectionsPlace() throws {
        let tree = try Self.replayAdaptivityInput([6_736_183, 9_367_161, 7_575_703])
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 0)
        #expect(tree.snapshot().window.visible)
        for shown in ["t", "n", "a"] { #expect(tree.appearance(shown) == .appeared) }
        for hidden in ["s", "m", "d"] { #expect(tree.appearance(hidden) == .disappeared) }
        #expect(try tree.callbacks(of: "s").suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        for column in ["m", "d"] { #expect(try !tree.callbacks(of: column).contains("viewWillAppear")) }
        #expect(try tree.callbacks(of: "n").filter { $0.contains("Disappear") }.isEmpty)
    }

    /// Found by a second PROPERTY_TEST_SCALE=300 soak of the same test (input `[9333944,
    /// 5465071]`): the same inner tap, made from `m.viewWillAppear`, one level below the
    /// incoming tab. `s` and `m` turned away, yet `s`'s forwarding went on to `d` (collapsed
    /// onto `m`), which appeared off screen. A controller reached through a parent that an
    /// earlier callback's override turned the other way follows its parent and hears nothing.
    @Test func aTabSelectedFromBelowTheIncomingTabLeavesTheRestOfItUntold() throws {
        let tree = try Self.replayAdaptivityInput([9_333_944, 5_465_071])
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 0)
        for shown in ["t", "n", "a"] { #expect(tree.appearance(shown) == .appeared) }
        for hidden in ["s", "m", "d"] { #expect(tree.appearance(hidden) == .disappeared) }
        #expect(try tree.callbacks(of: "m").suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(try !tree.callbacks(of: "d").contains("viewWillAppear"))
    }

    /// Found by a PROPERTY_TEST_SCALE=300 soak of the same test (input `[5510165, 2380172,
    /// 3893407]`): `s.viewIsAppearing` taps `n`, whose `viewWillAppear` taps `s` again; that
    /// innermost switch turns `n` away and ends it (`n.viewDidDisappear`) before `n`'s
    /// forwarding goes on. `n`'s top, `a`, then appeared under a parent that had already gone:
    /// a controller whose own or parent's override turned it, and ended the turn, follows it too.
    @Test func aTabTurnedAwayAndEndedInsideItsOwnViewWillAppearLeavesItsStackUntold() throws {
        let tree = try Self.replayAdaptivityInput([5_510_165, 2_380_172, 3_893_407])
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 1)
        for shown in ["t", "s", "m", "d"] { #expect(tree.appearance(shown) == .appeared) }
        for hidden in ["n", "a"] { #expect(tree.appearance(hidden) == .disappeared) }
        #expect(try tree.callbacks(of: "n").suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(try tree.callbacks(of: "a").suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
    }

    /// Found by a PROPERTY_TEST_SCALE=500 soak of the same test (input `[5228216, 0, 4933748,
    /// 4646575]`): `p1`'s view is put into `m`'s by hand (an orphan, no parent); a tap on `s`'s
    /// tab reaches `m.viewWillAppear`, which taps `n`'s, turning `s` and `m` away. The outer
    /// forwarding still reached `p1`, which appeared inside a view that was leaving: an orphan
    /// follows the controller whose view holds it as a child follows its parent.
    @Test func anOrphanInsideATabTurnedAwayByItsOwnViewWillAppearHearsNothing() throws {
        let tree = try Self.replayAdaptivityInput([5_228_216, 0, 4_933_748, 4_646_575])
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 0)
        for shown in ["t", "n", "a"] { #expect(tree.appearance(shown) == .appeared) }
        for hidden in ["s", "m", "p1"] { #expect(tree.appearance(hidden) == .disappeared) }
        #expect(try tree.callbacks(of: "p1") == ["loadView", "viewDidLoad"])
    }

    /// The same decision from the outgoing tab: `n`'s `viewWillDisappear` override taps `n`'s
    /// tab while the tap on `s`'s runs. `n` is selected again with its view still in the
    /// window, so it appears again; `s`, `m` and `d` turn away, and `a` hears nothing.
    @Test func aTabSelectedAgainFromItsOwnViewWillDisappearAppearsAgain() throws {
        let tree = try Self.makeAdaptivityTree()
        Self.declare(["n": ["viewWillDisappear": [call("t", "tapTabBarItem", ["index": 0])]]], on: tree)
        #expect(tree.perform([call("t", "tapTabBarItem", ["index": 1])], atomic: false, now: t0).failure == nil)
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 0)
        for shown in ["t", "n", "a"] { #expect(tree.appearance(shown) == .appeared) }
        for hidden in ["s", "m", "d"] { #expect(tree.appearance(hidden) == .disappeared) }
        let n = try tree.callbacks(of: "n").filter { $0.contains("ppear") }
        #expect(n.suffix(4) == ["viewWillDisappear", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
        #expect(try !tree.callbacks(of: "a").contains("viewWillDisappear"))
    }

    /// Found by `randomContainerCallsWithOverridesKeepTheInvariants` (input `[7986847, 4438920,
    /// 2716996, 3886699, 4921214]`): `g` sets `p1` animated, a swipe to `p4` begins, then the
    /// window is hidden; `n`'s `viewWillDisappear` override cancels the swipe, and `p4`'s
    /// `viewDidAppear`, run by that end, sets `g`'s pages to `p4`. The end went on and made the
    /// detached `p1` appear. A callback that changes the pages while a turn ends refuses the
    /// end, as while it begins: the hide is refused and the swipe still runs.
    @Test func aPageChangeMadeWhileASwipeEndsRefusesTheEnd() throws {
        let tree = try Self.replayContainerInput([7_986_847, 4_438_920, 2_716_996, 3_886_699, 4_921_214])
        #expect(tree.snapshot().window.visible)
        #expect(tree.snapshot().controllers["g"]?.viewControllers == ["p1"])
        #expect(tree.snapshot().controllers["p4"]?.parent == "g")
        #expect(try tree.callbacks(of: "p1").suffix(1) == ["viewWillDisappear"])
    }

    /// Found by `randomAdaptivityCallsWithOverridesKeepTheInvariants` at `PROPERTY_TEST_SCALE=100`
    /// (input `[7272498, 3498470, 4342375, 9637985, 4240344]`): with the split's tab selected, `n`
    /// pushes `p4` off screen, then `p2`; `p2`'s `viewDidLoad` override taps `n`'s tab, and `a`'s
    /// `viewWillAppear` override, run by that tab switch before `n`'s view is in, begins an
    /// interactive pop, which finishes the running push first ("Finishing up a navigation
    /// transition in an unexpected state"). `p4`'s view replaced `a`'s, yet the tab switch's end
    /// made `a` appear. What a transition began appearing and an override took out of the
    /// incoming view turns away once that view is in (rule 40).
    @Test func aTopReplacedInsideATabSwitchBeforeTheTabIsInTurnsAway() throws {
        let tree = try Self.replayAdaptivityInput([7_272_498, 3_498_470, 4_342_375, 9_637_985, 4_240_344])
        #expect(tree.appearance("a") == .disappeared)
        #expect(tree.appearance("p4") == .disappearing)
        #expect(tree.snapshot().controllers["t"]?.selectedIndex == 0)
        #expect(try tree.callbacks(of: "a").suffix(3) == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
    }

    /// Found by `randomAdaptivityCallsWithOverridesKeepTheInvariants` (input `[4609664, 0,
    /// 5682123, 4596391]`): a tap selects the split view controller's tab; its primary's
    /// `viewWillAppear` override shows `p1` as the detail, which replaces the secondary `d`.
    /// The tab's forwarding had listed `d` before the override ran and made it appear out of
    /// the window. A container forwards only to the controllers it still forwards to.
    @Test func aSecondaryReplacedInsideThePrimarysViewWillAppearDoesNotAppear() throws {
        let tree = try Self.replayAdaptivityInput([4_609_664, 0, 5_682_123, 4_596_391])
        #expect(tree.appearance("d") == .disappeared)
        #expect(tree.appearance("p1") == .appeared)
        #expect(tree.snapshot().controllers["s"]?.secondary == "p1")
    }

    /// Found by the same test (input `[1552016, 8372215]`): the primary `m`'s `viewWillAppear`
    /// override replaces `m` itself as the split's primary while the tab switch shows it; the
    /// tab switch's end made the removed `m` appear. A child that leaves its parent while
    /// appearing off screen turns away (docs/uikit-rules-callbacks.md, rule 40).
    @Test func aPrimaryReplacedInsideItsOwnViewWillAppearTurnsAway() throws {
        let tree = try Self.replayAdaptivityInput([1_552_016, 8_372_215])
        let m = try tree.callbacks(of: "m")
        #expect(m.suffix(4) == ["willMove", "viewWillDisappear", "didMove", "viewDidDisappear"])
        #expect(tree.appearance("m") == .disappeared)
        #expect(tree.appearance("p1") == .appeared)
    }

    /// Found by the same test (input `[4371277, 9712667]`): the presented `p3`'s
    /// `viewWillAppear` override hides the window before the presentation puts its view in;
    /// the presentation's end made it appear in the hidden window. It turns away, as a pushed
    /// controller does (`aWindowHiddenInsideThePushedControllersViewWillAppearLeavesItDisappeared`).
    @Test func aWindowHiddenInsideThePresentedControllersViewWillAppearLeavesItDisappeared() throws {
        let tree = try Self.replayAdaptivityInput([4_371_277, 9_712_667])
        #expect(tree.appearance("p3") == .disappeared)
        #expect(tree.snapshot().controllers["p3"]?.presentingViewController == "t")
    }

    /// Found by the same test (input `[3042806, 1712171]`): `p2`'s `viewDidLoad` override
    /// presents `p4` on the tab bar controller that is presenting `p2`. The view loaded before
    /// the presentation's links were set, so `p4` was presented too and the presenter kept only
    /// `p2`. The links come first now: UIKit's "while a presentation is in progress" warning.
    @Test func aPresentFromThePresentedControllersViewDidLoadIsAPresentationInProgress() throws {
        let tree = try Self.replayAdaptivityInput([3_042_806, 1_712_171])
        let warning = "Attempt to present <p4> on <t> (from <t>) while a presentation is in progress."
        #expect(try tree.events(after: 0, limit: 10_000).contains { $0.warning == warning })
        #expect(tree.snapshot().controllers["t"]?.presentedViewController == "p2")
        #expect(tree.snapshot().controllers["p4"]?.presentingViewController == nil)
    }

    /// Found by a PROPERTY_TEST_SCALE=50 soak of the same test (input `[4057917, 0, 3114775,
    /// 2062910]`): the back swipe on `m` begins; the leaving `d`'s `viewWillDisappear` override
    /// replaces `m` as the split's primary, so the swipe goes on off screen and its finish made
    /// `ml` appear out of the window. What began appearing off screen turns away, as in a push.
    @Test func aBackSwipeTakenOffScreenByAnOverrideLeavesNothingAppeared() throws {
        let tree = try Self.replayAdaptivityInput([4_057_917, 0, 3_114_775, 2_062_910])
        #expect(tree.appearance("ml") == .disappeared)
        #expect(tree.snapshot().controllers["m"]?.viewControllers == ["ml"])
        #expect(tree.snapshot().controllers["s"]?.primary == "n")
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of the same test (input `[9395678, 0, 3797201,
    /// 6040471, 6981302]`): a back swipe on `m` from `p4` to `d` is cancelled; `d`'s
    /// `viewDidDisappear` override hides the window before the reversal reaches `p4`, which
    /// then appeared again in the hidden window. It ends the disappearance it began instead.
    @Test func aBackSwipeCancelledAfterAnOverrideHidTheWindowLeavesTheTopDisappeared() throws {
        let tree = try Self.replayAdaptivityInput([9_395_678, 0, 3_797_201, 6_040_471, 6_981_302])
        let p4 = try tree.callbacks(of: "p4")
        #expect(p4.suffix(4) == ["willMove", "viewWillDisappear", "viewDidDisappear", "didMove"])
        #expect(tree.appearance("p4") == .disappeared)
        #expect(tree.snapshot().controllers["m"]?.viewControllers?.last == "p4")
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of `randomContainerCallsWithOverridesKeepTheInvariants`
    /// (input `[0, 7973237, 5179336, 1144596]`): an animated `setViewControllers` turns the page
    /// view controller `g` from `p1` to `p2`; `p2`'s `viewDidLoad` override hides the window
    /// before the page transition starts. `g` relayed the window's `viewWillDisappear` to `p1`,
    /// but its `viewDidDisappear` at the turn's end skipped `p1` as the transition's leaving
    /// page, and the transition, started off screen, drives none: `p1` stayed disappearing. The
    /// relay ends what it began on a page no transition drives.
    @Test func aPageTurnedAwayFromWhileTheNewPagesViewDidLoadHidesTheWindowDisappears() throws {
        let tree = try Self.replayContainerInput([0, 7_973_237, 5_179_336, 1_144_596])
        #expect(tree.appearance("p1") == .disappeared)
        #expect(tree.appearance("p2") == .disappeared)
        let p1 = try tree.callbacks(of: "p1")
        #expect(p1.suffix(3) == ["willMove", "viewWillDisappear", "viewDidDisappear"])
        _ = tree.advance(to: t0 + 1)
        #expect(tree.appearance("p1") == .disappeared)
        #expect(tree.snapshot().controllers["p1"]?.parent == nil)
        #expect(tree.snapshot().controllers["g"]?.children == ["p2"])
    }

    /// Found by a PROPERTY_TEST_SCALE=20 run of the same test (input `[7372422, 0, 1322574,
    /// 1064556, 18]`): with the window hidden, `g` is set to `p3`, whose `didMove` (at the
    /// turn's end) sets `p4`; removing `p3` runs the same override from its `didMove(nil)`, which
    /// sets `p4` first. `p4` waited twice, and past the turn's end: its two `didMove` calls came
    /// with the next, refused, call. It gets one `didMove`, in the turn that set it.
    @Test func aPageSetFromADidMoveOverrideAtTheTurnsEndMovesOnceInThatTurn() throws {
        let tree = try Self.replayContainerInput([7_372_422, 0, 1_322_574, 1_064_556, 18])
        let p4 = try tree.events(after: 0, limit: 10_000).filter { $0.controller == "p4" && $0.callback == "didMove" }
        #expect(p4.count == 1)
        #expect(Set(p4.map(\.batch)) == [3])
        #expect(tree.snapshot().controllers["g"]?.children == ["p4"])
    }

    /// Found by a PROPERTY_TEST_SCALE=100 soak of `randomContainerCallsWithOverridesKeepTheInvariants`
    /// that crashed the process (so it printed no input; this is the case rebuilt by hand): a
    /// back swipe from `p2` to `p1` finishes; `p2`'s `viewDidDisappear` and `p1`'s
    /// `viewDidAppear` overrides take both out of `n`, and the pop then removed the top of an
    /// empty stack. The pop takes out only a top that is still `n`'s.
    @Test func aBackSwipeWhoseDidOverridesTakeBothControllersOutFinishesWithAnEmptyStack() throws {
        let tree = try Self.makeContainerTree()
        _ = try tree.perform([call("n", "setViewControllers", ["viewControllers": ["p1", "p2"], "animated": false])], atomic: false, now: t0)
        _ = try tree.updateController("p2", ControllerPatch(overrides: ["viewDidDisappear": [call("p2", "removeFromParent")]]), now: t0)
        _ = try tree.updateController("p1", ControllerPatch(overrides: ["viewDidAppear": [call("p1", "removeFromParent")]]), now: t0)
        _ = try tree.perform([call("n", "beginInteractivePop")], atomic: false, now: t0)
        _ = try tree.perform([call("n", "finishInteractivePop")], atomic: false, now: t0)
        #expect(tree.snapshot().controllers["n"]?.viewControllers == [])
        #expect(tree.snapshot().controllers["n"]?.children == [])
        #expect(tree.snapshot().controllers["p1"]?.parent == nil)
        #expect(tree.snapshot().controllers["p2"]?.parent == nil)
        Self.checkInvariants(tree)
    }
}
