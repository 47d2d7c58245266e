import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 39: iOS 17's trait hierarchy, where a controller takes
/// its traits from its view's superview, and `registerForTraitChanges(_:handler:)`.
@Suite struct TraitHierarchyTests {
    /// `root` showing `side` and `host` (which holds `inner`), and `orphan` (holding `leaf`)
    /// whose view was put into `host`'s view without `addChild`.
    func tree(host: ControllerAnswers = ControllerAnswers(), side: ControllerAnswers = ControllerAnswers()) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "hierarchy",
            root: ControllerSpec(
                id: "root",
                children: [
                    ControllerSpec(id: "side", answers: side), ControllerSpec(id: "host", children: [ControllerSpec(id: "inner")], answers: host),
                ]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "orphan", children: [ControllerSpec(id: "leaf")]), now: t0)
        _ = tree.run([call("host.view", "addSubview", ["view": "orphan.view"])])
        return tree
    }

    func traitEvents(_ events: [Event]) -> [String] {
        trace(
            events.filter {
                ["willTransition", "traitCollectionDidChange", "viewWillTransition", "traitChangeHandler"].contains($0.callback ?? "")
            })
    }

    func regular() -> ControllerAnswersPatch { ControllerAnswersPatch(traitOverrides: TraitOverrides(horizontalSizeClass: .regular)) }

    @Test func rule39_traitOverridesReachAControllerWhoseViewSitsInsideWithoutAddChild() throws {
        let tree = try tree()
        let events = try tree.updateController("host", ControllerPatch(answers: regular()), now: t0)
        #expect(
            traitEvents(events) == [
                "host.traitCollectionDidChange", "inner.traitCollectionDidChange", "orphan.traitCollectionDidChange",
                "leaf.traitCollectionDidChange",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["orphan"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        #expect(snapshot.controllers["leaf"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
        #expect(snapshot.controllers["side"]?.traitCollection == nil)
        #expect(try tree.controller("leaf").traitCollection == TraitOverrides(horizontalSizeClass: .regular))
    }

    @Test func rule39_aViewPutIntoAnOverriddenControllersViewIsToldBeforeItAppears() throws {
        let tree = try ContainmentTree(
            id: "late",
            root: ControllerSpec(
                id: "root",
                children: [ControllerSpec(id: "host", answers: ControllerAnswers(traitOverrides: TraitOverrides(horizontalSizeClass: .regular)))]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "orphan"), now: t0)
        let events = tree.run([call("host.view", "addSubview", ["view": "orphan.view"])])
        #expect(
            trace(events) == [
                "orphan.loadView", "orphan.viewDidLoad", "orphan.viewWillAppear", "orphan.traitCollectionDidChange",
                "host.viewWillLayoutSubviews", "host.viewDidLayoutSubviews", "orphan.viewIsAppearing", "orphan.viewWillLayoutSubviews",
                "orphan.viewDidLayoutSubviews", "orphan.viewDidAppear",
            ])
        #expect(events.first { $0.callback == "traitCollectionDidChange" }?.args == ["previousTraitCollection": ["horizontalSizeClass": "compact"]])
        #expect(tree.snapshot().controllers["orphan"]?.traitCollection == TraitOverrides(horizontalSizeClass: .regular))
    }

    @Test func rule39_aWindowTraitChangeReachesTheControllerInsideAfterTheEnclosingControllersChildren() throws {
        let tree = try tree()
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "side.willTransition", "host.willTransition", "inner.willTransition", "orphan.willTransition",
                "leaf.willTransition", "root.traitCollectionDidChange", "side.traitCollectionDidChange", "host.traitCollectionDidChange",
                "inner.traitCollectionDidChange", "orphan.traitCollectionDidChange", "leaf.traitCollectionDidChange",
            ])
        _ = tree.run([call("orphan.view", "removeFromSuperview")])
        let after = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        #expect(!after.contains { $0.controller == "orphan" || $0.controller == "leaf" })
    }

    @Test func rule39_aTraitChangeHandlerRunsAfterTraitCollectionDidChangeOfItsControllerOnly() throws {
        let tree = try tree(side: ControllerAnswers(registerForTraitChanges: [.horizontalSizeClass]))
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "side.willTransition", "host.willTransition", "inner.willTransition", "orphan.willTransition",
                "leaf.willTransition", "root.traitCollectionDidChange", "side.traitCollectionDidChange", "side.traitChangeHandler",
                "host.traitCollectionDidChange", "inner.traitCollectionDidChange", "orphan.traitCollectionDidChange",
                "leaf.traitCollectionDidChange",
            ])
        #expect(
            events.first { $0.callback == "traitChangeHandler" }?.args == [
                "previousTraitCollection": ["horizontalSizeClass": "compact"], "traits": ["horizontalSizeClass"],
            ])
    }

    @Test func rule39_aRotationCallsTheHandlerAfterViewWillTransition() throws {
        let tree = try ContainmentTree(
            id: "rotation",
            root: ControllerSpec(
                id: "root", children: [ControllerSpec(id: "child", answers: ControllerAnswers(registerForTraitChanges: [.horizontalSizeClass]))]),
            now: t0)
        let events = tree.run([call("window", "setSize", ["size": ["width": 926, "height": 428], "horizontalSizeClass": "regular"])])
        #expect(
            traitEvents(events) == [
                "root.willTransition", "child.willTransition", "root.viewWillTransition", "child.viewWillTransition",
                "root.traitCollectionDidChange", "child.traitCollectionDidChange", "child.traitChangeHandler",
            ])
        let size = tree.run([call("window", "setSize", ["size": ["width": 428, "height": 926]])])
        #expect(traitEvents(size) == ["root.viewWillTransition", "child.viewWillTransition"])
    }

    @Test func rule39_noHandlerRunsWhenTheRegisteredTraitKeepsItsValue() throws {
        let registered = ControllerAnswers(
            traitOverrides: TraitOverrides(horizontalSizeClass: .regular), registerForTraitChanges: [.horizontalSizeClass])
        let tree = try tree(side: registered)
        let events = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(!events.contains { $0.controller == "side" })
        let patch = try tree.updateController(
            "host", ControllerPatch(answers: ControllerAnswersPatch(registerForTraitChanges: [.horizontalSizeClass])), now: t0)
        #expect(patch.isEmpty)
        #expect(tree.snapshot().controllers["host"]?.answers.registerForTraitChanges == [.horizontalSizeClass])
        // The window is regular too now: clearing the override changes nothing for it.
        #expect(try tree.updateController("side", ControllerPatch(answers: ControllerAnswersPatch(traitOverrides: .some(nil))), now: t0).isEmpty)
        let compact = tree.run([call("window", "setHorizontalSizeClass", ["sizeClass": "compact"])])
        #expect(
            traitEvents(compact.filter { $0.controller == "side" }) == [
                "side.willTransition", "side.traitCollectionDidChange", "side.traitChangeHandler",
            ])
        #expect(compact.last { $0.controller == "side" }?.args["previousTraitCollection"] == ["horizontalSizeClass": "regular"])
    }

    @Test func rule39_aRefusedRegistrationChangesNothing() throws {
        let tree = try tree()
        let before = tree.snapshot()
        for traits: [TraitName] in [[], [.horizontalSizeClass, .horizontalSizeClass]] {
            #expect(throws: ContainmentError.self) {
                try tree.updateController("side", ControllerPatch(answers: ControllerAnswersPatch(registerForTraitChanges: .some(traits))), now: t0)
            }
        }
        #expect(tree.snapshot() == before)
        #expect(throws: ContainmentError.self) {
            try tree.createController(ControllerSpec(id: "empty", answers: ControllerAnswers(registerForTraitChanges: [])), now: t0)
        }
        #expect(tree.snapshot() == before)
    }

    @Test func rule39_aDeclaredRegistrationBuildsAsTheCallByCallOne() throws {
        let answers = ControllerAnswers(traitOverrides: TraitOverrides(horizontalSizeClass: .regular), registerForTraitChanges: [.horizontalSizeClass])
        let declared = try ContainmentTree(
            id: "declared", root: ControllerSpec(id: "root", children: [ControllerSpec(id: "child", answers: answers)]), now: t0)
        let manual = try ContainmentTree(id: "declared", now: t0)
        var events: [Event] = []
        events += try manual.createController(ControllerSpec(id: "root"), now: t0)
        events += try manual.createController(ControllerSpec(id: "child", answers: answers), now: t0)
        events += manual.run([
            call("root", "addChild", ["child": "child"]), call("child", "loadViewIfNeeded"), call("root.view", "addSubview", ["view": "child.view"]),
            call("child", "didMove", ["toParent": "root"]), call("window", "setRootViewController", ["rootViewController": "root"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
        #expect(declared.snapshot() == manual.snapshot())
        let window = declared.run([call("window", "setHorizontalSizeClass", ["sizeClass": "regular"])])
        #expect(traitEvents(window) == ["root.willTransition", "root.traitCollectionDidChange"])
    }
}
