/// Who decides the window's status bar, home indicator and screen-edge gestures (rule 16,
/// docs/uikit-rules-adaptivity.md rule 34): from the window's root, a presented controller that
/// takes them over (for the status bar a `fullScreen` presentation or one that sets
/// `modalPresentationCapturesStatusBarAppearance`; for the home indicator and screen edges a
/// `fullScreen` presentation), else the `childFor…` chain, each step checked again.
extension ContainmentTree {
    /// The window's effective status bar: follow `childForStatusBarStyle` (or `…Hidden`)
    /// from the root while it names an existing controller (rule 16).
    func statusBarSnapshot() -> StatusBarSnapshot {
        guard let root = nodes.window.rootViewController, nodes.controllers[root] != nil else {
            return StatusBarSnapshot(style: .default, hidden: false, decidedBy: nil, hiddenDecidedBy: nil)
        }
        let styleDecider = decider(from: root, capturesStatusBar: true) { $0.statusBarSettings.childForStatusBarStyle }
        let hiddenDecider = decider(from: root, capturesStatusBar: true) { $0.statusBarSettings.childForStatusBarHidden }
        return StatusBarSnapshot(
            style: nodes.controllers[existing: styleDecider].statusBarSettings.statusBarStyle ?? .default,
            hidden: nodes.controllers[existing: hiddenDecider].statusBarSettings.statusBarHidden == true,
            decidedBy: styleDecider, hiddenDecidedBy: hiddenDecider)
    }

    /// `prefersHomeIndicatorAutoHidden` of the controller `childForHomeIndicatorAutoHidden` leads to.
    func homeIndicatorSnapshot() -> HomeIndicatorSnapshot {
        guard let root = nodes.window.rootViewController, nodes.controllers[root] != nil else {
            return HomeIndicatorSnapshot(autoHidden: false, decidedBy: nil)
        }
        let decider = decider(from: root, capturesStatusBar: false) { $0.answers.childForHomeIndicatorAutoHidden }
        return HomeIndicatorSnapshot(
            autoHidden: nodes.controllers[existing: decider].answers.prefersHomeIndicatorAutoHidden ?? false, decidedBy: decider)
    }

    /// `preferredScreenEdgesDeferringSystemGestures` of the controller
    /// `childForScreenEdgesDeferringSystemGestures` leads to, in `ScreenEdge` order.
    func screenEdgesSnapshot() -> ScreenEdgesSnapshot {
        guard let root = nodes.window.rootViewController, nodes.controllers[root] != nil else {
            return ScreenEdgesSnapshot(edges: [], decidedBy: nil)
        }
        let decider = decider(from: root, capturesStatusBar: false) { $0.answers.childForScreenEdgesDeferringSystemGestures }
        let edges = Set(nodes.controllers[existing: decider].answers.preferredScreenEdgesDeferringSystemGestures ?? [])
        return ScreenEdgesSnapshot(edges: ScreenEdge.allCases.filter { edges.contains($0) }, decidedBy: decider)
    }

    /// From `root`: into what a controller presents when that takes over, else down its
    /// `next` child, while that names an existing controller; each controller at most once.
    private func decider(from root: String, capturesStatusBar: Bool, _ next: (ControllerNode) -> String?) -> String {
        var current = root
        var seen: Set<String> = [root]
        while true {
            let node = nodes.controllers[existing: current]
            if let presented = node.presentedViewController, takesOver(presented, capturesStatusBar: capturesStatusBar),
                seen.insert(presented).inserted
            {
                current = presented
                continue
            }
            guard let candidate = next(node), nodes.controllers[candidate] != nil, seen.insert(candidate).inserted else { return current }
            current = candidate
        }
    }

    /// Whether a presented controller decides instead of its presenter: a `fullScreen`
    /// presentation, or for the status bar one that captures it; from the presentation's
    /// start until its dismissal begins (a swipe the user may still cancel keeps it).
    private func takesOver(_ presented: String, capturesStatusBar: Bool) -> Bool {
        guard let node = nodes.controllers[presented], let presentation = node.presentation, presentation.phase != .dismissing else {
            return false
        }
        if presentation.style == .fullScreen { return true }
        return capturesStatusBar && node.answers.modalPresentationCapturesStatusBarAppearance == true
    }
}
