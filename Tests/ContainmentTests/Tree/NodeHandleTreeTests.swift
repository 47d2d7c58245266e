import Testing

@testable import Containment

/// Handles inside a tree: a refused call puts back every node it deleted under its old
/// handle, and a deleted node's handle is stale for good, also once its slot holds a new node.
@Suite struct NodeHandleTreeTests {
    /// Deleting `box` removes it and its views first, then finds the container view of its
    /// child `inner` in the window's view and refuses: the rollback restores `box` whole.
    @Test func aRefusedDeletionRestoresTheDeletedNodesUnderTheirHandles() throws {
        let tree = try visibleTree()
        let inner = ControllerSpec(id: "inner", containerViews: [ContainerViewSpec(id: "slot1")])
        _ = try tree.createController(ControllerSpec(id: "box", children: [inner]), now: t0)
        _ = tree.run([call("root.view", "addSubview", ["view": "slot1"])])
        let box = try #require(tree.nodes.controllers.handle("box"))
        let boxView = try #require(tree.nodes.views.handle("box.view"))
        let before = tree.snapshot()
        let counts = (tree.nodes.controllers.count, tree.nodes.views.count)

        #expect {
            try tree.deleteController("box", now: t0)
        } throws: { error in
            (error as? ContainmentError)?.code == "view_in_hierarchy"
        }

        #expect(tree.snapshot() == before)
        #expect(tree.nodes.controllers.count == counts.0 && tree.nodes.views.count == counts.1)
        #expect(tree.nodes.controllers.handle("box") == box && tree.nodes.controllers.contains(box))
        #expect(tree.nodes.views.handle("box.view") == boxView && tree.nodes.controllers[box].rootView == boxView)
        // The tree still works from the restored state.
        _ = tree.run([call("slot1", "removeFromSuperview")])
        _ = try tree.deleteController("box", now: t0)
        #expect(tree.nodes.controllers.handle("box") == nil && tree.nodes.controllers.handle("inner") == nil)
    }

    @Test func aDeletedControllersHandleStaysStaleWhenItsIdAndSlotAreReused() throws {
        let tree = try visibleTree(others: ["a"])
        let old = try #require(tree.nodes.controllers.handle("a"))
        _ = try tree.deleteController("a", now: t0)
        _ = try tree.createController(ControllerSpec(id: "a"), now: t0)
        let new = try #require(tree.nodes.controllers.handle("a"))
        #expect(new.slot == old.slot, "the freed slot is taken again")
        #expect(new != old && !tree.nodes.controllers.contains(old) && tree.nodes.controllers.contains(new))
    }
}
