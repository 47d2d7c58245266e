import Testing

@testable import Containment

/// The tree's node storage: ids interned to handles, slots reused after a deletion under a
/// new generation (a stale handle never finds the new node), and creations and deletions
/// undone exactly in reverse.
@Suite struct NodeTableTests {
    @Test func idsAreInternedToHandlesThatFindTheirNode() {
        var table = NodeTable<Int>()
        let a = table.insert(1, id: "a").handle
        let b = table.insert(2, id: "controller-with-a-long-id-é").handle
        #expect(a != b)
        #expect(table.handle("a") == a)
        #expect(table.handle("controller-with-a-long-id-é") == b)
        #expect(table.handle("missing") == nil)
        #expect(table["a"] == 1)
        #expect(table["missing"] == nil)
        #expect(table[b] == 2)
        #expect(table.id(b) == "controller-with-a-long-id-é")
        table[a] += 10
        #expect(table[existing: "a"] == 11)
        #expect(table.count == 2)
    }

    @Test func aReusedSlotGetsANewGenerationSoStaleHandlesDoNotAlias() {
        var table = NodeTable<String>()
        let first = table.insert("first", id: "x").handle
        table.remove(first)
        #expect(!table.contains(first))
        #expect(table.handle("x") == nil)
        let second = table.insert("second", id: "y").handle
        #expect(second.slot == first.slot, "the freed slot is reused")
        #expect(second.generation != first.generation)
        #expect(!table.contains(first))
        #expect(table.contains(second))
        // The same id again: a new handle, not the old one.
        table.remove(second)
        let third = table.insert("third", id: "x").handle
        #expect(third != first)
        #expect(!table.contains(first) && !table.contains(second) && table.contains(third))
    }

    /// Inserts and removes, then undoes them newest first: the table is as it was, handles
    /// included, and a handle made by an undone insert stays stale.
    @Test func undoingInReverseRestoresTheTableExactly() {
        var table = NodeTable<Int>()
        let kept = (0..<4).map { table.insert($0, id: "n\($0)").handle }
        let before = snapshot(of: table)

        enum Step {
            case inserted(NodeHandle, Bool)
            case removed(NodeHandle, Int, String)
        }
        var steps: [Step] = []
        let removed = table.remove(kept[1])
        steps.append(.removed(kept[1], removed.node, removed.id))
        let reused = table.insert(40, id: "n40")
        steps.append(.inserted(reused.handle, reused.appended))
        let appended = table.insert(50, id: "n50")
        steps.append(.inserted(appended.handle, appended.appended))
        let removedAgain = table.remove(kept[3])
        steps.append(.removed(kept[3], removedAgain.node, removedAgain.id))
        #expect(!reused.appended && appended.appended)

        for step in steps.reversed() {
            switch step {
            case .inserted(let handle, let wasAppended): table.undoInsert(handle, appended: wasAppended)
            case .removed(let handle, let node, let id): table.undoRemove(handle, node: node, id: id)
            }
        }
        #expect(snapshot(of: table) == before)
        #expect(kept.allSatisfy { table.contains($0) })
        #expect(!table.contains(reused.handle) && !table.contains(appended.handle))
        // The next insert takes a generation no earlier node had.
        let next = table.insert(60, id: "n60").handle
        #expect(![reused.handle, appended.handle].contains(next))
    }

    /// Many ids of every shape through inserts and removals, against a `String`-keyed
    /// dictionary doing the same.
    @Test func tableAgreesWithAStringKeyedDictionary() {
        var table = NodeTable<Int>()
        var reference: [String: Int] = [:]
        let ids = (0..<2_000).map { number in
            switch number % 4 {
            case 0: "c\(number)"
            case 1: "controller-with-a-long-id-\(number)"
            case 2: "vue-\(number)-é"
            default: "g\(number).view"
            }
        }
        for (number, id) in ids.enumerated() {
            _ = table.insert(number, id: id)
            reference[id] = number
        }
        for (number, id) in ids.enumerated() where number % 3 == 0 {
            table.remove(table.existing(id))
            reference[id] = nil
        }
        for (number, id) in ids.enumerated() where number % 5 == 0 {
            if let handle = table.handle(id) { table[handle] += 1 }
            reference[id]? += 1
        }
        #expect(table.count == reference.count)
        for id in ids {
            #expect(table[id] == reference[id])
        }
        #expect(Dictionary(uniqueKeysWithValues: table.all.map { ($0.id, $0.node) }) == reference)
        #expect(table.nodes.sorted() == reference.values.sorted())
    }

    private func snapshot(of table: NodeTable<Int>) -> [String] {
        table.all.map { "\($0.handle.slot)/\($0.handle.generation)/\($0.id)=\($0.node)" }
    }

    /// Remembered handles are checked against the table on every hit: a removed node is not
    /// found, a new node under the same id (even in the same slot) is, and more ids than
    /// entries still all resolve.
    @Test func recentHandlesNeverOutliveTheirNode() {
        var table = NodeTable<Int>()
        var recent = RecentHandles()
        let ids = ["a", "b", "controller-with-a-long-id-é", "d", "e", "f"]
        var handles: [String: NodeHandle] = [:]
        for (value, id) in ids.enumerated() { handles[id] = table.insert(value, id: id).handle }
        for _ in 0..<3 {
            for id in ids { #expect(recent.handle(id, in: table) == handles[id], "\(id)") }
        }
        #expect(recent.handle("missing", in: table) == nil)
        let old = handles["a"]!
        table.remove(old)
        #expect(recent.handle("a", in: table) == nil)
        let new = table.insert(99, id: "a").handle
        #expect(new != old)
        #expect(recent.handle("a", in: table) == new)
        table.undoInsert(new, appended: false)
        #expect(recent.handle("a", in: table) == nil)
        table.undoRemove(old, node: 0, id: "a")
        #expect(recent.handle("a", in: table) == old)
        table.removeAll()
        #expect(recent.handle("b", in: table) == nil)
    }
}
