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

extension SegueSpec: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let action {
            writer.key("action")
            writer.string(action)
        }
        if let animated {
            writer.key("animated")
            writer.bool(animated)
        }
        if let containerView {
            writer.key("containerView")
            writer.string(containerView)
        }
        if let destination {
            writer.key("destination")
            writer.string(destination)
        }
        writer.key("identifier")
        writer.string(identifier)
        writer.key("kind")
        writer.string(kind.rawValue)
        if let shouldPerform {
            writer.key("shouldPerform")
            writer.bool(shouldPerform)
        }
        writer.endObject()
    }
}
