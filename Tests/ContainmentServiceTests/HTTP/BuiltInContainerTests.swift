import Containment
import Testing

/// Built-in containers through HTTP (docs/uikit-rules.md, rules 13–15): navigation, tab bar and
/// split view controllers built from nested specs (JSON and YAML) and driven by raw calls, as
/// a test rig with curl would.
@Suite struct BuiltInContainerTests {
    /// The navigation figure of Apple's container guide: a navigation controller at the window's root with a
    /// two-controller stack, plus a detached `more` to push.
    private func navigationService() throws -> TestService {
        let service = try TestService(.router)
        try service.createTree(
            "nav", root: #"{"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "list"}, {"id": "detail"}]}"#)
        try #require(try service.request("POST", "/v1/trees/nav/controllers", json: #"{"id": "more"}"#).status == 201)
        return service
    }

    private func calls(_ service: TestService, _ tree: String, _ calls: String, atomic: Bool = false) throws -> Reply {
        try service.request("POST", "/v1/trees/\(tree)/calls", json: #"{"atomic": \#(atomic), "calls": \#(calls)}"#)
    }

    @Test func declaredStackShowsItsTopBelowTheNavigationBar() throws {
        let service = try navigationService()
        let tree = try service.request("GET", "/v1/trees/nav").json
        #expect(tree["controllers"]["nav"]["viewControllers"].array == [.string("list"), .string("detail")])
        #expect(tree["controllers"]["nav"]["children"].array == [.string("list"), .string("detail")])
        #expect(tree["views"]["nav.view"]["subviews"].array == [.string("detail.view"), .string("nav.navigationBar")])
        #expect(tree["controllers"]["detail"]["appearance"].string == "appeared")
        #expect(tree["controllers"]["list"]["appearance"].string == "disappeared")
    }

    @Test func pushRunsUIKitsOrderWithIsMovingToParentThenPopAndPoppingTheRootDoesNothing() throws {
        let service = try navigationService()
        let push = try calls(service, "nav", #"[{"receiver": "nav", "method": "pushViewController", "args": {"viewController": "more", "animated": true}}]"#)
        #expect(push.status == 200, "\(push.text)")
        #expect(containment(push) == ["more.willMove(nav)", "detail.viewWillDisappear", "more.viewWillAppear", "more.viewIsAppearing"])
        #expect(try service.request("GET", "/v1/trees/nav/controllers/nav").json["viewControllers"].array.last == .string("more"))

        let end = try service.request("POST", "/v1/trees/nav/clock", json: #"{"advance": 0.35}"#)
        #expect(containment(end) == ["detail.viewDidDisappear", "more.viewDidAppear", "more.didMove(nav)"])
        let pushEvents = push.json["events"].array + end.json["events"].array
        for event in pushEvents where event["controller"].string == "more" && isAppearance(event) {
            #expect(event["isMovingToParent"].bool == true, "\(event)")
        }
        for event in pushEvents where event["controller"].string == "detail" && isAppearance(event) {
            #expect(event["isMovingFromParent"].bool == false, "\(event)")
        }

        let pop = try calls(service, "nav", #"[{"receiver": "nav", "method": "popViewController", "args": {"animated": false}}]"#)
        #expect(
            containment(pop) == [
                "more.willMove(nil)", "more.viewWillDisappear", "detail.viewWillAppear", "detail.viewIsAppearing",
                "more.viewDidDisappear", "detail.viewDidAppear", "more.didMove(nil)",
            ])
        for event in pop.json["events"].array where event["controller"].string == "more" && isAppearance(event) {
            #expect(event["isMovingFromParent"].bool == true, "\(event)")
        }
        #expect(try service.request("GET", "/v1/trees/nav/controllers/nav").json["children"].array == [.string("list"), .string("detail")])
        #expect(try service.request("GET", "/v1/trees/nav/controllers/more").json["parent"].isNull)

        let toRoot = try calls(service, "nav", #"[{"receiver": "nav", "method": "popToRootViewController", "args": {"animated": false}}]"#)
        #expect(containment(toRoot).first == "detail.willMove(nil)")
        #expect(containment(toRoot).last == "detail.didMove(nil)")
        let before = try service.request("GET", "/v1/trees/nav")
        let popRoot = try calls(service, "nav", #"[{"receiver": "nav", "method": "popViewController", "args": {"animated": true}}]"#)
        #expect(popRoot.status == 200)
        #expect(popRoot.json["events"].array.isEmpty)
        #expect(try service.request("GET", "/v1/trees/nav").json["controllers"] == before.json["controllers"])
        #expect(try service.request("GET", "/v1/trees/nav/controllers/nav").json["viewControllers"].array == [.string("list")])
    }

    @Test func pushingAControllerAlreadyInTheStackIsA409WithUIKitsMessage() throws {
        let service = try navigationService()
        let before = try service.request("GET", "/v1/trees/nav").json
        let twice = try calls(service, "nav", #"[{"receiver": "nav", "method": "pushViewController", "args": {"viewController": "list", "animated": true}}]"#)
        #expect(twice.status == 409)
        #expect(twice.header("Content-Type") == "application/problem+json")
        #expect(twice.json["title"].string == "NSInvalidArgumentException")
        #expect(twice.json["detail"].string == "Pushing the same view controller instance more than once is not supported (<list>)")
        #expect(twice.json["callIndex"].int == 0)
        #expect(try service.request("GET", "/v1/trees/nav").json == before)

        try service.request("POST", "/v1/trees/nav/controllers", json: #"{"id": "inner", "kind": "navigationController"}"#)
        let navigation = try calls(service, "nav", #"[{"receiver": "nav", "method": "pushViewController", "args": {"viewController": "inner"}}]"#)
        #expect(navigation.status == 409)
        #expect(navigation.json["detail"].string == "Pushing a navigation controller is not supported")
    }

    /// The back swipe given up halfway: real UIKit's order, and the stack as it was.
    @Test func interactivePopCancelledKeepsTheStack() throws {
        let service = try navigationService()
        let begin = try calls(
            service, "nav",
            #"[{"receiver": "nav", "method": "beginInteractivePop"}, {"receiver": "nav", "method": "updateInteractivePop", "args": {"percent": 0.3}}]"#)
        #expect(begin.status == 200, "\(begin.text)")
        #expect(containment(begin) == ["detail.willMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear"])
        let cancel = try calls(service, "nav", #"[{"receiver": "nav", "method": "cancelInteractivePop"}]"#)
        #expect(
            (containment(begin) + containment(cancel)).filter { !$0.contains("Move") } == [
                "detail.viewWillDisappear", "list.viewWillAppear", "list.viewWillDisappear", "list.viewDidDisappear",
                "detail.viewWillAppear", "detail.viewIsAppearing", "detail.viewDidAppear",
            ])
        #expect(containment(cancel).last == "detail.didMove(nav)")
        let tree = try service.request("GET", "/v1/trees/nav").json
        #expect(tree["controllers"]["nav"]["viewControllers"].array == [.string("list"), .string("detail")])
        #expect(tree["controllers"]["detail"]["appearance"].string == "appeared")
        #expect(tree["controllers"]["list"]["appearance"].string == "disappeared")
        #expect(tree["views"]["nav.view"]["subviews"].array == [.string("detail.view"), .string("nav.navigationBar")])

        let badPercent = try calls(
            service, "nav",
            #"[{"receiver": "nav", "method": "beginInteractivePop"}, {"receiver": "nav", "method": "updateInteractivePop", "args": {"percent": 2}}]"#,
            atomic: true)
        #expect(badPercent.status == 400)
        #expect(badPercent.json["field"].string == "calls[1].args.percent")
        #expect(try service.request("GET", "/v1/trees/nav").json == tree, "atomic: the begin was undone")
    }

    @Test func interactivePopFinishedPopsTheTop() throws {
        let service = try navigationService()
        let reply = try calls(
            service, "nav",
            #"[{"receiver": "nav", "method": "beginInteractivePop"}, {"receiver": "nav", "method": "updateInteractivePop", "args": {"percent": 0.6}}, {"receiver": "nav", "method": "finishInteractivePop"}]"#
        )
        #expect(
            containment(reply) == [
                "detail.willMove(nil)", "detail.viewWillDisappear", "list.viewWillAppear", "detail.viewDidDisappear",
                "list.viewIsAppearing", "list.viewDidAppear", "detail.didMove(nil)",
            ])
        #expect(try service.request("GET", "/v1/trees/nav/controllers/nav").json["viewControllers"].array == [.string("list")])
    }

    @Test func tabSelectionSwapsSynchronouslyAndOnlyTheSelectedViewIsInTheHierarchy() throws {
        let service = try TestService(.router)
        let created = try service.createTree(
            "tabs", root: #"{"id": "tabs", "kind": "tabBarController", "viewControllers": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#)
        #expect(created.json["tree"]["controllers"]["tabs"]["selectedIndex"].int == 0)
        #expect(created.json["tree"]["controllers"]["b"]["isViewLoaded"].bool == false)

        let select = try calls(service, "tabs", #"[{"receiver": "tabs", "method": "setSelectedIndex", "args": {"index": 1}}]"#)
        #expect(select.status == 200)
        #expect(
            Array(select.callbacks.prefix(7)) == [
                "b.loadView", "b.viewDidLoad", "b.viewWillAppear", "a.viewWillDisappear", "b.viewIsAppearing",
                "a.viewDidDisappear", "b.viewDidAppear",
            ])
        let tree = try service.request("GET", "/v1/trees/tabs").json
        #expect(tree["controllers"]["tabs"]["selectedIndex"].int == 1)
        #expect(tree["controllers"]["tabs"]["viewControllers"].array == [.string("a"), .string("b"), .string("c")])
        #expect(tree["views"]["tabs.view"]["subviews"].array == [.string("b.view"), .string("tabs.tabBar")])
        #expect(tree["views"]["a.view"]["superview"].isNull)
        #expect(tree["views"]["a.view"]["inWindow"].bool == false)
        #expect(tree["controllers"]["c"]["isViewLoaded"].bool == false)

        let again = try calls(service, "tabs", #"[{"receiver": "tabs", "method": "setSelectedIndex", "args": {"index": 1}}]"#)
        #expect(again.json["events"].array.isEmpty)
        let outOfRange = try calls(service, "tabs", #"[{"receiver": "tabs", "method": "setSelectedIndex", "args": {"index": 3}}]"#)
        #expect(outOfRange.status == 400)
        #expect(outOfRange.json["field"].string == "calls[0].args.index")
    }

    /// More than five tabs in a compact width: the snapshot shows the More navigation controller
    /// and its stack; selecting More itself leaves no `selectedIndex` (docs/uikit-rules.md, rule 14).
    @Test func moreNavigationControllerShowsInTheSnapshotAndCanBeSelected() throws {
        let service = try TestService(.router)
        let tabs = ["a", "b", "c", "d", "e", "f"].map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
        let created = try service.createTree("more", root: #"{"id": "tabs", "kind": "tabBarController", "selectedIndex": 5, "viewControllers": [\#(tabs)]}"#)
        #expect(created.json["tree"]["controllers"]["tabs"]["moreNavigationController"]["id"].string == "tabs.more")
        #expect(created.json["tree"]["controllers"]["tabs"]["moreNavigationController"]["viewControllers"].array == [.string("f")])
        let select = try calls(service, "more", #"[{"receiver": "tabs", "method": "setSelectedViewController", "args": {"viewController": "tabs.more"}}]"#)
        #expect(select.status == 200)
        let tree = try service.request("GET", "/v1/trees/more").json
        #expect(tree["controllers"]["tabs"]["selectedViewController"].string == "tabs.more")
        #expect(tree["controllers"]["tabs"]["selectedIndex"].isNull)
    }

    /// The split view figure of Apple's container guide written by hand in YAML: a navigation controller as the
    /// primary column, a detail controller as the secondary.
    private static let splitYAML = """
        id: split
        clock: manual
        window:
          size: {width: 1024, height: 768}
          horizontalSizeClass: regular
        root:
          id: split
          kind: splitViewController
          primary:
            id: master
            kind: navigationController
            viewControllers:
              - id: list
          secondary:
            id: detail
        """

    @Test func splitViewFromYAMLCollapsesInCompactWidthAndSeparatesInRegular() throws {
        let service = try TestService(.router)
        let created = try service.request("POST", "/v1/trees", json: Self.splitYAML, headers: [("Content-Type", "application/yaml")])
        try #require(created.status == 201, "\(created.text)")
        var split = created.json["tree"]["controllers"]["split"]
        #expect(split["primary"].string == "master")
        #expect(split["secondary"].string == "detail")
        #expect(split["isCollapsed"].bool == false)
        #expect(split["isPrimaryHidden"].bool == false)
        #expect(created.json["tree"]["views"]["split.view"]["subviews"].array == [.string("master.view"), .string("detail.view")])

        let collapse = try calls(service, "split", #"[{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "compact"}}]"#)
        #expect(collapse.status == 200, "\(collapse.text)")
        #expect(
            containment(collapse) == [
                "detail.willMove(nil)", "detail.didMove(nil)", "detail.willMove(master)", "list.viewWillDisappear",
                "detail.didMove(master)", "list.viewDidDisappear",
            ])
        var tree = try service.request("GET", "/v1/trees/split").json
        #expect(tree["controllers"]["split"]["isCollapsed"].bool == true)
        #expect(tree["controllers"]["master"]["viewControllers"].array == [.string("list"), .string("detail")])
        #expect(tree["controllers"]["detail"]["parent"].string == "master")
        #expect(tree["controllers"]["detail"]["appearance"].string == "appeared")
        var text = try service.request("GET", "/v1/trees/split/hierarchy").text
        #expect(text.contains("<UISplitViewController split>, state: appeared, view: <UIView split.view>, collapsed: true"), "\(text)")
        #expect(text.contains("stack: [list, detail]"), "\(text)")

        let separate = try calls(service, "split", #"[{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "regular"}}]"#)
        #expect(
            containment(separate) == [
                "detail.willMove(nil)", "detail.didMove(nil)", "list.viewWillAppear", "detail.willMove(split)",
                "detail.didMove(split)", "list.viewIsAppearing", "list.viewDidAppear",
            ])
        tree = try service.request("GET", "/v1/trees/split").json
        split = tree["controllers"]["split"]
        #expect(split["isCollapsed"].bool == false)
        #expect(tree["controllers"]["detail"]["parent"].string == "split")
        #expect(tree["controllers"]["master"]["viewControllers"].array == [.string("list")])
        #expect(tree["views"]["split.view"]["subviews"].array == [.string("master.view"), .string("detail.view")])
        text = try service.request("GET", "/v1/trees/split/hierarchy").text
        #expect(text.contains("collapsed: false"), "\(text)")
        #expect(text.contains("stack: [list]"), "\(text)")
    }

    /// docs/uikit-rules.md, rule 15, "The compact column": declared in a spec, shown in the
    /// snapshot, answered by `viewController`, shown instead of the other columns when collapsed.
    @Test func splitViewCompactColumnOverHTTP() throws {
        let service = try TestService(.router)
        let created = try service.request(
            "POST", "/v1/trees",
            json: #"""
                {"id": "columns", "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"},
                 "root": {"id": "split", "kind": "splitViewController", "style": "doubleColumn", "primary": {"id": "master"},
                          "secondary": {"id": "detail"}, "compact": {"id": "phone"}}}
                """#)
        try #require(created.status == 201, "\(created.text)")
        #expect(created.json["tree"]["controllers"]["split"]["compact"].string == "phone")
        #expect(created.json["tree"]["controllers"]["phone"]["isViewLoaded"].bool == false)
        let asked = try calls(service, "columns", #"[{"receiver": "split", "method": "viewController", "args": {"column": "compact"}}]"#)
        #expect(asked.json["results"].array == [.string("phone")])
        let collapse = try calls(
            service, "columns", #"[{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "compact"}}]"#)
        #expect(collapse.status == 200, "\(collapse.text)")
        let tree = try service.request("GET", "/v1/trees/columns").json
        #expect(tree["views"]["split.view"]["subviews"].array == [.string("phone.view")])
        #expect(tree["controllers"]["phone"]["appearance"].string == "appeared")
        #expect(tree["controllers"]["detail"]["appearance"].string == "disappeared")

        let classic = try service.request(
            "POST", "/v1/trees", json: #"{"id": "classic", "root": {"id": "split", "kind": "splitViewController", "compact": {"id": "phone"}}}"#)
        #expect(classic.status == 400)
        #expect(classic.json["field"].string == "root.compact")
    }

    /// docs/uikit-rules.md, rule 15, "The triple-column style": the spec's `supplementary` and
    /// `preferredSplitBehavior`, the snapshot's `displayMode` and `splitBehavior`, PATCH and
    /// `hide` of a column.
    @Test func splitViewTripleColumnOverHTTP() throws {
        let service = try TestService(.router)
        let created = try service.request(
            "POST", "/v1/trees",
            json: #"""
                {"id": "mail", "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"},
                 "root": {"id": "split", "kind": "splitViewController", "style": "tripleColumn", "preferredSplitBehavior": "overlay",
                          "primary": {"id": "mailboxes"}, "supplementary": {"id": "inbox"}, "secondary": {"id": "message"}}}
                """#)
        try #require(created.status == 201, "\(created.text)")
        var split = created.json["tree"]["controllers"]["split"]
        #expect(split["supplementary"].string == "inbox")
        #expect(split["displayMode"].string == "twoOverSecondary")
        #expect(split["splitBehavior"].string == "overlay")
        #expect(split["preferredSplitBehavior"].string == "overlay")
        let hidden = try calls(service, "mail", #"[{"receiver": "split", "method": "hide", "args": {"column": "primary"}}]"#)
        #expect(containment(hidden) == ["mailboxes.viewWillDisappear", "mailboxes.viewDidDisappear"])
        let patched = try service.request("PATCH", "/v1/trees/mail/controllers/split", json: #"{"preferredSplitBehavior": null}"#)
        #expect(patched.status == 200, "\(patched.text)")
        split = try service.request("GET", "/v1/trees/mail").json["controllers"]["split"]
        #expect(split["displayMode"].string == "oneBesideSecondary")
        #expect(split["splitBehavior"].string == "tile")

        let double = try service.request(
            "POST", "/v1/trees",
            json: #"{"id": "double", "root": {"id": "split", "kind": "splitViewController", "style": "doubleColumn", "supplementary": {"id": "inbox"}}}"#)
        #expect(double.status == 400)
        #expect(double.json["field"].string == "root.supplementary")
    }

    /// A spec wrong deep inside a navigation stack is refused whole, naming the bad part.
    @Test(arguments: [
        (
            #""viewControllers": [{"id": "a"}, {"id": "tabs", "kind": "tabBarController", "viewControllers": [{"id": "t"}], "selectedIndex": 4}]"#,
            "root.viewControllers[1].selectedIndex"
        ),
        (#""viewControllers": [{"id": "a"}, {"id": "b", "children": [{"id": "bad id"}]}]"#, "root.viewControllers[1].children[0].id"),
        (#""viewControllers": [{"id": "a"}, {"id": "b", "primary": {"id": "p"}}]"#, "root.viewControllers[1].primary"),
        (#""children": [{"id": "a"}]"#, "root.children"),
    ])
    func badNestedSpecIsA400NamingThePartAndCreatesNothing(fields: String, badPart: String) throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "POST", "/v1/trees", json: #"{"id": "bad", "root": {"id": "nav", "kind": "navigationController", \#(fields)}}"#)
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json["field"].string == badPart)
        #expect(try service.request("GET", "/v1/trees/bad").status == 404)
    }

    /// A duplicate id deep inside a stack is refused whole too, naming the second use.
    @Test func duplicateIdDeepInsideAStackIsRefusedAndCreatesNothing() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "POST", "/v1/trees",
            json:
                #"{"id": "bad", "root": {"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "a"}, {"id": "b", "children": [{"id": "a"}]}]}}"#
        )
        // Reuse inside one spec is a bad spec (400); reuse of an id the tree holds is a 409.
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.json["field"].string == "root.viewControllers[1].children[0].id")
        #expect(reply.json["detail"].string?.contains("a") == true)
        #expect(try service.request("GET", "/v1/trees/bad").status == 404)
    }

    /// The same navigation tree built from a spec and call by call delivers the same callbacks.
    @Test func declarativeNavigationTreeEqualsCallByCall() throws {
        let service = try TestService(.router)
        let declared = try service.createTree(
            "declared", root: #"{"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "list"}, {"id": "detail"}]}"#)

        try service.createTree("manual", onScreen: false)
        var events: [JSONValue] = []
        for body in [#"{"id": "nav", "kind": "navigationController"}"#, #"{"id": "list"}"#, #"{"id": "detail"}"#] {
            let reply = try service.request("POST", "/v1/trees/manual/controllers", json: body)
            try #require(reply.status == 201, "\(reply.text)")
            events += reply.json["events"].array
        }
        let built = try calls(
            service, "manual",
            #"[{"receiver": "nav", "method": "setViewControllers", "args": {"viewControllers": ["list", "detail"], "animated": false}}, "#
                + #"{"receiver": "window", "method": "setRootViewController", "args": {"rootViewController": "nav"}}, "#
                + #"{"receiver": "window", "method": "makeKeyAndVisible"}]"#)
        try #require(built.status == 200, "\(built.text)")
        events += built.json["events"].array

        #expect(!declared.callbacks.isEmpty)
        #expect(declared.callbacks == JSONValue.array(events).callbackLines)
        #expect(movingFlags(declared.json["events"].array) == movingFlags(events))
        let declaredTree = try service.request("GET", "/v1/trees/declared").json
        let manualTree = try service.request("GET", "/v1/trees/manual").json
        #expect(declaredTree["controllers"]["nav"]["viewControllers"].array == [.string("list"), .string("detail")])
        #expect(declaredTree["controllers"] == manualTree["controllers"])
        #expect(declaredTree["views"] == manualTree["views"])
    }

    /// Containment callbacks only (appearance and parent moves), the way UIKit's logs in the
    /// issue are written; loading, layout and trait callbacks are left out.
    private func containment(_ reply: Reply) -> [String] {
        reply.callbacks.filter { $0.contains("Appear") || $0.contains("Disappear") || $0.contains("Move") }
    }

    private func isAppearance(_ event: JSONValue) -> Bool {
        guard let callback = event["callback"].string else { return false }
        return callback.contains("Appear") || callback.contains("Disappear")
    }

    private func movingFlags(_ events: [JSONValue]) -> [String] {
        events.map { "\($0["controller"].string ?? "?").\($0["callback"].string ?? "?") \($0["isMovingToParent"]) \($0["isMovingFromParent"])" }
    }
}
