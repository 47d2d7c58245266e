import Containment
import ContainmentConformance
import MicroHTTP

extension Router {
    /// `GET /v1/trees/{tree}/events?format=mermaid|text`: the same page of events as the JSON
    /// form, drawn for issues and docs.
    static func eventTimeline(_ core: ServiceCore, _ request: ServiceRequest, format: String, after: UInt64, limit: Int) throws(Problem) -> HTTPResponse {
        let render: ([Event]) -> String
        switch format {
        case "mermaid": render = EventTimeline.mermaid
        case "text": render = EventTimeline.text
        default:
            throw .badRequest("Query parameter `format` must be json, mermaid or text.", field: "format", code: "invalid_query")
        }
        let events = try core.read(request) { tree throws(Problem) in
            try Problem.engine { try tree.events(after: after, limit: limit) }
        }
        return .text(render(events))
    }
}
