import Testing

@testable import Containment

/// Creating (declaratively), changing and deleting controllers.
@Suite struct ControllerLifecycleTests {
    static let storyboard = ControllerSpec(
        id: "root",
        containerViews: [
            ContainerViewSpec(id: "top", frame: Rect(x: 0, y: 0, width: 390, height: 422)),
            ContainerViewSpec(id: "bottom", frame: Rect(x: 0, y: 422, width: 390, height: 422)),
        ],
        children: [
            ControllerSpec(id: "upper", children: [ControllerSpec(id: "inner")], containerView: "top"),
            ControllerSpec(id: "lower", containerView: "bottom", frame: Rect(x: 10, y: 10, width: 100, height: 100)),
        ])

    @Test func declarativeTreeEmitsExactlyTheEventsOfCallByCall() throws {
        let declared = try ContainmentTree(id: "spec", root: Self.storyboard, now: t0)
        let manual = try ContainmentTree(id: "spec", now: t0)
        let decl = ControllerSpec(
            id: "root", containerViews: Self.storyboard.containerViews)
        var events = try manual.createController(decl, now: t0)
        for id in ["upper", "inner", "lower"] {
            events += try manual.createController(ControllerSpec(id: id), now: t0)
        }
        events += manual.run([
            call("root", "addChild", ["child": "upper"]),
            call("upper.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 422]]),
            call("top", "addSubview", ["view": "upper.view"]),
            call("upper", "didMove", ["toParent": "root"]),
            call("root", "addChild", ["child": "lower"]),
            call("lower.view", "setFrame", ["frame": ["x": 10, "y": 10, "width": 100, "height": 100]]),
            call("bottom", "addSubview", ["view": "lower.view"]),
            call("lower", "didMove", ["toParent": "root"]),
            call("upper", "addChild", ["child": "inner"]),
            call("inner.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 422]]),
            call("upper.view", "addSubview", ["view": "inner.view"]),
            call("inner", "didMove", ["toParent": "upper"]),
            call("window", "setRootViewController", ["rootViewController": "root"]),
            call("window", "makeKeyAndVisible"),
        ])
        // A spec is built in one turn; call by call here took several, which only moves
        // where the (empty, off-screen) turn ends fall: the callbacks are the same.
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
        #expect(
            containment(declared.creationEvents) == [
                "upper.willMove(root)", "upper.didMove(root)",
                "lower.willMove(root)", "lower.didMove(root)", "inner.willMove(upper)", "inner.didMove(upper)",
                "root.viewWillAppear", "upper.viewWillAppear", "inner.viewWillAppear", "lower.viewWillAppear",
                "root.viewIsAppearing", "upper.viewIsAppearing", "inner.viewIsAppearing", "lower.viewIsAppearing",
                "root.viewDidAppear", "upper.viewDidAppear", "inner.viewDidAppear", "lower.viewDidAppear",
            ])
    }

    @Test func badSpecsCreateNothingAndNameTheBadPart() throws {
        let tree = try visibleTree(others: ["taken"])
        let before = tree.snapshot()
        let cases: [(ControllerSpec, ContainmentError.Kind, String?)] = [
            (ControllerSpec(id: "bad id!"), .invalidArgument, "id"),
            (ControllerSpec(id: "window"), .invalidArgument, "id"),
            (ControllerSpec(id: "x.view"), .invalidArgument, "id"),
            (ControllerSpec(id: "taken"), .alreadyExists, "id"),
            (ControllerSpec(id: "p", children: [ControllerSpec(id: "q"), ControllerSpec(id: "q")]), .invalidArgument, "children[1].id"),
            (ControllerSpec(id: "p", children: [ControllerSpec(id: "q", containerView: "nowhere")]), .invalidArgument, "children[0].containerView"),
            (ControllerSpec(id: "p", containerViews: [ContainerViewSpec(id: "p")]), .invalidArgument, "containerViews[0].id"),
            (ControllerSpec(id: "p", containerViews: [ContainerViewSpec(id: "taken")]), .alreadyExists, "containerViews[0].id"),
            (
                ControllerSpec(id: "p", children: [ControllerSpec(id: "q", frame: Rect(x: 0, y: 0, width: -1, height: 1))]), .invalidArgument,
                "children[0].frame"
            ),
            (ControllerSpec(id: "p", selectedIndex: 0), .invalidArgument, "selectedIndex"),
            (ControllerSpec(id: "p", viewControllers: [ControllerSpec(id: "q")]), .invalidArgument, "viewControllers"),
        ]
        for (spec, kind, field) in cases {
            do {
                _ = try tree.createController(spec, now: t0)
                Issue.record("accepted \(spec.id)")
            } catch {
                #expect(error.kind == kind, "\(spec)")
                #expect(error.field == field, "\(spec)")
            }
            #expect(tree.snapshot() == before)
        }
    }

    @Test func controllerLimitIsEnforced() throws {
        let tree = try ContainmentTree(id: "small", configuration: TreeConfiguration(maxControllers: 2), root: ControllerSpec(id: "root"), now: t0)
        _ = try tree.createController(ControllerSpec(id: "one"), now: t0)
        #expect(throws: ContainmentError.self) { try tree.createController(ControllerSpec(id: "two"), now: t0) }
        #expect(tree.controllerCount == 2)
    }

    @Test func deletingOnlyDetachedControllersWithTheirDescendants() throws {
        let tree = try visibleTree(others: ["a"])
        _ = try tree.createController(ControllerSpec(id: "box", children: [ControllerSpec(id: "inside")]), now: t0)
        _ = try tree.displayContentController("a", in: "root", now: t0)
        #expect(throws: ContainmentError.self) { try tree.deleteController("a", now: t0) }
        #expect(throws: ContainmentError.self) { try tree.deleteController("root", now: t0) }
        #expect(try tree.deleteController("box", now: t0).isEmpty)
        #expect(tree.nodes.controllers["inside"] == nil)
        #expect(tree.nodes.views["inside.view"] == nil)
        #expect(tree.nodes.views["box.view"] == nil)
        #expect(throws: ContainmentError.self) { try tree.controller("box") }
    }

    /// Found by the property tests: `addChild` may take the window's root as a child of a
    /// detached controller, and deleting that controller must not take the root with it.
    @Test func deletingAControllerWhoseDescendantIsTheWindowsRootIsRefused() throws {
        let tree = try visibleTree(others: ["holder"])
        _ = tree.perform([RawCall(receiver: "holder", method: "addChild", args: ["child": "root"])], atomic: true, now: t0)
        #expect(tree.parentID(of: "root") == "holder")
        let before = tree.snapshot()
        #expect(throws: ContainmentError.self) { try tree.deleteController("holder", now: t0) }
        #expect(tree.snapshot() == before)
        #expect(tree.nodes.controllers["root"] != nil && tree.nodes.views["root.view"] != nil)
    }

    @Test func patchSetsFieldsAndEmitsPropertyChangesInKeyOrder() throws {
        let tree = try visibleTree()
        let events = try tree.updateController(
            "root",
            ControllerPatch(title: "Home", statusBarSettings: StatusBarSettingsPatch(statusBarStyle: .lightContent), properties: ["b": 2, "a": 1]), now: t0)
        #expect(events.map { $0.args["key"] } == ["a", "b"])
        let removed = try tree.updateController("root", ControllerPatch(title: .some(nil), properties: ["a": .null]), now: t0)
        #expect(removed.first?.args == ["key": "a", "old": 1, "new": .null])
        let snapshot = try tree.controller("root")
        #expect(snapshot.title == nil)
        #expect(snapshot.properties == ["b": 2])
        #expect(snapshot.statusBarSettings.statusBarStyle == .lightContent)
    }

    @Test func hierarchyTextLooksLikePrintHierarchy() throws {
        let tree = try ContainmentTree(id: "text", root: Self.storyboard, now: t0)
        _ = try tree.createController(ControllerSpec(id: "spare"), now: t0)
        #expect(
            tree.hierarchyText() == """
                <UIWindow window>, visible, size: 390x844, horizontalSizeClass: compact
                <UIViewController root>, state: appeared, view: <UIView root.view>
                   | <UIViewController upper>, state: appeared, view: <UIView upper.view>
                   |    | <UIViewController inner>, state: appeared, view: <UIView inner.view>
                   | <UIViewController lower>, state: appeared, view: <UIView lower.view>
                detached:
                <UIViewController spare>, state: disappeared, view: (view not loaded)

                """)
    }
}
