import Containment

extension SearchControllerDelegate: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let presentSearchController {
            writer.key("presentSearchController")
            writer.bool(presentSearchController)
        }
        writer.endObject()
    }
}
