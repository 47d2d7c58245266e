import Containment
import ContainmentPersistence
import MicroHTTP

extension Router {
    /// A tree's events: the retained ones page by page as JSON, or a live SSE / NDJSON stream
    /// when the `Accept` header asks for one, or drawn as text; and one live stream across all
    /// trees.
    mutating func addEventRoutes(_ core: ServiceCore) {
        add("GET", "/v1/trees/{tree}/events") { (request) throws(Problem) in
            // The JSON page first: it wins among equally weighted offers (`*/*`, no Accept).
            let offers = ["application/json"] + StreamFormat.all.map(\.mediaType)
            if let format = try Self.streamFormat(Self.negotiate(offers, request), request) {
                return try Self.treeEventStream(core, request, format: format)
            }
            try Self.refuseMovedFormat(request, movedTo: "/v1/trees/{tree}/timeline?format=mermaid|text")
            let after = try request.querySequence("after") ?? 0
            let limit = try request.queryInteger("limit", in: 1...core.configuration.maxPageSize) ?? 100
            // As of the tree's last acknowledged change: a commit under way holds up no page.
            let page = try core.readAcknowledged(request) { (tree, listing) throws(Problem) in
                var events = try Problem.engine { try tree.events(after: after, limit: limit) }
                if let last = events.last, last.seq > listing.lastSeq { events.removeAll { $0.seq > listing.lastSeq } }
                return EventPage(events: events, lastSeq: listing.lastSeq, oldestSeq: min(tree.oldestRetainedSeq, listing.lastSeq + 1))
            }
            var response = HTTPResponse.json(page, pretty: request.wantsPrettyJSON)
            response.headers.add(name: "Vary", value: "Accept")
            return .response(response)
        }

        add("GET", "/v1/trees/{tree}/timeline") { (request) throws(Problem) in
            .response(try Self.eventTimeline(core, request))
        }

        add("GET", "/v1/events") { (request) throws(Problem) in
            try Self.allTreesEventStream(core, request)
        }
    }
}
