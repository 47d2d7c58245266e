import Containment

extension Event: JSONWritable {
    /// The fields `encode(to:)` writes, in sorted key order.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if !args.isEmpty || callback != nil {
            writer.key("args")
            JSONValue.writeObject(args, to: &writer)
        }
        if let callback {
            writer.key("callback")
            writer.string(callback)
        }
        if let controller {
            writer.key("controller")
            writer.string(controller)
        }
        if let isMovingFromParent {
            writer.key("isMovingFromParent")
            writer.bool(isMovingFromParent)
        }
        if let isMovingToParent {
            writer.key("isMovingToParent")
            writer.bool(isMovingToParent)
        }
        writer.key("seq")
        writer.integer(seq)
        writer.key("time")
        writer.isoTime(time)
        writer.key("tree")
        writer.string(tree)
        if let warning {
            writer.key("warning")
            writer.string(warning)
        }
        writer.endObject()
    }
}
