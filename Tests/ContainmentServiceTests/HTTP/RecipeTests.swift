import Testing

/// The three listings of Apple's *Implementing a Container View Controller* through HTTP, with UIKit's exact callback order.
@Suite struct RecipeTests {
    /// A visible container `root` with a container view `content`, and a detached `map`.
    private func containerWithDetachedMap() throws -> TestService {
        let service = try TestService(.router)
        try service.createTree(
            "demo",
            root: #"{"id": "root", "containerViews": [{"id": "content", "frame": {"x": 0, "y": 100, "width": 390, "height": 744}}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#)
        return service
    }

    @Test func displayContentController() throws {
        let service = try containerWithDetachedMap()
        let reply = try service.request(
            "POST", "/v1/trees/demo/controllers/root/children",
            json: #"{"child": "map", "containerView": "content", "frame": {"x": 0, "y": 0, "width": 390, "height": 744}}"#)
        #expect(reply.status == 200)
        #expect(
            reply.callbacks == [
                "map.willMove(root)", "map.loadView", "map.viewDidLoad", "map.viewWillAppear", "map.didMove(root)",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "map.viewIsAppearing",
                "map.viewWillLayoutSubviews", "map.viewDidLayoutSubviews", "map.viewDidAppear",
            ])
        let appear = reply.json["events"].array.first { $0["callback"].string == "viewWillAppear" }
        #expect(appear?["isMovingToParent"].bool == true)
        #expect(reply.json["parent"]["children"] == .array([.string("map")]))
        #expect(reply.json["child"]["view"]["superview"].string == "content")
        #expect(reply.json["child"]["appearance"].string == "appeared")
    }

    @Test func hideContentController() throws {
        let service = try containerWithDetachedMap()
        try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "map", "containerView": "content"}"#)
        let reply = try service.request("DELETE", "/v1/trees/demo/controllers/root/children/map")
        #expect(reply.status == 200)
        #expect(
            reply.callbacks == [
                "map.willMove(nil)", "map.viewWillDisappear", "map.didMove(nil)",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "map.viewDidDisappear",
            ])
        let disappear = reply.json["events"].array.first { $0["callback"].string == "viewWillDisappear" }
        #expect(disappear?["isMovingFromParent"].bool == true)
        #expect(reply.json["child"]["parent"].isNull)
        #expect(reply.json["parent"]["children"] == .array([]))
    }

    @Test func cycleFromViewControllerOnAManualClock() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)

        let started = try service.request(
            "POST", "/v1/trees/demo/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 0.25}"#)
        #expect(started.status == 202)
        let id = try #require(started.json["transition"]["id"].string)
        #expect(started.header("Location") == "/v1/trees/demo/transitions/\(id)")
        #expect(started.json["transition"]["state"].string == "running")
        #expect(
            started.callbacks == [
                "map.willMove(nil)", "list.willMove(root)", "list.loadView", "list.viewDidLoad",
                "map.viewWillDisappear", "list.viewWillAppear", "root.viewWillLayoutSubviews",
                "root.viewDidLayoutSubviews", "list.viewIsAppearing", "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
            ])

        let early = try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 0.1}"#)
        #expect(early.callbacks == [])
        #expect(early.json["nextDueTime"].string == started.json["transition"]["completesAt"].string)
        #expect(try service.request("GET", "/v1/trees/demo/transitions/\(id)").json["state"].string == "running")

        let done = try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 0.2}"#)
        #expect(
            done.callbacks == [
                "map.viewDidDisappear", "list.viewDidAppear", "root.transitionCompletion",
                "map.didMove(nil)", "list.didMove(root)", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            ])
        #expect(done.json["nextDueTime"].isNull)
        #expect(try service.request("GET", "/v1/trees/demo/transitions/\(id)").json["state"].string == "finished")
        let root = try service.request("GET", "/v1/trees/demo/controllers/root").json
        #expect(root["children"] == .array([.string("list")]))
    }

    @Test func zeroDurationTransitionFinishesWithinTheRequest() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#, clock: "real")
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)
        let reply = try service.request(
            "POST", "/v1/trees/demo/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 0}"#)
        #expect(reply.status == 200)
        #expect(reply.json["transition"]["state"].string == "finished")
        #expect(
            reply.callbacks == [
                "map.willMove(nil)", "list.willMove(root)", "list.loadView", "list.viewDidLoad",
                "map.viewWillDisappear", "list.viewWillAppear", "root.viewWillLayoutSubviews",
                "root.viewDidLayoutSubviews", "list.viewIsAppearing", "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
                "map.viewDidDisappear", "list.viewDidAppear", "root.transitionCompletion",
                "map.didMove(nil)", "list.didMove(root)", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            ])
    }

    @Test func transitionBetweenNonSiblingsIsUIKitsInvalidArgument() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "stranger"}"#)
        let before = try service.request("GET", "/v1/trees/demo").json
        let reply = try service.request(
            "POST", "/v1/trees/demo/calls",
            json: #"{"calls": [{"receiver": "root", "method": "transition", "args": {"from": "map", "to": "stranger", "duration": 0}}]}"#)
        #expect(reply.status == 409)
        #expect(reply.json["title"].string == "NSInvalidArgumentException")
        #expect(reply.json["detail"].string?.hasPrefix("Children view controllers <map> and <stranger> must have a common parent") == true)
        #expect(reply.json["callIndex"].int == 0)
        #expect(try service.request("GET", "/v1/trees/demo").json == before)
    }

    @Test func clockOnARealTreeIsAConflict() throws {
        let service = try TestService(.router)
        try service.createTree("live", clock: "real")
        let reply = try service.request("POST", "/v1/trees/live/clock", json: #"{"advance": 1}"#)
        #expect(reply.status == 409)
        #expect(reply.json["code"].string == "clock_not_manual")
    }
}
