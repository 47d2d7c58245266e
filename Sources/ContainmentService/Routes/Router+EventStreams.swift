import MicroHTTP

extension Router {
    /// `GET /v1/trees/{tree}/events` as a live stream: the retained events after the resume
    /// point (`Last-Event-ID`, else `?after=`), then every new one as it is published.
    static func treeEventStream(_ core: ServiceCore, _ request: ServiceRequest, format: StreamFormat) throws(Problem) -> HTTPReply {
        let after = try resumePoint(request)
        let box = try core.box(request)
        let stream = HTTPStream()
        try box.subscribe(stream, format: format, after: after)
        var response = streamResponse(stream, format: format)
        // What an NDJSON client forms event ids with (its lines carry the bare seq).
        response.headers.add(name: "Containment-Generation", value: String(box.history.generation))
        return .response(response)
    }

    /// `GET /v1/events`: every tree's new events (those whose id starts with `?tree=`), live
    /// only. Seqs are per tree, so there is no resume point; each event names its tree. It has
    /// no JSON form: `Accept` chooses SSE (also for `*/*` or none) or NDJSON, and anything
    /// else is 406 instead of a response that never ends.
    static func allTreesEventStream(_ core: ServiceCore, _ request: ServiceRequest) throws(Problem) -> HTTPReply {
        let format = try streamFormat(negotiate(StreamFormat.all.map(\.mediaType), request), request) ?? .ndjson
        let stream = HTTPStream()
        core.hub.streams.add(stream, format: format, scope: .allTrees(prefix: request.head.queryValue("tree") ?? "", caller: request.caller))
        return .response(streamResponse(stream, format: format))
    }

    /// The stream format of a negotiated media type (nil for the JSON page), SSE messages
    /// unnamed when `?unnamed=true`.
    static func streamFormat(_ mediaType: String, _ request: ServiceRequest) throws(Problem) -> StreamFormat? {
        switch StreamFormat(mediaType: mediaType) {
        case .serverSentEvents?: .serverSentEvents(named: !(try request.queryBool("unnamed") ?? false))
        case let other: other
        }
    }

    /// The offer `Accept` prefers (see `HTTPAccept`), or 406 naming the offers.
    static func negotiate(_ offers: [String], _ request: ServiceRequest) throws(Problem) -> String {
        guard let chosen = HTTPAccept.best(offers, in: request.head.headers) else {
            throw Problem(
                status: 406, code: "not_acceptable",
                detail: "The Accept header allows none of \(offers.joined(separator: ", ")).")
        }
        return chosen
    }

    /// `Last-Event-ID` wins over `?after=`: it is what a reconnecting EventSource sends. Each
    /// is an event id (`<generation>.<seq>`) or a bare seq.
    static func resumePoint(_ request: ServiceRequest) throws(Problem) -> ResumePoint? {
        if let header = request.head.headers["Last-Event-ID"] {
            guard let point = ResumePoint(header.trimmedASCIIWhitespace) else {
                throw .badRequest(
                    "`Last-Event-ID` must be an event id (`<generation>.<seq>`) or an event seq (a non-negative integer).",
                    field: "Last-Event-ID", code: "invalid_header")
            }
            return point
        }
        guard let text = request.head.queryValue("after") else { return nil }
        guard let point = ResumePoint(Substring(text)) else {
            throw .badRequest(
                "Query parameter `after` must be an event id (`<generation>.<seq>`) or an event seq (a non-negative integer).",
                field: "after", code: "invalid_query")
        }
        return point
    }

    private static func streamResponse(_ stream: HTTPStream, format: StreamFormat) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: ["Content-Type": format.contentType, "Cache-Control": "no-cache", "X-Accel-Buffering": "no", "Vary": "Accept"],
            stream: stream)
    }
}
