import Containment
import ContainmentConformance
import MicroHTTP

extension Router {
    /// `GET /v1/trees/{tree}/timeline?format=mermaid|text`: the same page of events as the JSON
    /// one, drawn for issues and docs. A path of its own, so a generated client's JSON page
    /// operation never receives text.
    static func eventTimeline(_ core: ServiceCore, _ request: ServiceRequest) throws(Problem) -> HTTPResponse {
        let render: ([Event]) -> String
        switch request.head.queryValue("format") ?? "mermaid" {
        case "mermaid": render = EventTimeline.mermaid
        case "text": render = EventTimeline.text
        default:
            throw .badRequest("Query parameter `format` must be mermaid or text.", field: "format", code: "invalid_query")
        }
        let after = try request.querySequence("after") ?? 0
        let limit = try request.queryInteger("limit", in: 1...core.configuration.maxPageSize) ?? 100
        // As of the tree's last durable change, as the JSON page.
        let events = try core.readAcknowledged(request) { (tree, listing) throws(Problem) in
            try Problem.engine { try tree.events(after: after, limit: limit) }.filter { $0.seq <= listing.lastSeq }
        }
        return .text(render(events))
    }

    /// A `?format=` sent where the text forms used to be: a 400 naming their path, rather than
    /// JSON the caller did not ask for.
    static func refuseMovedFormat(_ request: ServiceRequest, movedTo path: String) throws(Problem) {
        guard let format = request.head.queryValue("format") else { return }
        throw .badRequest(
            "Query parameter `format` (\(format)) is not read here; the text forms are at GET \(path).",
            field: "format", code: "invalid_query")
    }
}
