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

    /// Properties and event args: members in sorted key order. One or two members (nearly
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
        default:
            for index in JSONWriter.sortedIndices(members) { write(index) }
        }
        writer.endObject()
    }
}
