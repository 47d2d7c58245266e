import CMalloc
import Containment
import Glibc
import Testing

@testable import ContainmentService

/// The memory budget charges a tree its estimate (`ContainmentTree.estimatedBytes`), so the
/// estimate of nested JSON (`properties`, override `args`) must cover what the decoded values
/// really hold on the heap — measured here with glibc's allocator statistics, on bodies
/// decoded as the service decodes them. The statistics are the whole process's, so the suite
/// runs only in a run of its own (scripts/test's swift stage runs it so, after the others):
/// beside the other suites, their allocations are measured too.
@Suite(
    .serialized,
    .enabled(if: getenv("CONTAINMENT_ALLOCATOR_PROBE") != nil, "set CONTAINMENT_ALLOCATOR_PROBE=1 and run it alone (scripts/test does)"))
struct JSONMemoryEstimateTests {
    /// Bytes the allocator has handed out and not had back (small blocks and mmapped ones).
    private static func allocatedBytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// Property values of one shape, each estimated near the 16 KiB a value may hold.
    private static let shapes: [(name: String, value: String)] = {
        let numbers = "[" + (0..<400).map { "\($0)" }.joined(separator: ",") + "]"
        let smallObjects = "[" + (0..<60).map { #"{"k":\#($0)}"# }.joined(separator: ",") + "]"
        let wideObject = "{" + (0..<150).map { #""key\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let nestedObjects = String(repeating: #"{"a":"#, count: 60) + "1" + String(repeating: "}", count: 60)
        let nestedArrays = String(repeating: "[", count: 120) + "1" + String(repeating: "]", count: 120)
        let shortStrings = "[" + (0..<300).map { #""s\#($0)""# }.joined(separator: ",") + "]"
        let longStrings = "[" + (0..<30).map { _ in "\"" + String(repeating: "x", count: 400) + "\"" }.joined(separator: ",") + "]"
        return [
            ("numbers", numbers), ("small objects", smallObjects), ("wide object", wideObject), ("nested objects", nestedObjects),
            ("nested arrays", nestedArrays), ("short strings", shortStrings), ("long strings", longStrings),
        ]
    }()

    /// A tree of `controllers` controllers, each with `value` as 8 properties and as the
    /// argument of an override call (of `prepare`, which building never runs), built from a JSON body; its estimate and what the
    /// allocator holds for it once the body is gone.
    private static func measure(controllers: Int, value: String?) throws -> (estimate: Int, measured: Int) {
        let properties = value.map { value in "{" + (0..<8).map { #""p\#($0)": \#(value)"# }.joined(separator: ",") + "}" } ?? "{}"
        let overrides = value.map { #"{"prepare": [{"receiver": "root", "method": "setNeedsStatusBarAppearanceUpdate", "args": {"note": \#($0)}}]}"# } ?? "{}"
        let children = (0..<controllers).map { #"{"id": "c\#($0)", "properties": \#(properties), "overrides": \#(overrides)}"# }
        let body = Array(#"{"root": {"id": "root", "children": [\#(children.joined(separator: ","))]}}"#.utf8)
        let before = allocatedBytes()
        let tree = try {
            let decoded = try JSONCoding.decode(CreateTreeBody.self, from: body)
            return try ContainmentTree(id: "measured", root: decoded.root, now: 0)
        }()
        let measured = allocatedBytes() - before
        let estimate = tree.estimatedBytes
        withExtendedLifetime(tree) {}
        return (estimate, measured)
    }

    @Test(arguments: shapes.indices)
    func nestedJSONIsEstimatedAtLeastAtWhatItHolds(shape: Int) throws {
        let (name, value) = Self.shapes[shape]
        // The median of three rounds: the runtime's own threads allocate now and then.
        let controllers = 16
        var rounds: [(estimated: Int, held: Int, full: (estimate: Int, measured: Int))] = []
        for _ in 0..<3 {
            let plain = try Self.measure(controllers: controllers, value: nil)
            let full = try Self.measure(controllers: controllers, value: value)
            rounds.append((full.estimate - plain.estimate, full.measured - plain.measured, full))
        }
        let (estimated, held, full) = rounds.sorted { $0.held < $1.held }[1]
        let figures = "\(name): JSON estimated \(estimated) bytes, held \(held) (\(Double(held) / Double(estimated))×)"
        #expect(estimated >= held, "\(figures)")
        #expect(estimated <= 3 * held, "an estimate far above what is held wastes the budget: \(figures)")
        #expect(full.estimate >= full.measured, "the whole tree: estimated \(full.estimate), held \(full.measured)")
    }
}
