/// The comparison of expected and observed events, shared by `POST /v1/compare`, the
/// `containment conformance run` and `check` commands and the project's own tests.
///
/// Events are aligned on (controller, callback, warning) by a longest common subsequence, so
/// one extra or missing callback shows as one line, not as everything after it differing.
/// Aligned events with other `args` or flags are *differing*; an unaligned expected event that
/// has an unaligned twin among the observed ones is *out of order*; the rest are *missing* or
/// *unexpected*.
public enum EventDiff {
    public static func compare(
        expected: StepOutcome, observed: StepOutcome?, step: String, note: String? = nil, options: CompareOptions = CompareOptions()
    ) -> StepDiff {
        guard let observed else {
            return StepDiff(
                step: step, note: note, matched: 0, missing: [], unexpected: [], outOfOrder: [], differing: [], problem: nil, notRun: true,
                lines: [])
        }
        let wanted = expected.events.enumerated().filter { options.compares($0.element) }
        let seen = observed.events.enumerated().filter { options.compares($0.element) }
        let pairs = alignment(wanted.map { Key($0.element) }, seen.map { Key($0.element) })

        var differing: [DifferingEvent] = []
        for (left, right) in pairs {
            let fields = differingFields(wanted[left].element, seen[right].element, options: options)
            if !fields.isEmpty {
                differing.append(
                    DifferingEvent(
                        expectedPosition: wanted[left].offset, observedPosition: seen[right].offset,
                        expected: wanted[left].element, observed: seen[right].element, fields: fields))
            }
        }
        let alignedLeft = Set(pairs.map(\.0))
        var spareRight = seen.indices.filter { !pairs.map(\.1).contains($0) }
        var missing: [PlacedEvent] = []
        var moved: [MovedEvent] = []
        for index in wanted.indices where !alignedLeft.contains(index) {
            let key = Key(wanted[index].element)
            if let twin = spareRight.firstIndex(where: { Key(seen[$0].element) == key }) {
                moved.append(
                    MovedEvent(
                        expectedPosition: wanted[index].offset, observedPosition: seen[spareRight[twin]].offset, event: wanted[index].element))
                spareRight.remove(at: twin)
            } else {
                missing.append(PlacedEvent(position: wanted[index].offset, event: wanted[index].element))
            }
        }
        let unexpected = spareRight.map { PlacedEvent(position: seen[$0].offset, event: seen[$0].element) }
        let problem = expected.problem == observed.problem ? nil : ProblemMismatch(expected: expected.problem, observed: observed.problem)
        var diff = StepDiff(
            step: step, note: note, matched: pairs.count - differing.count, missing: missing, unexpected: unexpected,
            outOfOrder: moved, differing: differing, problem: problem, notRun: false, lines: [])
        if !diff.passed {
            diff.lines = DiffRendering.lines(wanted: wanted, seen: seen, pairs: pairs, diff: diff)
        }
        return diff
    }

    /// What identifies an event for alignment.
    struct Key: Equatable {
        var controller: String?
        var callback: String?
        var warning: String?

        init(_ event: TraceEvent) {
            controller = event.controller
            callback = event.callback
            warning = event.warning
        }
    }

    /// Index pairs of a longest common subsequence of `left` and `right`, in order.
    static func alignment(_ left: [Key], _ right: [Key]) -> [(Int, Int)] {
        let width = right.count + 1
        var lengths = [Int](repeating: 0, count: (left.count + 1) * width)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    left[i] == right[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if left[i] == right[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Flags are compared where the expectation states them: UIKit reports them on
    /// appearance callbacks only, and a runtime adding `false` elsewhere is not wrong.
    static func differingFields(_ expected: TraceEvent, _ observed: TraceEvent, options: CompareOptions) -> [String] {
        var fields: [String] = []
        if !options.ignoreArgs, expected.args != observed.args { fields.append("args") }
        if let flag = expected.isMovingToParent, flag != (observed.isMovingToParent ?? false) { fields.append("isMovingToParent") }
        if let flag = expected.isMovingFromParent, flag != (observed.isMovingFromParent ?? false) { fields.append("isMovingFromParent") }
        if let flag = expected.isBeingPresented, flag != (observed.isBeingPresented ?? false) { fields.append("isBeingPresented") }
        if let flag = expected.isBeingDismissed, flag != (observed.isBeingDismissed ?? false) { fields.append("isBeingDismissed") }
        return fields
    }
}
