import Containment

extension JSONValue: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let values): values.writeJSON(to: &writer)
        case .object(let members): Self.writeObject(members, to: &writer)
        }
    }

    /// Properties and event args: members in sorted key order. Up to eight members (nearly
    /// every event's args) are ordered without sorting an array of indices.
    static func writeObject(_ members: [String: JSONValue], to writer: inout JSONWriter) {
        func write(_ index: Dictionary<String, JSONValue>.Index) {
            writer.key(escaping: members.keys[index])
            members.values[index].writeJSON(to: &writer)
        }
        writer.beginObject()
        switch members.count {
        case 0: break
        case 1: write(members.startIndex)
        case 2:
            let first = members.startIndex
            let second = members.index(after: first)
            let inOrder = JSONWriter.utf8Precedes(members.keys[first], members.keys[second])
            write(inOrder ? first : second)
            write(inOrder ? second : first)
        case 3...8:
            // A few members (a transition's completion, a frame): sorted by insertion in
            // stack memory, without the array `sortedIndices` allocates.
            withUnsafeTemporaryAllocation(of: Dictionary<String, JSONValue>.Index.self, capacity: members.count) { order in
                guard let base = order.baseAddress else { return }
                var count = 0
                for index in members.indices {
                    var slot = count
                    while slot > 0, JSONWriter.utf8Precedes(members.keys[index], members.keys[base[slot - 1]]) { slot -= 1 }
                    (base + slot + 1).moveInitialize(from: base + slot, count: count - slot)
                    (base + slot).initialize(to: index)
                    count += 1
                }
                for position in 0..<count { write(base[position]) }
                base.deinitialize(count: count)
            }
        default:
            for index in JSONWriter.sortedIndices(members) { write(index) }
        }
        writer.endObject()
    }
}
