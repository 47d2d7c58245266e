import Containment

/// A snapshot's `sheetPresentationController` object (rule 49), keys sorted.
extension SheetPresentationSettings: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("detents")
        writer.stringArray((detents ?? [.large]).map(\.rawValue))
        writer.key("largestUndimmedDetentIdentifier")
        writer.optionalString(largestUndimmedDetentIdentifier?.rawValue)
        writer.key("prefersGrabberVisible")
        writer.bool(prefersGrabberVisible ?? false)
        writer.key("selectedDetentIdentifier")
        writer.optionalString(selectedDetentIdentifier?.rawValue)
        writer.endObject()
    }
}
