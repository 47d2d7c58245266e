import Containment

extension NavigationItem: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let searchController {
            writer.key("searchController")
            writer.string(searchController)
        }
        writer.endObject()
    }
}
