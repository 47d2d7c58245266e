import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 6, "A child added while its parent appears": a child whose view
/// enters the window after its parent's `viewIsAppearing` and before its `viewDidAppear` gets
/// neither `viewWillAppear` nor `viewIsAppearing`; its `viewDidAppear` follows its parent's.
@Suite struct ChildAddedWhileItsParentAppearsTests {
    static func embed(_ child: String, in parent: String) -> [RawCall] {
        [
            call(parent, "addChild", ["child": .string(child)]),
            call("\(parent).view", "addSubview", ["view": .string("\(child).view")]),
            call(child, "didMove", ["toParent": .string(parent)]),
        ]
    }

    /// A container whose children change right after it was pushed animated: the new child
    /// gets `loadView`, `viewDidLoad` and `viewDidAppear` only.
    @Test func rule06_aChildAddedWhileItsParentIsPushedGetsOnlyViewDidAppearAfterItsParents() throws {
        let tree = try ContainmentTree(
            id: "nav", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        for id in ["b", "c"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": true])])
        let added = tree.run(Self.embed("c", in: "b"))
        #expect(containment(added) == ["c.willMove(b)", "c.didMove(b)"])
        #expect(tree.appearance("c") == .appearing)
        let end = tree.advance(to: t0 + 0.35)
        #expect(containment(end) == ["a.viewDidDisappear", "b.viewDidAppear", "c.viewDidAppear", "b.didMove(nav)"])
        #expect(tree.appearance("c") == .appeared)
    }

    /// The first page, embedded in a cell while the parent's collection view first lays out,
    /// gets `viewDidAppear` but no `viewWillAppear`.
    @Test func rule06_aChildAddedInItsParentsViewIsAppearingGetsOnlyViewDidAppearAfterItsParents() throws {
        let tree = try visibleTree(others: ["cell"])
        _ = try tree.createController(ControllerSpec(id: "list", overrides: ["viewIsAppearing": Self.embed("cell", in: "list")]), now: t0)
        let events = tree.run([call("root", "addChild", ["child": "list"]), call("root.view", "addSubview", ["view": "list.view"])])
        #expect(
            containment(events) == [
                "list.willMove(root)", "list.viewWillAppear", "list.viewIsAppearing", "cell.willMove(list)", "cell.didMove(list)",
                "list.viewDidAppear", "cell.viewDidAppear",
            ])
        #expect(tree.appearance("cell") == .appeared)
    }

    /// Apple: `viewWillAppear` runs "before … the view is added to the view hierarchy", so a
    /// child added there enters the window with its parent and appears in full.
    @Test func rule06_aChildAddedInItsParentsViewWillAppearAppearsInFull() throws {
        let tree = try visibleTree(others: ["cell"])
        _ = try tree.createController(ControllerSpec(id: "list", overrides: ["viewWillAppear": Self.embed("cell", in: "list")]), now: t0)
        let events = tree.run([call("root", "addChild", ["child": "list"]), call("root.view", "addSubview", ["view": "list.view"])])
        #expect(
            containment(events) == [
                "list.willMove(root)", "list.viewWillAppear", "cell.willMove(list)", "cell.viewWillAppear", "cell.didMove(list)",
                "list.viewIsAppearing", "cell.viewIsAppearing", "list.viewDidAppear", "cell.viewDidAppear",
            ])
    }

    /// A child added once its parent appeared is rule 6 as ever: `viewWillAppear` from the
    /// `addSubview`, as for a cell already in a window.
    @Test func rule06_aChildAddedAfterItsParentAppearedAppearsInFull() throws {
        let tree = try visibleTree(others: ["list", "cell"])
        _ = tree.run([call("root", "addChild", ["child": "list"]), call("root.view", "addSubview", ["view": "list.view"])])
        let events = tree.run(Self.embed("cell", in: "list"))
        #expect(
            containment(events) == ["cell.willMove(list)", "cell.viewWillAppear", "cell.didMove(list)", "cell.viewIsAppearing", "cell.viewDidAppear"])
    }
}
