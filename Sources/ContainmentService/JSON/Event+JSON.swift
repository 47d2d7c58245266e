import Containment

extension Event: JSONWritable {
    /// The fields `encode(to:)` writes, in sorted key order. Optional strings are checked,
    /// then read in place (`unsafelyUnwrapped` after the check): `if let` copied each one,
    /// a retain and a release of every callback name and id of every event.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if !args.isEmpty || callback != nil {
            writer.key("args")
            JSONValue.writeObject(args, to: &writer)
        }
        writer.key("batch")
        writer.integer(batch)
        if callback != nil {
            writer.key("callback")
            writer.string(callback.unsafelyUnwrapped)
        }
        if controller != nil {
            writer.key("controller")
            writer.string(controller.unsafelyUnwrapped)
        }
        if let isBeingDismissed {
            writer.key("isBeingDismissed")
            writer.bool(isBeingDismissed)
        }
        if let isBeingPresented {
            writer.key("isBeingPresented")
            writer.bool(isBeingPresented)
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
        if warning != nil {
            writer.key("warning")
            writer.string(warning.unsafelyUnwrapped)
        }
        writer.endObject()
    }
}
