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

    /// Properties and event args: members in sorted key order.
    static func writeObject(_ members: [String: JSONValue], to writer: inout JSONWriter) {
        writer.beginObject()
        if members.count == 1, let (key, value) = members.first {
            writer.key(escaping: key)
            value.writeJSON(to: &writer)
        } else if !members.isEmpty {
            for index in JSONWriter.sortedIndices(members) {
                writer.key(escaping: members.keys[index])
                members.values[index].writeJSON(to: &writer)
            }
        }
        writer.endObject()
    }
}
