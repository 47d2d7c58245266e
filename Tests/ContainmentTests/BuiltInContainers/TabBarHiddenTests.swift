import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "The sidebar": iOS 18's `isTabBarHidden` and
/// `setTabBarHidden(_:animated:)`, kept and shown, with no callback and no frame change.
@Suite struct TabBarHiddenTests {
    func tabTree(isTabBarHidden: Bool? = nil) throws -> ContainmentTree {
        var root = ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b")])
        root.isTabBarHidden = isTabBarHidden
        return try ContainmentTree(id: "hidden", root: root, now: t0)
    }

    @Test func rule14_setTabBarHiddenIsKeptAndShownWithNoCallbackAndNoFrameChange() throws {
        let tree = try tabTree()
        let before = tree.snapshot()
        #expect(before.controllers["tabs"]?.isTabBarHidden == false)
        let events = tree.run([call("tabs", "setTabBarHidden", ["hidden": true, "animated": true])])
        #expect(events.isEmpty)
        let after = tree.snapshot()
        #expect(after.controllers["tabs"]?.isTabBarHidden == true)
        #expect(after.views == before.views)
        #expect(tree.run([call("tabs", "setTabBarHidden", ["hidden": false])]).isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.isTabBarHidden == false)
    }

    @Test func rule14_aSpecOrAPatchHidingTheTabBarBuildsWhatTheCallBuilds() throws {
        let declared = try tabTree(isTabBarHidden: true)
        let called = try tabTree()
        _ = called.run([call("tabs", "setTabBarHidden", ["hidden": true, "animated": false])])
        let patched = try tabTree()
        _ = try patched.updateController("tabs", ControllerPatch(isTabBarHidden: true), now: t0)
        #expect(declared.snapshot().controllers == called.snapshot().controllers)
        #expect(patched.snapshot().controllers == called.snapshot().controllers)
    }

    @Test func rule14_isTabBarHiddenOnAnotherKindIsRefused() throws {
        var spec = ControllerSpec(id: "plain")
        spec.isTabBarHidden = true
        #expect(throws: ContainmentError.self) { try ContainmentTree(id: "bad", root: spec, now: t0) }
        let tree = try tabTree()
        let before = tree.snapshot()
        do {
            _ = try tree.updateController("a", ControllerPatch(isTabBarHidden: true), now: t0)
            Issue.record("a PATCH of isTabBarHidden on a plain controller was accepted")
        } catch {
            #expect(error.field == "isTabBarHidden")
        }
        #expect(tree.snapshot() == before)
        #expect(before.controllers["a"]?.isTabBarHidden == nil)
    }
}
