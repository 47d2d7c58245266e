import Testing

@testable import Containment

/// The memory estimate the service's budget is checked against follows what a tree holds:
/// its controllers, their strings and its retained events.
@Suite struct MemoryEstimateTests {
    @Test func estimateGrowsWithControllersStringsAndEventsAndShrinksWithDeletion() throws {
        let tree = try ContainmentTree(id: "t", configuration: TreeConfiguration(), root: ControllerSpec(id: "root"), now: t0)
        let empty = tree.estimatedBytes
        #expect(empty >= ContainmentTree.estimatedBytesPerController)

        let title = String(repeating: "t", count: 10_000)
        let events = try tree.createController(ControllerSpec(id: "big", title: title, properties: ["note": .string(title)]), now: t0)
        let withBig = tree.estimatedBytes
        #expect(
            withBig - empty >= ContainmentTree.estimatedBytesPerController + 2 * title.utf8.count
                + events.count * ContainmentTree.estimatedBytesPerEvent)

        _ = try tree.deleteController("big", now: t0)
        #expect(tree.estimatedBytes < withBig - 2 * title.utf8.count, "the deleted controller's strings are no longer counted")
    }

    @Test func nestedPropertyValuesCountEveryStringAndContainer() {
        let long = String(repeating: "x", count: 100)
        let value = JSONValue.object(["a": .array([.string(long), .number(1)]), "bb": .null])
        let smaller = JSONValue.object(["a": .array([.string("xyz"), .number(1)]), "bb": .null])
        #expect(value.estimatedBytes - smaller.estimatedBytes >= long.utf8.count, "a long string is counted whole")
        #expect(JSONValue.array([value]).estimatedBytes > value.estimatedBytes + 40, "a container costs its storage and slots")
        #expect(JSONValue.number(1).estimatedBytes == MemoryLayout<JSONValue>.stride)
    }
}
