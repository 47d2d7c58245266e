import Containment

// The fields `encode(to:)` writes, in sorted key order (see Snapshots+JSON.swift).

extension RawCall: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let args {
            writer.key("args")
            JSONValue.writeObject(args, to: &writer)
        }
        writer.key("method")
        writer.string(method)
        writer.key("receiver")
        writer.string(receiver)
        writer.endObject()
    }
}

extension OverrideFrame: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("call")
        writer.integer(call)
        writer.key("callback")
        writer.string(callback)
        writer.key("controller")
        writer.string(controller)
        writer.key("depth")
        writer.integer(depth)
        writer.endObject()
    }
}

extension TransitioningDelegate: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let presentationController {
            writer.key("presentationController")
            writer.beginObject()
            if let remove = presentationController.shouldRemovePresentersView {
                writer.key("shouldRemovePresentersView")
                writer.bool(remove)
            }
            writer.endObject()
        }
        if let transitionDuration {
            writer.key("transitionDuration")
            writer.number(transitionDuration)
        }
        writer.endObject()
    }
}
