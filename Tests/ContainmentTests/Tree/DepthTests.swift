import Testing

@testable import Containment

/// No recursion over depth, and costs that grow with depth and the nodes touched, never with
/// the size of the tree.
@Suite struct DepthTests {
    /// Creates `prefix0` … `prefix<depth-1>`, each the child of the previous one with its view
    /// inside the previous one's view, linked bottom-up so each link is O(1).
    func buildChain(_ tree: ContainmentTree, prefix: String, depth: Int) throws {
        for index in 0..<depth {
            _ = try tree.createController(ControllerSpec(id: "\(prefix)\(index)"), now: t0)
        }
        for index in stride(from: depth - 2, through: 0, by: -1) {
            let parent = "\(prefix)\(index)"
            let child = "\(prefix)\(index + 1)"
            let outcome = tree.perform(
                [
                    call(parent, "addChild", ["child": .string(child)]),
                    call("\(parent).view", "addSubview", ["view": .string("\(child).view")]),
                    call(child, "didMove", ["toParent": .string(parent)]),
                ], atomic: false, now: t0)
            if let failure = outcome.failure { throw failure }
        }
    }

    @Test func hundredThousandDeepChainWorksForEveryOperation() throws {
        let depth = 100_000
        let tree = try ContainmentTree(id: "deep", configuration: TreeConfiguration(onScreen: false, eventRetention: 1000, maxControllers: 200_000), now: t0)
        try buildChain(tree, prefix: "c", depth: depth)
        let leaf = "c\(depth - 1)"

        let shown = tree.run([call("window", "setRootViewController", ["rootViewController": "c0"]), call("window", "makeKeyAndVisible")])
        #expect(shown.filter { $0.callback == "viewDidAppear" }.count == depth)
        #expect(shown.first { $0.callback == "viewWillAppear" }?.controller == "c0")
        #expect(tree.appearance(leaf) == .appeared)

        // Cycle check walks the whole chain.
        let cycle = tree.perform([call(leaf, "addChild", ["child": "c0"])], atomic: false, now: t0)
        #expect(cycle.failure?.code == "child_is_ancestor")

        // Add and remove at the bottom.
        _ = try tree.createController(ControllerSpec(id: "extra"), now: t0)
        let added = try tree.displayContentController("extra", in: leaf, now: t0)
        #expect(added.contains { $0.controller == "extra" && $0.callback == "viewDidAppear" })
        let removed = try tree.hideContentController("extra", from: leaf, now: t0)
        #expect(removed.contains { $0.controller == "extra" && $0.callback == "viewDidDisappear" })

        let snapshot = tree.snapshot()
        #expect(snapshot.controllers.count == depth + 1)
        #expect(snapshot.views[leaf + ".view"]?.inWindow == true)
        #expect(try tree.controller(leaf).view?.inWindow == true)
        #expect(tree.hierarchyText().split(separator: "\n").count == depth + 3)

        // An atomic batch that fails deep down is undone.
        let atomic = tree.perform(
            [call("window", "setHidden", ["hidden": true]), call(leaf, "addChild", ["child": "c0"])], atomic: true, now: t0)
        #expect(atomic.failure != nil)
        #expect(tree.appearance(leaf) == .appeared)

        let torn = tree.tearDown(now: t0)
        #expect(torn.filter { $0.callback == "viewDidDisappear" }.count == depth)
        #expect(torn.first { $0.callback == "viewWillDisappear" }?.controller == "c0")
    }

    /// Work (nodes visited) for adding then removing a leaf at the bottom of a chain.
    func leafWork(depth: Int, unrelated: Int) throws -> Int {
        let tree = try ContainmentTree(id: "growth", now: t0)
        try buildChain(tree, prefix: "c", depth: depth)
        _ = tree.run([call("window", "setRootViewController", ["rootViewController": "c0"])])
        for index in 0..<unrelated {
            _ = try tree.createController(ControllerSpec(id: "other\(index)"), now: t0)
            _ = try tree.displayContentController("other\(index)", in: "c0", now: t0)
        }
        _ = try tree.createController(ControllerSpec(id: "leaf"), now: t0)
        tree.ongoing.workCount = 0
        _ = try tree.displayContentController("leaf", in: "c\(depth - 1)", now: t0)
        _ = try tree.hideContentController("leaf", from: "c\(depth - 1)", now: t0)
        return tree.ongoing.workCount
    }

    /// Adding and removing a leaf costs the same at any depth (window membership is kept
    /// per view), and 2,000 more controllers elsewhere cost nothing extra.
    @Test func leafCostsGrowWithNeitherDepthNorTreeSize() throws {
        let shallow = try leafWork(depth: 500, unrelated: 0)
        let deep = try leafWork(depth: 1000, unrelated: 0)
        let wide = try leafWork(depth: 500, unrelated: 2000)
        #expect(deep == shallow, "work \(shallow) at depth 500, \(deep) at depth 1000")
        #expect(wide == shallow, "work \(shallow) without and \(wide) with 2000 unrelated controllers")
    }

    /// Work for refusing to add a chain's root below its own leaf (rule 5's walk up).
    func cycleCheckWork(depth: Int) throws -> Int {
        let tree = try ContainmentTree(id: "cycle", now: t0)
        try buildChain(tree, prefix: "c", depth: depth)
        tree.ongoing.workCount = 0
        let outcome = tree.perform([call("c\(depth - 1)", "addChild", ["child": "c0"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "child_is_ancestor")
        return tree.ongoing.workCount
    }

    @Test func cycleCheckGrowsLinearlyWithDepth() throws {
        let shallow = try cycleCheckWork(depth: 500)
        let deep = try cycleCheckWork(depth: 1000)
        let ratio = Double(deep) / Double(shallow)
        #expect(ratio > 1.8 && ratio < 2.2, "work \(shallow) at depth 500, \(deep) at depth 1000")
    }

    /// Moving a subtree into or out of the window pays for the views it moves, no more.
    @Test func movingASubtreeCostsItsSize() throws {
        func moveWork(size: Int) throws -> Int {
            let tree = try visibleTree()
            try buildChain(tree, prefix: "m", depth: size)
            tree.ongoing.workCount = 0
            _ = tree.run([call("root.view", "addSubview", ["view": "m0.view"]), call("m0.view", "removeFromSuperview")])
            return tree.ongoing.workCount
        }
        let small = try moveWork(size: 200)
        let large = try moveWork(size: 400)
        let ratio = Double(large) / Double(small)
        #expect(ratio > 1.8 && ratio < 2.2, "work \(small) for 200 views, \(large) for 400")
    }

    @Test func appearanceCostIsTheSubtreeTouched() throws {
        let tree = try visibleTree()
        for index in 0..<1000 {
            _ = try tree.createController(ControllerSpec(id: "other\(index)"), now: t0)
            _ = try tree.displayContentController("other\(index)", in: "root", now: t0)
        }
        _ = try tree.createController(ControllerSpec(id: "small", children: [ControllerSpec(id: "inner")]), now: t0)
        tree.ongoing.workCount = 0
        _ = try tree.displayContentController("small", in: "root", now: t0)
        #expect(tree.ongoing.workCount < 40, "adding a 2-controller subtree next to 1000 siblings visited \(tree.ongoing.workCount) nodes")
    }
}

/// A walk over links that meets a loop (a broken invariant no call can produce) stops, and
/// the call it ran in fails naming the walk: neither a spin with the tree's lock held nor the
/// end of the process, which holds every other tree.
@Suite struct WalkBudgetTests {
    @Test func aWalkThatMeetsALoopFailsTheCallNotTheProcess() throws {
        let tree = try ContainmentTree(id: "loop", root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a")]), now: t0)
        let root = try #require(tree.nodes.controllers.handle("root"))
        let a = try #require(tree.nodes.controllers.handle("a"))
        _ = try tree.createController(ControllerSpec(id: "x", children: [ControllerSpec(id: "y")]), now: t0)
        tree.nodes.controllers[root].parent = a
        let outcome = tree.perform([call("a", "addChild", ["child": "x"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "walk_limit_exceeded")
        #expect(outcome.failure?.message == "the parent walk visited more nodes than the tree holds: its links loop")
        #expect(outcome.applied == 0)
        // The tree's links were already broken; the process goes on serving its other trees.
        #expect(tree.perform([call("x", "loadViewIfNeeded")], atomic: false, now: t0).failure == nil)
    }

    @Test func aWalkWithinItsBudgetEnds() throws {
        let tree = try ContainmentTree(id: "chain", root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a")]), now: t0)
        let root = try #require(tree.nodes.controllers.handle("root"))
        let a = try #require(tree.nodes.controllers.handle("a"))
        #expect(tree.isAncestor(root, of: a))
        #expect(!tree.isAncestor(a, of: root))
    }
}
