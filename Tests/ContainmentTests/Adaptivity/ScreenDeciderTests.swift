import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md, rule 34: presented controllers decide the status bar, home
/// indicator and screen edges as UIKit documents, and the home indicator and screen edges
/// delegate like the status bar.
@Suite struct ScreenDeciderTests {
    func tree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "deciders",
            root: ControllerSpec(
                id: "root", statusBarSettings: StatusBarSettings(statusBarStyle: .darkContent, childForStatusBarStyle: "content"),
                children: [ControllerSpec(id: "content", statusBarSettings: StatusBarSettings(statusBarStyle: .lightContent))]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "sheet", statusBarSettings: StatusBarSettings(statusBarStyle: .darkContent)), now: t0)
        _ = try tree.createController(
            ControllerSpec(
                id: "cover", statusBarSettings: StatusBarSettings(statusBarStyle: .darkContent),
                presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen)), now: t0)
        return tree
    }

    @Test func rule34_aFullScreenPresentationTakesTheStatusBarOver() throws {
        let tree = try tree()
        #expect(tree.snapshot().window.statusBar.decidedBy == "content")
        _ = tree.run([call("root", "present", ["viewController": "cover", "animated": true])])
        #expect(tree.snapshot().window.statusBar.decidedBy == "cover")
        #expect(tree.snapshot().window.statusBar.style == .darkContent)
        _ = tree.advance(to: t0 + 1)
        _ = tree.run([call("cover", "dismiss", ["animated": true])])
        #expect(tree.snapshot().window.statusBar.decidedBy == "content")
    }

    /// A sheet leaves the status bar to its presenter unless it sets
    /// `modalPresentationCapturesStatusBarAppearance`.
    @Test func rule34_aSheetTakesTheStatusBarOverOnlyWhenItCapturesIt() throws {
        let tree = try tree()
        _ = tree.run([call("root", "present", ["viewController": "sheet", "animated": false])])
        #expect(tree.snapshot().window.statusBar.decidedBy == "content")
        _ = try tree.updateController(
            "sheet", ControllerPatch(answers: ControllerAnswersPatch(modalPresentationCapturesStatusBarAppearance: true)), now: t0)
        #expect(tree.snapshot().window.statusBar.decidedBy == "sheet")
        #expect(tree.snapshot().window.homeIndicator.decidedBy == "root")
    }

    @Test func rule34_theHomeIndicatorAndScreenEdgesFollowTheirChildForChains() throws {
        let tree = try ContainmentTree(
            id: "indicator",
            root: ControllerSpec(
                id: "root", children: [ControllerSpec(id: "game")],
                answers: ControllerAnswers(
                    prefersHomeIndicatorAutoHidden: false, childForHomeIndicatorAutoHidden: "game",
                    childForScreenEdgesDeferringSystemGestures: "game")),
            now: t0)
        _ = try tree.updateController(
            "game",
            ControllerPatch(
                answers: ControllerAnswersPatch(
                    prefersHomeIndicatorAutoHidden: true, preferredScreenEdgesDeferringSystemGestures: [.bottom, .top])),
            now: t0)
        let window = tree.snapshot().window
        #expect(window.homeIndicator == HomeIndicatorSnapshot(autoHidden: true, decidedBy: "game"))
        #expect(window.screenEdgesDeferringSystemGestures == ScreenEdgesSnapshot(edges: [.top, .bottom], decidedBy: "game"))
        let events = tree.run([
            call("game", "setNeedsUpdateOfHomeIndicatorAutoHidden"), call("game", "setNeedsUpdateOfScreenEdgesDeferringSystemGestures"),
        ])
        #expect(trace(events) == ["game.setNeedsUpdateOfHomeIndicatorAutoHidden", "game.setNeedsUpdateOfScreenEdgesDeferringSystemGestures"])
        _ = try tree.createController(
            ControllerSpec(
                id: "player", presentationSettings: PresentationSettings(modalPresentationStyle: .fullScreen),
                answers: ControllerAnswers(prefersHomeIndicatorAutoHidden: false)),
            now: t0)
        _ = tree.run([call("root", "present", ["viewController": "player", "animated": false])])
        #expect(tree.snapshot().window.homeIndicator == HomeIndicatorSnapshot(autoHidden: false, decidedBy: "player"))
        #expect(tree.snapshot().window.screenEdgesDeferringSystemGestures == ScreenEdgesSnapshot(edges: [], decidedBy: "player"))
    }

    @Test func rule34_repeatedEdgesAreRefused() throws {
        let tree = try tree()
        #expect(throws: ContainmentError.self) {
            try tree.updateController(
                "root", ControllerPatch(answers: ControllerAnswersPatch(preferredScreenEdgesDeferringSystemGestures: [.top, .top])), now: t0)
        }
    }
}
