import Containment

/// A snapshot's `sheetPresentationController` object (rule 50), keys sorted; a nil identifier
/// is left out, as JSONEncoder leaves it out of the stored state.
extension SheetPresentationSettings: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("detents")
        writer.stringArray((detents ?? [.large]).map(\.rawValue))
        if let largestUndimmedDetentIdentifier {
            writer.key("largestUndimmedDetentIdentifier")
            writer.string(largestUndimmedDetentIdentifier.rawValue)
        }
        writer.key("prefersGrabberVisible")
        writer.bool(prefersGrabberVisible ?? false)
        if let selectedDetentIdentifier {
            writer.key("selectedDetentIdentifier")
            writer.string(selectedDetentIdentifier.rawValue)
        }
        writer.endObject()
    }
}
