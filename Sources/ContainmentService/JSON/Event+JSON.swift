import Containment

extension Event: JSONWritable {
    /// The fields `encode(to:)` writes, in sorted key order. Optional strings are checked,
    /// then read in place (`unsafelyUnwrapped` after the check): `if let` copied each one,
    /// a retain and a release of every callback name and id of every event.
    ///
    /// `batch`, and `time` with `tree`, are nearly always those of the event written just
    /// before (one mutation's events share them): they are then copied from the buffer
    /// (`JSONWriter.copyFields`) instead of formatted again.
    func writeJSON(to writer: inout JSONWriter) {
        withUnsafePointer(to: self) { Self.writeJSON(at: $0, to: &writer) }
    }

    /// Reads the event's fields in place, without copying the event out of its array (a
    /// retain and a release of each of its strings).
    static func writeJSON(at event: UnsafePointer<Event>, to writer: inout JSONWriter) {
        writer.beginObject()
        if !event.pointee.args.isEmpty || event.pointee.callback != nil {
            writer.key("args")
            JSONValue.writeObject(event.pointee.args, to: &writer)
        }
        let batch = event.pointee.batch
        if writer.eventRuns.batch != batch || !writer.copyFields(writer.eventRuns.batchRun) {
            let offset = writer.beginFields()
            writer.key("batch")
            writer.integer(batch)
            writer.eventRuns.batch = batch
            writer.eventRuns.batchRun = writer.endFields(from: offset)
        }
        if event.pointee.callback != nil {
            writer.key("callback")
            writer.string(event.pointee.callback.unsafelyUnwrapped)
        }
        if let calledFrom = event.pointee.calledFrom {
            writer.key("calledFrom")
            calledFrom.writeJSON(to: &writer)
        }
        if event.pointee.controller != nil {
            writer.key("controller")
            writer.string(event.pointee.controller.unsafelyUnwrapped)
        }
        if let isBeingDismissed = event.pointee.isBeingDismissed {
            writer.key("isBeingDismissed")
            writer.bool(isBeingDismissed)
        }
        if let isBeingPresented = event.pointee.isBeingPresented {
            writer.key("isBeingPresented")
            writer.bool(isBeingPresented)
        }
        if let isMovingFromParent = event.pointee.isMovingFromParent {
            writer.key("isMovingFromParent")
            writer.bool(isMovingFromParent)
        }
        if let isMovingToParent = event.pointee.isMovingToParent {
            writer.key("isMovingToParent")
            writer.bool(isMovingToParent)
        }
        writer.key("seq")
        writer.integer(event.pointee.seq)
        let time = event.pointee.time
        if writer.eventRuns.time != time || writer.eventRuns.tree != event.pointee.tree || !writer.copyFields(writer.eventRuns.timeAndTreeRun) {
            let offset = writer.beginFields()
            writer.key("time")
            writer.isoTime(time)
            writer.key("tree")
            writer.string(event.pointee.tree)
            writer.eventRuns.time = time
            writer.eventRuns.tree = event.pointee.tree
            writer.eventRuns.timeAndTreeRun = writer.endFields(from: offset)
        }
        if event.pointee.warning != nil {
            writer.key("warning")
            writer.string(event.pointee.warning.unsafelyUnwrapped)
        }
        writer.endObject()
    }
}

/// The values of the last event `JSONWriter` wrote, and where their fields are in its buffer.
struct EventRuns {
    var batch: UInt64?
    var batchRun = JSONWriter.Run()
    var time: Double?
    var tree: String?
    var timeAndTreeRun = JSONWriter.Run()
}
