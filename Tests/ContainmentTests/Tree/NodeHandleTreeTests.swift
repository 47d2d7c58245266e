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
        let box = try #require(tree.controllers.handle("box"))
        let boxView = try #require(tree.views.handle("box.view"))
        let before = tree.snapshot()
        let counts = (tree.controllers.count, tree.views.count)

        #expect {
            try tree.deleteController("box", now: t0)
        } throws: { error in
            (error as? ContainmentError)?.code == "view_in_hierarchy"
        }

        #expect(tree.snapshot() == before)
        #expect(tree.controllers.count == counts.0 && tree.views.count == counts.1)
        #expect(tree.controllers.handle("box") == box && tree.controllers.contains(box))
        #expect(tree.views.handle("box.view") == boxView && tree.controllers[box].rootView == boxView)
        // The tree still works from the restored state.
        _ = tree.run([call("slot1", "removeFromSuperview")])
        _ = try tree.deleteController("box", now: t0)
        #expect(tree.controllers.handle("box") == nil && tree.controllers.handle("inner") == nil)
    }

    @Test func aDeletedControllersHandleStaysStaleWhenItsIdAndSlotAreReused() throws {
        let tree = try visibleTree(others: ["a"])
        let old = try #require(tree.controllers.handle("a"))
        _ = try tree.deleteController("a", now: t0)
        _ = try tree.createController(ControllerSpec(id: "a"), now: t0)
        let new = try #require(tree.controllers.handle("a"))
        #expect(new.slot == old.slot, "the freed slot is taken again")
        #expect(new != old && !tree.controllers.contains(old) && tree.controllers.contains(new))
    }
}
