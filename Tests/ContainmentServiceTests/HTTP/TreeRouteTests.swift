import Testing

@Suite struct TreeRouteTests {
    @Test func createBuildsTheRootAndShowsIt() throws {
        let service = try TestService(.router)
        let reply = try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        #expect(reply.header("Location") == "/v1/trees/demo")
        #expect(reply.json["tree"]["id"].string == "demo")
        #expect(reply.json["tree"]["clock"].string == "manual")
        #expect(reply.json["tree"]["window"]["rootViewController"].string == "root")
        #expect(reply.json["tree"]["controllers"]["map"]["parent"].string == "root")
        #expect(
            reply.callbacks == [
                "map.willMove(root)", "map.loadView", "map.viewDidLoad", "root.loadView", "root.viewDidLoad",
                "map.didMove(root)", "root.viewWillAppear", "map.viewWillAppear", "root.viewIsAppearing",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "map.viewIsAppearing",
                "map.viewWillLayoutSubviews", "map.viewDidLayoutSubviews", "root.viewDidAppear", "map.viewDidAppear",
            ])
        #expect(reply.json["events"].array.map { $0["seq"].int } == Array(1...16).map { Optional($0) })
    }

    @Test func createWithoutBodyGeneratesAnId() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees")
        #expect(reply.status == 201)
        let id = try #require(reply.json["tree"]["id"].string)
        #expect(reply.header("Location") == "/v1/trees/\(id)")
        #expect(reply.json["tree"]["clock"].string == "real")
        #expect(try service.request("GET", "/v1/trees/\(id)").status == 200)
    }

    @Test func offScreenTreeDeliversNoAppearance() throws {
        let service = try TestService(.router)
        let reply = try service.createTree("hidden", root: #"{"id": "root"}"#, onScreen: false)
        #expect(reply.json["tree"]["window"]["visible"].bool == false)
        #expect(!reply.callbacks.contains { $0.contains("Appear") })
    }

    @Test func listPagesInIdOrderWithACursor() throws {
        let service = try TestService(.router)
        for id in ["e", "a", "d", "b", "c"] { try service.createTree(id) }
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let query = "/v1/trees?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let reply = try service.request("GET", query)
            #expect(reply.status == 200)
            seen += reply.json["trees"].array.compactMap { $0["id"].string }
            cursor = reply.json["nextCursor"].string
            pages += 1
        } while cursor != nil && pages < 10
        #expect(seen == ["a", "b", "c", "d", "e"])
        #expect(pages == 3)
        let first = try service.request("GET", "/v1/trees?limit=1").json["trees"][0]
        #expect(first["clock"].string == "manual")
        #expect(first["controllerCount"].int == 0)
    }

    @Test func hierarchyPrintsTheTreeAsText() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let reply = try service.request("GET", "/v1/trees/demo/hierarchy")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(reply.text.contains("<UIViewController root>"))
        #expect(reply.text.contains("<UIViewController map>"))
        #expect(try service.request("GET", "/v1/trees/nope/hierarchy").status == 404)
    }

    /// The tree's JSON path has one form, so a generated client never gets text to decode as
    /// JSON; the old `?format=` is refused, naming where the text went.
    @Test(arguments: ["text", "json", "xml"])
    func formatQueryIsRefusedNamingTheHierarchyPath(format: String) throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let reply = try service.request("GET", "/v1/trees/demo?format=\(format)")
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "format")
        #expect(reply.json["detail"].string?.contains("/v1/trees/{tree}/hierarchy") == true)
    }

    @Test func deleteMakesVisibleControllersDisappearThenForgetsTheTree() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let reply = try service.request("DELETE", "/v1/trees/demo")
        #expect(reply.status == 200)
        #expect(reply.callbacks.prefix(2) == ["root.viewWillDisappear", "root.viewDidDisappear"])
        #expect(try service.request("GET", "/v1/trees/demo").status == 404)
        #expect(try service.request("DELETE", "/v1/trees/demo").status == 404)
    }
}
