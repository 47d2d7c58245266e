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

    @Test func nestedPropertyValuesCountEveryString() {
        let value = JSONValue.object(["a": .array([.string("xyz"), .number(1)]), "bb": .null])
        // Object, "a" key, array, "xyz", number, "bb" key, null.
        #expect(value.estimatedBytes == 16 + (1 + 16 + (16 + 3) + 16) + (2 + 16))
    }
}
