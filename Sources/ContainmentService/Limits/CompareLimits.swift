import ContainmentConformance

/// What one `POST /v1/compare` may ask for, so that its work and its answer stay within a small
/// multiple of its body: the alignment of a step costs the product of its two sides' lengths in
/// time and memory, and every step and event takes its share of the answer. A request over a
/// limit is a 413 `compare_too_large`; what it holds while it runs counts against the memory
/// budget (507 when it does not fit), like a tree.
enum CompareLimits {
    /// Events on one side of one step.
    static let maxEventsPerStep = 1_000
    /// Steps on one side (the corpus's longest scenario has 7).
    static let maxSteps = 1_000
    /// Events on every side of every step together.
    static let maxEvents = 10_000
    /// JSON objects in the body, counted before it is decoded: the steps, events and arguments the
    /// limits above allow, with room to spare (four objects per event). Decoding builds every
    /// object first, at a few microseconds each: 300,000 empty steps took seconds.
    static let maxObjects = 4 * maxEvents + 4 * maxSteps + 16

    /// Bytes held per byte of body while it is decoded and compared (peak RSS grew 21–36 bytes
    /// per body byte, benchmarks/notes.md): decoded events outweigh their JSON many times.
    static let decodedBytesPerBodyByte = 32
    /// Bytes one event adds to the answer (its diff line, its entry among the differences).
    static let answerBytesPerEvent = 512

    /// Refuses a comparison over a limit with 413; `expected` are the scenario's or the body's
    /// expected steps.
    static func check(expected: [StepOutcome], observed: [StepOutcome], creation: StepOutcome?) throws(Problem) {
        guard expected.count <= maxSteps, observed.count <= maxSteps else {
            throw tooLarge("A comparison may have at most \(maxSteps) steps on each side (it has \(max(expected.count, observed.count))).")
        }
        let sides = expected + observed + [creation].compactMap { $0 }
        guard sides.allSatisfy({ $0.events.count <= maxEventsPerStep }) else {
            throw tooLarge("A step may have at most \(maxEventsPerStep) events on each side.")
        }
        let events = sides.reduce(0) { $0 + $1.events.count }
        guard events <= maxEvents else {
            throw tooLarge("A comparison may have at most \(maxEvents) events in all (it has \(events)).")
        }
    }

    /// The bytes a checked comparison holds while it runs: the largest step's alignment table
    /// (one at a time) and the answer.
    static func workingBytes(expected: [StepOutcome], observed: [StepOutcome]) -> Int {
        var largestTable = 0
        var events = 0
        for index in 0..<max(expected.count, observed.count) {
            let left = index < expected.count ? expected[index].events.count : 0
            let right = index < observed.count ? observed[index].events.count : 0
            largestTable = max(largestTable, (left + 1) * (right + 1) * MemoryLayout<Int>.stride)
            events += left + right
        }
        return largestTable + events * answerBytesPerEvent
    }

    /// The body holds more JSON objects than any comparison within the limits does.
    static let tooManyObjects = tooLarge(
        "A comparison may have at most \(maxSteps) steps on each side and \(maxEvents) events in all; the body holds more objects than that.")

    private static func tooLarge(_ detail: String) -> Problem {
        Problem(status: 413, code: "compare_too_large", detail: detail)
    }
}
