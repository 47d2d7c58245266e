/// The comparison of expected and observed events, shared by `POST /v1/compare`, the
/// `containment conformance run` and `check` commands and the project's own tests.
///
/// Events are aligned on (controller, callback, warning) by a longest common subsequence, so
/// one extra or missing callback shows as one line, not as everything after it differing.
/// Among the longest alignments it keeps parents' events in place and, after that, the later
/// observed ones, so what is marked out of order is the child, or the event, that came early.
/// Aligned events with other `args` or flags are *differing*; an unaligned expected event that
/// has an unaligned twin among the observed ones is *out of order*, explained by the events it
/// overtook; the rest are *missing* or *unexpected*.
public enum EventDiff {
    public static func compare(
        expected: StepOutcome, observed: StepOutcome?, step: String, note: String? = nil, options: CompareOptions = CompareOptions(),
        context: OrderingContext = OrderingContext()
    ) -> StepDiff {
        guard let observed else {
            return StepDiff(
                step: step, note: note, matched: 0, missing: [], unexpected: [], outOfOrder: [], differing: [], problem: nil, notRun: true,
                lines: [])
        }
        let wanted = expected.events.enumerated().filter { options.compares($0.element) }
        let seen = observed.events.enumerated().filter { options.compares($0.element) }
        let pairs = alignment(
            wanted.map { Key($0.element) }, seen.map { Key($0.element) }, weights: wanted.map { weight(context.depth($0.element.controller)) })

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
        let alignedRight = Set(pairs.map(\.1))
        var spareRight = seen.indices.filter { !alignedRight.contains($0) }
        var missing: [PlacedEvent] = []
        var twins: [(Int, Int)] = []
        for index in wanted.indices where !alignedLeft.contains(index) {
            let key = Key(wanted[index].element)
            if let twin = spareRight.firstIndex(where: { Key(seen[$0].element) == key }) {
                twins.append((index, spareRight[twin]))
                spareRight.remove(at: twin)
            } else {
                missing.append(PlacedEvent(position: wanted[index].offset, event: wanted[index].element))
            }
        }
        let placed = pairs + twins
        let moved = twins.map { left, right in
            // What it overtook, nearest in the expected order first; what it fell behind, likewise.
            let overtook = placed.filter { $0.0 < left && $0.1 > right }.sorted { $0.0 > $1.0 }.map { wanted[$0.0].element }
            let fellBehind = placed.filter { $0.0 > left && $0.1 < right }.sorted { $0.0 < $1.0 }.map { wanted[$0.0].element }
            let (explanation, rule) = context.explain(wanted[left].element, overtook: overtook, fellBehind: fellBehind)
            return MovedEvent(
                expectedPosition: wanted[left].offset, observedPosition: seen[right].offset, event: wanted[left].element,
                explanation: explanation, rule: rule)
        }
        let unexpected = spareRight.map { PlacedEvent(position: seen[$0].offset, event: seen[$0].element) }
        let problem = expected.problem == observed.problem ? nil : ProblemMismatch(expected: expected.problem, observed: observed.problem)
        var diff = StepDiff(
            step: step, note: note, matched: pairs.count - differing.count, missing: missing, unexpected: unexpected,
            outOfOrder: moved, differing: differing, problem: problem, notRun: false, lines: [])
        if !diff.passed {
            diff.rows = DiffRendering.rows(wanted: wanted, seen: seen, pairs: pairs, diff: diff)
            diff.lines = diff.rows.flatMap(\.lines)
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

    /// How much keeping an event in place is preferred: more the nearer its controller is to a root.
    static func weight(_ depth: Int) -> Int { max(0, 63 - depth) }

    /// Index pairs of a longest common subsequence of `left` and `right`, in order. Among the
    /// longest, the one with the most `weights` aligned, then with the latest right indices.
    static func alignment(_ left: [Key], _ right: [Key], weights: [Int]) -> [(Int, Int)] {
        let width = right.count + 1
        // Lengths of the longest common subsequences of the suffixes, and the best tie-break
        // score among them (weights << 32 plus right indices; neither part can overflow into
        // the other for any step the runner can hold).
        var lengths = [Int32](repeating: 0, count: (left.count + 1) * width)
        var scores = [Int](repeating: 0, count: (left.count + 1) * width)
        func gain(_ i: Int, _ j: Int) -> Int { weights[i] << 32 + j }
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                let here = i * width + j
                let down = (i + 1) * width + j
                let across = here + 1
                let diagonal = down + 1
                var length = max(lengths[down], lengths[across])
                if left[i] == right[j] { length = max(length, lengths[diagonal] + 1) }
                var score = Int.min
                if lengths[down] == length { score = max(score, scores[down]) }
                if lengths[across] == length { score = max(score, scores[across]) }
                if left[i] == right[j], lengths[diagonal] + 1 == length { score = max(score, scores[diagonal] + gain(i, j)) }
                lengths[here] = length
                scores[here] = score
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            let here = i * width + j
            let down = (i + 1) * width + j
            let diagonal = down + 1
            if left[i] == right[j], lengths[diagonal] + 1 == lengths[here], scores[diagonal] + gain(i, j) == scores[here] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[down] == lengths[here], scores[down] == scores[here] {
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
