import Testing

@testable import Containment

/// The listings of Apple's container guide reproduced call for call; each recipe must emit exactly what its raw
/// calls emit.
@Suite struct ContainerGuideListingTests {
    let frame: JSONValue = ["x": 0, "y": 0, "width": 390, "height": 844]

    @Test func displayContentController() throws {
        let recipeTree = try visibleTree(others: ["content"])
        let recipe = try recipeTree.displayContentController("content", in: "root", now: t0)
        let rawTree = try visibleTree(others: ["content"])
        let raw = rawTree.run([
            call("root", "addChild", ["child": "content"]),
            call("content.view", "setFrame", ["frame": frame]),
            call("root.view", "addSubview", ["view": "content.view"]),
            call("content", "didMove", ["toParent": "root"]),
        ])
        #expect(recipe == raw)
        #expect(
            trace(recipe) == [
                "content.willMove(root)", "content.loadView", "content.viewDidLoad", "content.viewWillAppear",
                "content.didMove(root)", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
                "content.viewIsAppearing", "content.viewWillLayoutSubviews", "content.viewDidLayoutSubviews",
                "content.viewDidAppear",
            ])
        #expect(recipeTree.snapshot() == rawTree.snapshot())
    }

    /// The recipes reuse the last `setFrame` arguments while the frame stays the same; a frame
    /// that differs, even only as `-0.0` from `0.0` (equal, yet printed differently), gets its own.
    @Test func frameArgumentsFollowTheFrameBitForBit() throws {
        let tree = try visibleTree()
        let zero = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(tree.frameArguments(zero) == ["frame": frame])
        #expect(tree.frameArguments(zero) == ["frame": frame])
        let negativeZero = tree.frameArguments(Rect(x: -0.0, y: 0, width: 390, height: 844))
        guard case .object(let members)? = negativeZero["frame"], case .number(let x)? = members["x"] else {
            Issue.record("no frame in \(negativeZero)")
            return
        }
        #expect(x.sign == .minus)
        #expect(tree.frameArguments(Rect(x: 1, y: 2, width: 3, height: 4)) == ["frame": ["x": 1, "y": 2, "width": 3, "height": 4]])
        #expect(tree.frameArguments(zero) == ["frame": frame])
    }

    @Test func hideContentController() throws {
        let recipeTree = try visibleTree(others: ["content"])
        _ = try recipeTree.displayContentController("content", in: "root", now: t0)
        let rawTree = try visibleTree(others: ["content"])
        _ = try rawTree.displayContentController("content", in: "root", now: t0)
        let recipe = try recipeTree.hideContentController("content", from: "root", now: t0)
        let raw = rawTree.run([
            call("content", "willMove", ["toParent": .null]),
            call("content.view", "removeFromSuperview"),
            call("content", "removeFromParent"),
        ])
        #expect(recipe == raw)
        #expect(
            trace(recipe) == [
                "content.willMove(nil)", "content.viewWillDisappear", "content.didMove(nil)", "root.viewWillLayoutSubviews",
                "root.viewDidLayoutSubviews", "content.viewDidDisappear",
            ])
        #expect(recipeTree.snapshot() == rawTree.snapshot())
    }

    @Test func cycleFromViewController() throws {
        func start() throws -> ContainmentTree {
            let tree = try visibleTree(others: ["oldVC", "newVC"])
            _ = try tree.displayContentController("oldVC", in: "root", now: t0)
            return tree
        }
        let recipeTree = try start()
        let (transition, recipeStart) = try recipeTree.cycleFromViewController("oldVC", to: "newVC", in: "root", duration: 0.25, now: t0)
        let recipeEnd = recipeTree.advance(to: t0 + 0.25)

        let rawTree = try start()
        let rawStart = rawTree.run([
            call("oldVC", "willMove", ["toParent": .null]),
            call("root", "addChild", ["child": "newVC"]),
            call("newVC.view", "setFrame", ["frame": frame]),
            call("root", "transition", ["from": "oldVC", "to": "newVC", "duration": 0.25, "options": []]),
        ])
        var rawEnd = rawTree.advance(to: t0 + 0.25)
        // The completion block, run by the client when it sees transitionCompletion.
        rawEnd += rawTree.run(
            [call("oldVC", "removeFromParent"), call("newVC", "didMove", ["toParent": "root"])], now: t0 + 0.25)

        #expect(recipeStart == rawStart)
        // The recipe's completion block runs inside the turn that ends the animation, before
        // that turn's layout pass; the client's completion calls come a turn later.
        #expect(containment(recipeEnd) == containment(rawEnd))
        #expect(transition.options == [])
        #expect(
            trace(recipeStart) == [
                "oldVC.willMove(nil)", "newVC.willMove(root)", "newVC.loadView", "newVC.viewDidLoad", "oldVC.viewWillDisappear", "newVC.viewWillAppear",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "newVC.viewIsAppearing", "newVC.viewWillLayoutSubviews",
                "newVC.viewDidLayoutSubviews",
            ])
        #expect(
            trace(recipeEnd) == [
                "oldVC.viewDidDisappear", "newVC.viewDidAppear", "root.transitionCompletion", "oldVC.didMove(nil)", "newVC.didMove(root)",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            ])
        #expect(recipeEnd.filter { $0.controller == "oldVC" && $0.callback == "viewDidDisappear" }.allSatisfy { $0.isMovingFromParent == true })
        #expect(recipeTree.snapshot() == rawTree.snapshot())
    }

    /// `shouldAutomaticallyForwardAppearanceMethods` returning NO, with the container's
    /// overrides forwarding begin/end to its child (listing 5-5). Each override runs inside
    /// the container's callback, so the forwarding call is the next call of the same turn.
    @Test func appearanceForwardingOverrides() throws {
        let tree = try ContainmentTree(
            id: "manual", configuration: TreeConfiguration(onScreen: false),
            root: ControllerSpec(id: "container", automaticallyForwardsAppearance: false, children: [ControllerSpec(id: "child")]),
            now: t0)
        // viewWillAppear → [child beginAppearanceTransition:YES animated:animated]
        let appearing = tree.run([
            call("window", "makeKeyAndVisible"),
            call("child", "beginAppearanceTransition", ["isAppearing": true, "animated": false]),
        ])
        #expect(
            containment(appearing) == [
                "container.viewWillAppear", "child.viewWillAppear", "container.viewIsAppearing", "container.viewDidAppear",
            ])
        // viewDidAppear → [child endAppearanceTransition]
        #expect(containment(tree.run([call("child", "endAppearanceTransition")])) == ["child.viewIsAppearing", "child.viewDidAppear"])
        // viewWillDisappear → begin(NO); viewDidDisappear → end.
        let disappearing = tree.run([
            call("window", "setHidden", ["hidden": true]),
            call("child", "beginAppearanceTransition", ["isAppearing": false, "animated": false]),
        ])
        #expect(
            containment(disappearing) == [
                "container.viewWillDisappear", "child.viewWillDisappear", "container.viewDidDisappear",
            ])
        #expect(containment(tree.run([call("child", "endAppearanceTransition")])) == ["child.viewDidDisappear"])
        #expect(tree.appearance("child") == .disappeared)
    }

    /// The Tunnel app: a root with two container views (top, bottom), a map child in each,
    /// geo-info controllers created but not inserted, the parent observing the maps'
    /// `currentLocation`, and the radar button flipping a map to its geo-info controller.
    @Test func tunnelAppEndToEnd() throws {
        let half: (Double) -> Rect = { y in Rect(x: 0, y: y, width: 390, height: 422) }
        let tree = try ContainmentTree(
            id: "tunnel",
            root: ControllerSpec(
                id: "root", containerViews: [ContainerViewSpec(id: "topContainer", frame: half(0)), ContainerViewSpec(id: "bottomContainer", frame: half(422))]),
            now: t0)
        for id in ["startMap", "targetMap", "startGeo", "targetGeo"] {
            _ = try tree.createController(ControllerSpec(id: id, properties: id.hasSuffix("Map") ? ["annotationImagePath": "man"] : nil), now: t0)
        }
        // viewDidLoad: addChild (1), addSubview into the container (2), didMove (3).
        let setup = tree.run([
            call("root", "addChild", ["child": "startMap"]),
            call("topContainer", "addSubview", ["view": "startMap.view"]),
            call("startMap", "didMove", ["toParent": "root"]),
            call("root", "addChild", ["child": "targetMap"]),
            call("bottomContainer", "addSubview", ["view": "targetMap.view"]),
            call("targetMap", "didMove", ["toParent": "root"]),
        ])
        #expect(
            containment(setup) == [
                "startMap.willMove(root)", "startMap.viewWillAppear", "startMap.didMove(root)",
                "targetMap.willMove(root)", "targetMap.viewWillAppear", "targetMap.didMove(root)",
                "startMap.viewIsAppearing", "targetMap.viewIsAppearing", "startMap.viewDidAppear", "targetMap.viewDidAppear",
            ])
        // The map views fill their containers (loadView's flexible width and height).
        _ = tree.run([
            call("startMap.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 422]]),
            call("targetMap.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 422]]),
        ])
        #expect(tree.snapshot().controllers["startGeo"]?.parent == nil)
        #expect(tree.snapshot().controllers["startGeo"]?.isViewLoaded == false)

        // The man with the shovel moves: KVO on currentLocation reaches the parent, which
        // sets the antipode on the other map.
        let moved = try tree.updateController(
            "startMap", ControllerPatch(properties: ["currentLocation": ["lat": 52.52, "lon": 13.40]]), now: t0 + 1)
        let change = try #require(moved.first)
        #expect(change.controller == "startMap" && change.callback == "propertyDidChange")
        #expect(change.args == ["key": "currentLocation", "old": .null, "new": ["lat": 52.52, "lon": 13.40]])
        let parentOfChanged = try #require(tree.snapshot().controllers["startMap"]?.parent)
        #expect(parentOfChanged == "root")
        _ = try tree.updateController(
            "targetMap", ControllerPatch(properties: ["currentLocation": ["lat": -52.52, "lon": -166.60]]), now: t0 + 1)

        // The radar button: geo controllers get the locations, then the flip.
        _ = try tree.updateController("startGeo", ControllerPatch(properties: ["location": ["lat": 52.52, "lon": 13.40]]), now: t0 + 2)
        let flipStart = tree.run(
            [
                call("startGeo.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 422]]),
                call("root", "addChild", ["child": "startGeo"]),
                call("startMap", "willMove", ["toParent": .null]),
                call(
                    "root", "transition",
                    ["from": "startMap", "to": "startGeo", "duration": 0.2, "options": ["transitionFlipFromTop", "curveEaseIn"]]),
            ], now: t0 + 2)
        #expect(
            containment(flipStart) == [
                "startGeo.willMove(root)", "startMap.willMove(nil)", "startMap.viewWillDisappear", "startGeo.viewWillAppear", "startGeo.viewIsAppearing",
            ])
        #expect(flipStart.first { $0.callback == "viewWillAppear" }?.args["animated"] == true)
        // Flipping inside the top container leaves the bottom map alone.
        #expect(tree.snapshot().views["topContainer"]?.subviews == ["startMap.view", "startGeo.view"])
        let flipEnd = tree.advance(to: t0 + 2.2)
        #expect(
            containment(flipEnd) == ["startMap.viewDidDisappear", "startGeo.viewDidAppear", "root.transitionCompletion"])
        // The completion block: didMove on the new, then removeFromParent on the old.
        let completion = tree.run(
            [call("startGeo", "didMove", ["toParent": "root"]), call("startMap", "removeFromParent")], now: t0 + 2.2)
        #expect(trace(completion) == ["startGeo.didMove(root)", "startMap.didMove(nil)"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["root"]?.children == ["targetMap", "startGeo"])
        #expect(snapshot.views["topContainer"]?.subviews == ["startGeo.view"])
        #expect(snapshot.controllers["targetMap"]?.appearance == .appeared)
        #expect(snapshot.controllers["startMap"]?.appearance == .disappeared)
        #expect(tree.hierarchyText().contains("   | <UIViewController startGeo>, state: appeared"))
    }
}
