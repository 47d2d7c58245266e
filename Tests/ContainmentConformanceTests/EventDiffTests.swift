import Containment
import ContainmentConformance
import Testing

@Suite struct EventDiffTests {
    static func event(_ controller: String, _ callback: String, args: [String: JSONValue] = [:], movingTo: Bool? = nil) -> TraceEvent {
        TraceEvent(controller: controller, callback: callback, args: args, isMovingToParent: movingTo)
    }

    static let expected = StepOutcome(events: [
        event("p", "viewWillAppear", args: ["animated": false]),
        event("c", "viewWillAppear", args: ["animated": false], movingTo: true),
        event("p", "viewIsAppearing"),
        event("c", "viewDidLayoutSubviews"),
        event("c", "didMove", args: ["parent": "p"]),
    ])

    @Test func identicalPasses() {
        let diff = EventDiff.compare(expected: Self.expected, observed: Self.expected, step: "0")
        #expect(diff.passed)
        #expect(diff.matched == 5)
        #expect(diff.lines.isEmpty)
    }

    /// The event that came early is the one marked, named against what it overtook; with the
    /// scenario's parent links, against rule 7.
    @Test func swappedPairMarksTheEventThatCameEarly() throws {
        var observed = Self.expected
        observed.events.swapAt(0, 1)
        let diff = EventDiff.compare(expected: Self.expected, observed: observed, step: "0")
        #expect(diff.outOfOrder.count == 1)
        #expect(diff.missing.isEmpty && diff.unexpected.isEmpty)
        let moved = try #require(diff.outOfOrder.first)
        #expect(moved.event.controller == "c" && moved.expectedPosition == 1 && moved.observedPosition == 0)
        #expect(moved.explanation == "came before p.viewWillAppear" && moved.rule == nil)
        #expect(
            diff.lines.prefix(3) == [
                #"+c.viewWillAppear {"animated":false} isMovingToParent   (came before p.viewWillAppear)"#,
                #" p.viewWillAppear {"animated":false}"#,
                #"-c.viewWillAppear {"animated":false} isMovingToParent   (expected here)"#,
            ])
        let linked = EventDiff.compare(expected: Self.expected, observed: observed, step: "0", context: OrderingContext(expectations: [Self.expected]))
        #expect(linked.outOfOrder.first?.explanation == "came before its parent's" && linked.outOfOrder.first?.rule == 7)
        #expect(linked.lines.first == #"+c.viewWillAppear {"animated":false} isMovingToParent   (came before its parent's, rule 7)"#)
    }

    /// Links root ← middle ← leaf, as a scenario's recorded didMove events give them.
    static let links = OrderingContext(expectations: [
        StepOutcome(events: [event("middle", "didMove", args: ["parent": "root"]), event("leaf", "didMove", args: ["parent": "middle"])])
    ])

    /// Children appearing before their parent (as Chameleon does): the alignment keeps the
    /// parent in place and marks each child that came early; `middle` sits at index 1 on both
    /// sides, and is named for what it overtook, never as "expected #1, observed #1".
    @Test func childrenBeforeTheirParentAreExplainedByRule7() {
        let expected = StepOutcome(events: ["root", "middle", "leaf"].map { Self.event($0, "viewWillAppear", args: ["animated": false]) })
        let observed = StepOutcome(events: expected.events.reversed())
        let diff = EventDiff.compare(expected: expected, observed: observed, step: "0", context: Self.links)
        #expect(
            diff.lines == [
                #"+leaf.viewWillAppear {"animated":false}   (came before its parent's, rule 7)"#,
                #"+middle.viewWillAppear {"animated":false}   (came before its parent's, rule 7)"#,
                #" root.viewWillAppear {"animated":false}"#,
                #"-middle.viewWillAppear {"animated":false}   (expected here)"#,
                #"-leaf.viewWillAppear {"animated":false}   (expected here)"#,
            ])
        #expect(diff.outOfOrder.map(\.event.controller) == ["middle", "leaf"])
        #expect(diff.outOfOrder.map(\.expectedPosition) == [1, 2] && diff.outOfOrder.map(\.observedPosition) == [1, 0])
        #expect(diff.outOfOrder.allSatisfy { $0.explanation == "came before its parent's" && $0.rule == 7 })
        #expect(diff.summary == "2 out of order")
    }

    /// A grandchild that overtook only its grandparent names it; layout callbacks are not rule 7's.
    @Test func ancestorsAndLayoutCallbacks() {
        let expected = StepOutcome(events: [Self.event("root", "viewDidLayoutSubviews"), Self.event("leaf", "viewDidLayoutSubviews")])
        let diff = EventDiff.compare(expected: expected, observed: StepOutcome(events: expected.events.reversed()), step: "0", context: Self.links)
        #expect(diff.outOfOrder.first?.explanation == "came before its ancestor root's")
        #expect(diff.outOfOrder.first?.rule == nil)
        #expect(diff.lines.first == "+leaf.viewDidLayoutSubviews   (came before its ancestor root's)")
    }

    /// When keeping the children in place is the shorter diff, the parent that came late is
    /// marked, naming its child.
    @Test func aParentThatCameLateNamesItsChild() {
        let context = OrderingContext(expectations: [
            StepOutcome(events: [Self.event("a", "willMove", args: ["parent": "root"]), Self.event("b", "willMove", args: ["parent": "root"])])
        ])
        let expected = StepOutcome(events: ["root", "a", "b"].map { Self.event($0, "viewDidAppear", args: ["animated": false]) })
        let observed = StepOutcome(events: ["a", "b", "root"].map { Self.event($0, "viewDidAppear", args: ["animated": false]) })
        let diff = EventDiff.compare(expected: expected, observed: observed, step: "0", context: context)
        #expect(
            diff.lines == [
                #"-root.viewDidAppear {"animated":false}   (expected here)"#,
                #" a.viewDidAppear {"animated":false}"#,
                #" b.viewDidAppear {"animated":false}"#,
                #"+root.viewDidAppear {"animated":false}   (came after its child a's, rule 7)"#,
            ])
    }

    /// An event in the same place on both sides, between missing and unexpected ones, is matched.
    @Test func anEventInPlaceAmongChangesIsMatched() {
        let expected = StepOutcome(events: [Self.event("a", "loadView"), Self.event("b", "loadView"), Self.event("c", "loadView")])
        let observed = StepOutcome(events: [Self.event("x", "loadView"), Self.event("b", "loadView"), Self.event("y", "loadView")])
        let diff = EventDiff.compare(expected: expected, observed: observed, step: "0")
        #expect(diff.outOfOrder.isEmpty && diff.matched == 1)
        #expect(diff.summary == "2 missing, 2 unexpected")
    }

    @Test func missingAndUnexpected() {
        var observed = Self.expected
        observed.events.remove(at: 4)
        observed.events.append(Self.event("c", "willMove", args: ["parent": "p"]))
        let diff = EventDiff.compare(expected: Self.expected, observed: observed, step: "2")
        #expect(diff.missing.map(\.position) == [4])
        #expect(diff.unexpected.map(\.position) == [4])
        #expect(diff.summary == "1 missing, 1 unexpected")
        #expect(diff.lines.contains("-c.didMove {\"parent\":\"p\"}   (missing)"))
        #expect(diff.lines.contains("+c.willMove {\"parent\":\"p\"}   (unexpected)"))
    }

    @Test func differingArgsAndFlags() {
        var observed = Self.expected
        observed.events[1] = Self.event("c", "viewWillAppear", args: ["animated": true], movingTo: false)
        let diff = EventDiff.compare(expected: Self.expected, observed: observed, step: "0")
        #expect(diff.differing.count == 1)
        #expect(diff.differing.first?.fields == ["args", "isMovingToParent"])
        let lenient = EventDiff.compare(expected: Self.expected, observed: observed, step: "0", options: CompareOptions(ignoreArgs: true))
        #expect(lenient.differing.first?.fields == ["isMovingToParent"])
    }

    @Test func ignoringLayoutAndViewIsAppearing() {
        var observed = Self.expected
        observed.events.remove(at: 3)
        observed.events.remove(at: 2)
        #expect(!EventDiff.compare(expected: Self.expected, observed: observed, step: "0").passed)
        let options = CompareOptions(ignoreLayout: true, ignoreViewIsAppearing: true)
        #expect(EventDiff.compare(expected: Self.expected, observed: observed, step: "0", options: options).passed)
    }

    @Test func problemMismatch() {
        let expected = StepOutcome(problem: TraceProblem(title: "NSInvalidArgumentException", detail: "x"))
        let diff = EventDiff.compare(expected: expected, observed: StepOutcome(), step: "0")
        #expect(diff.problem?.expected?.title == "NSInvalidArgumentException")
        #expect(diff.summary == "expected NSInvalidArgumentException, none raised")
    }

    @Test func stepsNotRunFail() {
        let diff = ScenarioDiff.compare(name: "x", expected: [Self.expected, Self.expected], observed: [Self.expected])
        #expect(!diff.passed)
        #expect(diff.steps[1].notRun)
        #expect(diff.verdict == "FAIL x: step 1: not run")
        #expect(diff.text.hasPrefix("--- expected x\n+++ observed x\n@@ step 1 @@\n"))
    }
}
