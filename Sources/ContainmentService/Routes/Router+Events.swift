import Containment

extension Router {
    /// The retained events of a tree, page by page (live streams come with issue 4).
    mutating func addEventRoutes(_ core: ServiceCore) {
        add("GET", "/v1/trees/{tree}/events") { (request) throws(Problem) in
            let after = try request.querySequence("after") ?? 0
            let limit = try request.queryInteger("limit", in: 1...core.configuration.maxPageSize) ?? 100
            return .json(try core.read(request) { tree throws(Problem) in
                EventPage(
                    events: try Problem.engine { try tree.events(after: after, limit: limit) },
                    lastSeq: tree.lastSeq, oldestSeq: tree.oldestRetainedSeq)
            }, for: request)
        }
    }
}
