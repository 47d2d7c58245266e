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

    @Test func swappedPairIsOutOfOrderWithPositions() {
        var observed = Self.expected
        observed.events.swapAt(0, 1)
        let diff = EventDiff.compare(expected: Self.expected, observed: observed, step: "0")
        #expect(diff.outOfOrder.count == 1)
        #expect(diff.missing.isEmpty && diff.unexpected.isEmpty)
        let moved = try? #require(diff.outOfOrder.first)
        #expect(moved?.expectedPosition != moved?.observedPosition)
        #expect(diff.lines.contains { $0.contains("out of order") })
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
