import Containment
import Testing

/// Page view controllers (docs/uikit-rules-page-view-controller.md) and the corrections of
/// docs/uikit-rules-corrections.md through HTTP: specs in JSON and YAML, raw calls, problems.
@Suite struct PageViewControllerHTTPTests {
    private static let yaml = """
        id: book
        clock: manual
        root:
          id: pages
          kind: pageViewController
          transitionStyle: scroll
          viewControllers:
            - id: p1
        """

    private func bookService() throws -> TestService {
        let service = try TestService(.router)
        let created = try service.request("POST", "/v1/trees", json: Self.yaml, headers: [("Content-Type", "application/yaml")])
        try #require(created.status == 201, "\(created.text)")
        for id in ["p2", "p3"] {
            try #require(try service.request("POST", "/v1/trees/book/controllers", json: #"{"id": "\#(id)"}"#).status == 201)
        }
        return service
    }

    private func calls(_ service: TestService, _ calls: String, tree: String = "book") throws -> Reply {
        try service.request("POST", "/v1/trees/\(tree)/calls", json: #"{"calls": \#(calls)}"#)
    }

    private func appearanceAndDelegate(_ reply: Reply) -> [String] {
        reply.callbacks.filter { !$0.contains("Layout") && !$0.contains("load") && !$0.contains("Load") }
    }

    @Test func yamlSpecShowsPagesAndTransitionStyle() throws {
        let service = try bookService()
        let pages = try service.request("GET", "/v1/trees/book/controllers/pages").json
        #expect(pages["kind"].string == "pageViewController")
        #expect(pages["transitionStyle"].string == "scroll")
        #expect(pages["viewControllers"].array == [.string("p1")])
        #expect(pages["children"].array == [.string("p1")])
        #expect(pages["automaticallyForwardsAppearance"].bool == false)
        #expect(try service.request("GET", "/v1/trees/book/controllers/p1").json["appearance"].string == "appeared")
    }

    @Test func setViewControllersReplacesThePageAndAWrongCountIsA409() throws {
        let service = try bookService()
        let set = try calls(
            service, #"[{"receiver": "pages", "method": "setViewControllers", "args": {"viewControllers": ["p2"], "direction": "reverse", "animated": false}}]"#
        )
        #expect(set.status == 200, "\(set.text)")
        #expect(
            appearanceAndDelegate(set) == [
                "p1.willMove(nil)", "p1.viewWillDisappear", "p1.viewDidDisappear", "p1.didMove(nil)", "p2.willMove(pages)",
                "p2.viewWillAppear", "p2.viewIsAppearing", "p2.viewDidAppear", "p2.didMove(pages)",
            ])
        let before = try service.request("GET", "/v1/trees/book").json
        let wrong = try calls(
            service, #"[{"receiver": "pages", "method": "setViewControllers", "args": {"viewControllers": ["p1", "p3"], "animated": false}}]"#)
        #expect(wrong.status == 409)
        #expect(wrong.header("Content-Type") == "application/problem+json")
        #expect(wrong.json["title"].string == "NSInvalidArgumentException")
        #expect(wrong.json["code"].string == "page_count_mismatch")
        #expect(
            wrong.json["detail"].string
                == "The number of view controllers provided (2) doesn't match the number required (1) for the requested transition")
        #expect(try service.request("GET", "/v1/trees/book").json == before)
    }

    @Test func swipeCallsReportTheDelegateAsEventsOnThePageViewController() throws {
        let service = try bookService()
        let begin = try calls(service, #"[{"receiver": "pages", "method": "beginInteractiveSwipe", "args": {"to": "p2", "direction": "forward"}}]"#)
        #expect(begin.status == 200, "\(begin.text)")
        #expect(appearanceAndDelegate(begin) == ["p2.willMove(pages)", "pages.willTransitionTo", "p2.viewWillAppear", "p1.viewWillDisappear"])
        let pending = begin.json["events"].array.first { $0["callback"].string == "willTransitionTo" }
        #expect(pending?["args"]["pendingViewControllers"].array == [.string("p2")])
        #expect(try service.request("GET", "/v1/trees/book/controllers/pages").json["children"].array == [.string("p1"), .string("p2")])

        let cancel = try calls(service, #"[{"receiver": "pages", "method": "cancelInteractiveSwipe"}]"#)
        #expect(cancel.status == 200)
        let finished = cancel.json["events"].array.first { $0["callback"].string == "didFinishAnimating" }
        #expect(finished?["controller"].string == "pages")
        #expect(finished?["args"]["finished"].bool == true)
        #expect(finished?["args"]["transitionCompleted"].bool == false)
        #expect(finished?["args"]["previousViewControllers"].array == [.string("p1")])

        _ = try calls(service, #"[{"receiver": "pages", "method": "beginInteractiveSwipe", "args": {"to": "p3"}}]"#)
        let finish = try calls(service, #"[{"receiver": "pages", "method": "finishInteractiveSwipe"}]"#)
        #expect(finish.callbacks.last { !$0.contains("Layout") } == "pages.didFinishAnimating")
        let pages = try service.request("GET", "/v1/trees/book/controllers/pages").json
        #expect(pages["viewControllers"].array == [.string("p3")])
        #expect(pages["children"].array == [.string("p3")])

        let stray = try calls(service, #"[{"receiver": "pages", "method": "finishInteractiveSwipe"}]"#)
        #expect(stray.status == 409)
        #expect(stray.json["code"].string == "no_page_swipe")
        let badDirection = try calls(service, #"[{"receiver": "pages", "method": "beginInteractiveSwipe", "args": {"to": "p1", "direction": "up"}}]"#)
        #expect(badDirection.status == 400)
        #expect(badDirection.json["field"].string == "calls[0].args.direction")
    }

    @Test func childContentSizesByPatchDecideWhoHearsOfARotation() throws {
        let service = try TestService(.router)
        try service.createTree(
            "drawer",
            root:
                #"{"id": "root", "containerViews": [{"id": "side", "frame": {"x": 0, "y": 0, "width": 300, "height": 844}}], "children": [{"id": "drawer", "containerView": "side"}]}"#
        )
        let patch = try service.request(
            "PATCH", "/v1/trees/drawer/controllers/root", json: #"{"childContentSizes": {"drawer": {"width": 300, "height": 844}}}"#)
        #expect(patch.status == 200, "\(patch.text)")
        #expect(patch.json["controller"]["childContentSizes"]["drawer"]["width"].int == 300)
        let rotate = try calls(
            service, #"[{"receiver": "window", "method": "setSize", "args": {"size": {"width": 844, "height": 390}}}]"#, tree: "drawer")
        #expect(rotate.callbacks.filter { $0.contains("viewWillTransition") } == ["root.viewWillTransition"])
        let bad = try service.request(
            "PATCH", "/v1/trees/drawer/controllers/root", json: #"{"childContentSizes": {"drawer": {"width": -1, "height": 844}}}"#)
        #expect(bad.status == 400)
        #expect(bad.json["field"].string == "childContentSizes.drawer")
        let badKey = try service.request(
            "PATCH", "/v1/trees/drawer/controllers/root", json: #"{"childContentSizes": {"a b": {"width": 1, "height": 1}}}"#)
        #expect(badKey.status == 400)
        #expect(badKey.json["field"].string == "childContentSizes")
    }

    @Test func navigationChildrenFollowViewControllersInJSON() throws {
        let service = try TestService(.router)
        try service.createTree("nav", root: #"{"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "a"}, {"id": "b"}]}"#)
        try #require(try service.request("POST", "/v1/trees/nav/controllers", json: #"{"id": "d"}"#).status == 201)
        let set = try calls(
            service, #"[{"receiver": "nav", "method": "setViewControllers", "args": {"viewControllers": ["d", "a", "b"], "animated": false}}]"#,
            tree: "nav")
        #expect(set.status == 200)
        #expect(try service.request("GET", "/v1/trees/nav/controllers/nav").json["children"].array == ["d", "a", "b"].map { .string($0) })
    }

    /// docs/uikit-rules-page-view-controller.md, "Two-page spreads": the spine in a spec, its
    /// effective values in the snapshot, and a spine the style does not take refused.
    @Test func spreadSpecShowsTheSpineAndRefusesOneItDoesNotTake() throws {
        let service = try TestService(.router)
        let spread =
            #"{"id": "spread", "clock": "manual", "root": {"id": "pages", "kind": "pageViewController", "spineLocation": "mid", "#
            + #""viewControllers": [{"id": "left"}, {"id": "right"}]}}"#
        let created = try service.request("POST", "/v1/trees", json: spread)
        #expect(created.status == 201, "\(created.text)")
        let pages = try service.request("GET", "/v1/trees/spread/controllers/pages").json
        #expect(pages["spineLocation"].string == "mid")
        #expect(pages["isDoubleSided"].bool == true)
        #expect(pages["viewControllers"].array == [.string("left"), .string("right")])
        let plain = try service.request("POST", "/v1/trees", json: #"{"id": "plain", "root": {"id": "pages", "kind": "pageViewController"}}"#)
        #expect(plain.status == 201)
        let defaults = try service.request("GET", "/v1/trees/plain/controllers/pages").json
        #expect(defaults["spineLocation"].string == "min")
        #expect(defaults["isDoubleSided"].bool == false)
        let singleSided = #"{"id": "bad", "root": {"id": "pages", "kind": "pageViewController", "spineLocation": "mid", "isDoubleSided": false}}"#
        let refused = try service.request("POST", "/v1/trees", json: singleSided)
        #expect(refused.status == 400)
        #expect(refused.json["field"].string == "root.isDoubleSided")
        #expect(try service.request("GET", "/v1/trees/bad").status == 404)
        let scrollSpine = #"{"id": "bad", "root": {"id": "pages", "kind": "pageViewController", "transitionStyle": "scroll", "spineLocation": "min"}}"#
        #expect(try service.request("POST", "/v1/trees", json: scrollSpine).json["field"].string == "root.spineLocation")
    }
}
