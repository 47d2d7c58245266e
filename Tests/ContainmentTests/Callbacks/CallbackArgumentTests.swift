import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 40: an override's call passes on the value its callback
/// was called with, `{"callbackArgument": "animated"}` for `animated: animated` (the container
/// guide's listing 5-5 forwarding appearance by hand, rule 10).
@Suite struct CallbackArgumentTests {
    static let animated: JSONValue = ["callbackArgument": "animated"]

    /// A navigation controller showing `list`; `container`, detached, forwards appearance to
    /// `child` by hand, passing its callbacks' `animated` on.
    func forwardingTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "forwarding", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
            now: t0)
        let end = call("child", "endAppearanceTransition")
        let overrides: [String: [RawCall]] = [
            "viewWillAppear": [call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": Self.animated])],
            "viewDidAppear": [end],
            "viewWillDisappear": [call("child", "beginAppearanceTransition", ["isAppearing": false, "animated": Self.animated])],
            "viewDidDisappear": [end],
        ]
        _ = try tree.createController(
            ControllerSpec(id: "container", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "child")], overrides: overrides),
            now: t0)
        return tree
    }

    func childAppearance(_ events: [Event]) -> [String] {
        events.filter { $0.controller == "child" && !($0.callback ?? "").contains("Layout") }.map(lineWithArgs)
    }

    @Test func rule40_viewWillAppearPassesAnimatedTrueOnToBeginAppearanceTransition() throws {
        let tree = try forwardingTree()
        let pushed = tree.run([call("nav", "pushViewController", ["viewController": "container", "animated": true])]) + tree.advance(to: t0 + 1)
        #expect(
            childAppearance(pushed) == [
                "child.viewWillAppear animated=true", "child.viewIsAppearing animated=true",
                "child.viewDidAppear animated=true",
            ])
    }

    @Test func rule40_viewWillAppearPassesAnimatedFalseOnToBeginAppearanceTransition() throws {
        let tree = try forwardingTree()
        let pushed = tree.run([call("nav", "pushViewController", ["viewController": "container", "animated": false])])
        #expect(
            childAppearance(pushed) == [
                "child.viewWillAppear animated=false", "child.viewIsAppearing animated=false",
                "child.viewDidAppear animated=false",
            ])
    }

    @Test func rule40_viewWillDisappearPassesAnimatedTrueOnToBeginAppearanceTransition() throws {
        let tree = try forwardingTree()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "container", "animated": false])])
        let popped = tree.run([call("nav", "popViewController", ["animated": true])]) + tree.advance(to: t0 + 1)
        #expect(childAppearance(popped) == ["child.viewWillDisappear animated=true", "child.viewDidDisappear animated=true"])
    }

    @Test func rule40_viewWillDisappearPassesAnimatedFalseOnToBeginAppearanceTransition() throws {
        let tree = try forwardingTree()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "container", "animated": false])])
        let popped = tree.run([call("nav", "popViewController", ["animated": false])])
        #expect(childAppearance(popped) == ["child.viewWillDisappear animated=false", "child.viewDidDisappear animated=false"])
    }

    /// `willMove(toParent:)` passes its parent on: `a`'s override tells `b` the same parent.
    @Test func rule40_willMovePassesItsParentOn() throws {
        let tree = try visibleTree(others: ["a", "b"])
        let tellB = call("b", "willMove", ["toParent": ["callbackArgument": "parent"]])
        _ = try tree.updateController("a", ControllerPatch(overrides: ["willMove": [tellB]]), now: t0)
        #expect(trace(tree.run([call("root", "addChild", ["child": "a"])])) == ["a.willMove(root)", "b.willMove(root)"])
    }

    func refusal(_ overrides: [String: [RawCall]]) throws -> ContainmentError? {
        let tree = try visibleTree()
        do {
            _ = try tree.createController(ControllerSpec(id: "bad", overrides: overrides), now: t0)
        } catch {
            #expect(tree.controllerCount == 1)
            return error
        }
        return nil
    }

    func begin(_ animated: JSONValue) -> RawCall {
        call("root", "beginAppearanceTransition", ["isAppearing": true, "animated": animated])
    }

    @Test func rule40_aParameterTheCallbackDoesNotHaveIsRefused() throws {
        let error = try refusal(["viewWillAppear": [begin(["callbackArgument": "parent"])]])
        #expect(error?.kind == .invalidArgument)
        #expect(error?.field == "overrides.viewWillAppear[0].args.animated.callbackArgument")
        #expect(try refusal(["viewDidLoad": [begin(Self.animated)]])?.field == "overrides.viewDidLoad[0].args.animated.callbackArgument")
    }

    @Test func rule40_aCallbackArgumentOfAnotherShapeIsRefused() throws {
        let field = "overrides.viewWillAppear[0].args.animated"
        #expect(try refusal(["viewWillAppear": [begin(["callbackArgument": "animated", "default": true])]])?.field == field)
        #expect(try refusal(["viewWillAppear": [begin(["callbackArgument": true])]])?.field == field)
    }

    @Test func rule40_aPatchsCallbackArgumentIsChecked() throws {
        let tree = try visibleTree(others: ["vc"])
        #expect(throws: ContainmentError.self) {
            try tree.updateController("vc", ControllerPatch(overrides: ["didMove": [begin(Self.animated)]]), now: t0)
        }
        #expect(tree.snapshot().controllers["vc"]?.overrides == nil)
    }

    /// Outside an override there is no callback whose parameter it could be.
    @Test func rule40_aCallbackArgumentInARequestsOwnCallIsRefused() throws {
        let tree = try visibleTree(others: ["vc"])
        let outcome = tree.perform([call("root", "addChild", ["child": "vc"]), begin(Self.animated)], atomic: true, now: t0)
        #expect(outcome.failure?.kind == .invalidArgument)
        #expect(outcome.failure?.field == "calls[1].args.animated")
        #expect(outcome.failure?.message == "a callbackArgument stands only in a call of an override, for its callback's parameter")
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot().controllers["vc"]?.parent == nil)
    }
}
