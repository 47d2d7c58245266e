import Containment

extension PopoverPresentationController: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let barButtonItem {
            writer.key("barButtonItem")
            writer.string(barButtonItem)
        }
        if let permittedArrowDirections {
            writer.key("permittedArrowDirections")
            writer.stringArray(permittedArrowDirections.map(\.rawValue))
        }
        if let sourceRect {
            writer.key("sourceRect")
            sourceRect.writeJSON(to: &writer)
        }
        if let sourceView {
            writer.key("sourceView")
            writer.string(sourceView)
        }
        writer.endObject()
    }
}
