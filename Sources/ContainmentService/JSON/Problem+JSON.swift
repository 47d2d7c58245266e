extension Problem: JSONWritable {
    /// The synthesized `encode(to:)`'s fields (nil ones omitted), in sorted key order.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let applied {
            writer.key("applied")
            writer.integer(applied)
        }
        if let callIndex {
            writer.key("callIndex")
            writer.integer(callIndex)
        }
        if let changeOutcome {
            writer.key("changeOutcome")
            writer.string(changeOutcome.rawValue)
        }
        writer.key("code")
        writer.string(code)
        if let column {
            writer.key("column")
            writer.integer(column)
        }
        if let construct {
            writer.key("construct")
            writer.string(construct)
        }
        writer.key("detail")
        writer.string(detail)
        if let events {
            writer.key("events")
            events.writeJSON(to: &writer)
        }
        if let field {
            writer.key("field")
            writer.string(field)
        }
        if let line {
            writer.key("line")
            writer.integer(line)
        }
        if let oldestSeq {
            writer.key("oldestSeq")
            writer.integer(oldestSeq)
        }
        if let overrideStack {
            writer.key("overrideStack")
            overrideStack.writeJSON(to: &writer)
        }
        writer.key("status")
        writer.integer(status)
        if let supported {
            writer.key("supported")
            writer.string(supported)
        }
        writer.key("title")
        writer.string(title)
        writer.key("type")
        writer.string(type)
        writer.endObject()
    }
}

extension Health: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("status")
        writer.string(status)
        writer.endObject()
    }
}
