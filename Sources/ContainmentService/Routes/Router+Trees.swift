import Containment
import FoundationEssentials
import MicroHTTP

extension Router {
    /// Trees: the windows clients create, inspect and tear down.
    mutating func addTreeRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees", accepting: [.json, .yaml]) { (request) throws(Problem) in
            let body = try request.decodeBody(CreateTreeBody.self)
            return try Self.createTree(core, request, id: body.id ?? UUID().uuidString.lowercased(), isFresh: body.id == nil, body: body)
        }

        // The id in the path, so a proxy can route every request of a tree by its path alone.
        add("PUT", "/v1/trees/{tree}", accepting: [.json, .yaml]) { (request) throws(Problem) in
            let body = try request.decodeBody(CreateTreeBody.self)
            let id = request.parameter("tree")
            if let bodyID = body.id, bodyID != id {
                throw .badRequest("`id` (\(bodyID)) must equal the id in the path (\(id)), or be left out.", field: "id", code: "id_mismatch")
            }
            return try Self.createTree(core, request, id: id, body: body)
        }

        add("GET", "/v1/trees") { (request) throws(Problem) in
            let limit = try request.queryInteger("limit", in: 1...core.configuration.maxPageSize) ?? 100
            let cursor = request.head.queryValue("cursor")
            // Checked before any store is asked: PostgreSQL's text cannot hold NUL, and no id does.
            if let cursor, cursor.utf8.contains(0) {
                throw .badRequest("Query parameter `cursor` must not contain NUL.", field: "cursor", code: "invalid_query")
            }
            if let ownership = core.ownership { return Self.listStoredTrees(core, ownership, request, after: cursor, limit: limit) }
            if let journal = core.journal {
                let (trees, nextCursor) = core.registry.acknowledgedPage(
                    after: cursor, limit: limit, visibleTo: request.caller, isDurable: journal.isDurable
                ) { $0.acknowledgedListing() }
                let summaries = trees.map { tree in
                    TreeList.TreeSummary(id: tree.id, clock: tree.clock, controllerCount: tree.listing.controllers, lastSeq: tree.listing.lastSeq)
                }
                return .json(TreeList(trees: summaries, nextCursor: nextCursor), for: request)
            }
            let (boxes, nextCursor) = core.registry.page(after: cursor, limit: limit, visibleTo: request.caller)
            let summaries = boxes.compactMap { box in
                try? box.read(commit: request.commit) { tree in
                    TreeList.TreeSummary(id: tree.id, clock: box.clock, controllerCount: tree.controllerCount, lastSeq: tree.lastSeq)
                }
            }
            return .json(TreeList(trees: summaries, nextCursor: nextCursor), for: request)
        }

        add("GET", "/v1/trees/{tree}") { (request) throws(Problem) in
            try Self.refuseMovedFormat(request, movedTo: "/v1/trees/{tree}/hierarchy")
            guard request.wantsPrettyJSON else { return .response(try Self.treeSnapshot(core, request)) }
            let pretty = try core.readableBox(request).prettySnapshot(commit: request.commit)
            return .response(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], shared: pretty))
        }

        add("GET", "/v1/trees/{tree}/hierarchy") { (request) throws(Problem) in
            .response(.text(try core.read(request) { $0.hierarchyText() }))
        }

        add("DELETE", "/v1/trees/{tree}") { (request) throws(Problem) in
            let events = try core.box(request).tearDown(commit: request.commit)
            core.metrics.trees.set(Int64(core.registry.count))
            return .json(MutationResponse(events: events, subject: NoSubject()), for: request)
        }
    }

    /// `GET /v1/trees` with a shared store: every instance's trees, from the store, as their
    /// last commits left them (nothing uncommitted is shown), answered from the ownership queue.
    private static func listStoredTrees(
        _ core: ServiceCore, _ ownership: TreeOwnership, _ request: ServiceRequest, after cursor: String?, limit: Int
    ) -> HTTPReply {
        let deferred = request.deferred ?? HTTPDeferredResponse()
        let crossOrigin = core.crossOrigin.headers(for: request.head)
        ownership.list(after: cursor, limit: limit + 1, caller: request.caller, tokens: core.configuration.accessTokens) { listed in
            var response: HTTPResponse
            switch listed {
            case .success(let trees):
                let page = trees.prefix(limit).map { tree in
                    TreeList.TreeSummary(
                        id: tree.id, clock: TreeClock(rawValue: tree.clock) ?? .real, controllerCount: tree.listing.controllers,
                        lastSeq: tree.listing.lastSeq)
                }
                response = .json(TreeList(trees: page, nextCursor: trees.count > limit ? page.last?.id : nil), pretty: request.wantsPrettyJSON)
            case .failure(let problem):
                response = .problem(problem, pretty: request.wantsPrettyJSON, headers: ["Retry-After": "1"])
            }
            for field in crossOrigin { response.headers.add(name: field.name, value: field.value) }
            deferred.complete(response)
        }
        return .deferred(deferred)
    }

    /// Builds and lists a tree owned by the request's caller: 201 with its creation events and
    /// `Location`; 409 when the id is taken.
    /// `isFresh`: the service chose the id (a new UUID), so no store needs asking whether it exists.
    private static func createTree(
        _ core: ServiceCore, _ request: ServiceRequest, id: String, isFresh: Bool = false, body: CreateTreeBody
    ) throws(Problem) -> HTTPReply {
        // Dot-segments: proxies and browsers resolve `/v1/trees/..` away (RFC 3986 §5.2.4), so
        // no URL would reach the tree.
        if id == "." || id == ".." {
            throw .badRequest("A tree id may not be `.` or `..`: no URL could reach the tree.", field: "id", code: "invalid_argument")
        }
        try core.registry.checkRoom(for: id, absent: request.absentTrees, isFresh: isFresh)

        let clock = body.clock ?? .real
        var configuration = core.treeConfiguration
        configuration.onScreen = body.onScreen ?? true
        configuration.clock = clock.rawValue
        if let size = body.window?.size { configuration.windowSize = size }
        if let sizeClass = body.window?.horizontalSizeClass { configuration.horizontalSizeClass = sizeClass }

        try core.budget.checkRoom()
        if let root = body.root { try FieldLimits.check(root, field: "root") }

        let now = Date().timeIntervalSince1970
        let tree = try Problem.engine { try ContainmentTree(id: id, configuration: configuration, root: body.root, now: now) }
        let (snapshot, events) = try core.register(
            tree, clock: clock, owner: request.caller.ownerName, creation: .spec(configuration: configuration, root: body.root, time: now),
            commit: request.commit)
        var reply = HTTPResponse.json(
            MutationResponse(events: events, subject: TreeSubject(tree: snapshot)),
            status: 201, pretty: request.wantsPrettyJSON)
        reply.headers.add(name: "Location", value: "/v1/trees/\(id)")
        return .response(reply)
    }

    /// Compact tree JSON from the box's cache, gzip-coded when the request's `Accept-Encoding`
    /// prefers it, tagged with its version and coding; `304 Not Modified` when the client's
    /// `If-None-Match` already names that representation. Every answer says that it varies with
    /// `Accept-Encoding`, so caches keep the two representations apart.
    private static func treeSnapshot(_ core: ServiceCore, _ request: ServiceRequest) throws(Problem) -> HTTPResponse {
        let preference = GzipPreference(request.head.headers)
        let box = try core.readableBox(request)
        let snapshot = try box.encodedSnapshot(preference, commit: request.commit)
        let response = HTTPResponse(prepared: snapshot.response)
        guard let candidates = request.head.headers["If-None-Match"],
            HTTPEntityTag.list(candidates, matches: { snapshot.isNamed(by: $0, incarnation: box.incarnation, history: box.history) })
        else {
            return response
        }
        return response.notModified
    }
}

extension HTTPPreparedResponse {
    /// A tree snapshot's 200 answer (see `Router.treeSnapshot`), built once per version and coding.
    static func snapshot(_ body: HTTPSharedBytes, entityTag: String, isGzip: Bool) -> HTTPPreparedResponse {
        let headers: HTTPHeaders =
            isGzip
            ? ["Content-Type": "application/json", "Content-Encoding": "gzip", "ETag": entityTag, "Vary": "Accept-Encoding"]
            : ["Content-Type": "application/json", "ETag": entityTag, "Vary": "Accept-Encoding"]
        return HTTPPreparedResponse(status: 200, headers: headers, body: body)
    }
}
