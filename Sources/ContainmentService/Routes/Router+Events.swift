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
            let point = try Self.resumePoint(request)
            let limit = try request.queryInteger("limit", in: 1...core.configuration.maxPageSize) ?? 100
            let box = try core.readableBox(request)
            // As of the tree's last acknowledged change: a commit under way holds up no page.
            let page = try box.readAcknowledged(commit: request.commit) { (tree, listing) throws(Problem) in
                if let point, let generation = point.generation, !box.history.vouches(generation: generation, seq: point.seq) {
                    throw .historyLost(after: point, oldestSeq: min(tree.oldestRetainedSeq, listing.lastSeq + 1))
                }
                var events = try Problem.engine { try tree.events(after: point?.seq ?? 0, limit: limit) }
                if let last = events.last, last.seq > listing.lastSeq { events.removeAll { $0.seq > listing.lastSeq } }
                return EventPage(events: events, lastSeq: listing.lastSeq, oldestSeq: min(tree.oldestRetainedSeq, listing.lastSeq + 1))
            }
            var response = HTTPResponse.json(page, pretty: request.wantsPrettyJSON)
            response.headers.add(name: "Vary", value: "Accept")
            // What a client forms event ids with, as from the streams.
            response.headers.add(name: "Containment-Generation", value: String(box.history.generation))
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
