/// The window: visibility (rule 6), the root view controller, size (rule 18) and size class.
extension ContainmentTree {
    func makeKeyAndVisible() {
        setWindowHidden(false)
    }

    /// Showing the window makes its whole tree appear, hiding it disappear, parents first.
    func setWindowHidden(_ hidden: Bool) {
        guard window.visible == hidden else { return }
        editWindow { $0.visible = !hidden }
        if hidden {
            disappearWalk(from: views.existing(WindowState.viewID))
        } else {
            appearWalk(from: views.existing(WindowState.viewID))
        }
    }

    /// `rootViewController =`: the old root's view leaves the window, the new root's view
    /// (loaded if needed, sized to the window) enters it.
    func setRootViewController(_ root: String?) throws(ContainmentError) {
        guard root != window.rootViewController else { return }
        if let root {
            try requireController(root, field: "args.rootViewController")
        }
        if let old = window.rootViewController, let node = controllers[old], node.isViewLoaded,
            superviewID(of: node.viewID) == WindowState.viewID
        {
            removeFromSuperview(node.viewID)
        }
        editWindow { $0.rootViewController = root }
        guard let root else { return }
        loadViewIfNeeded(root)
        let viewID = controllers[existing: root].viewID
        setFrame(viewID, Rect(size: window.size))
        try addSubview(viewID, to: WindowState.viewID)
    }

    /// A window size change: `viewWillTransition(to:with:)` on the root, forwarded down as
    /// UIKit's default implementation does (rule 18, `ContainmentTree+ChildContentSize.swift`).
    func setWindowSize(_ size: Size) throws(ContainmentError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidArgument(field: "args.size", "size must be finite and not negative")
        }
        guard size != window.size else { return }
        let currentSizes = window.rootViewController.map { rootViewSizes(below: $0) } ?? [:]
        editWindow { $0.size = size }
        setFrame(WindowState.viewID, Rect(size: size))
        if let root = window.rootViewController {
            forwardViewWillTransition(from: root, to: size, currentSizes: currentSizes)
        }
    }

    /// A size-class change: `traitCollectionDidChange` down the controller hierarchy from
    /// the root, parents first; then split view controllers adapt.
    func setHorizontalSizeClass(_ sizeClass: SizeClass) throws(ContainmentError) {
        let previous = window.horizontalSizeClass
        guard sizeClass != previous else { return }
        editWindow { $0.horizontalSizeClass = sizeClass }
        guard let root = window.rootViewController else { return }
        var stack = [root]
        var visited: [String] = []
        var budget = WalkBudget("trait collection", nodes: controllers.count)
        while let controller = stack.popLast() {
            visit(&budget)
            guard let node = controllers[controller] else { continue }
            visited.append(controller)
            emit(
                controller, "traitCollectionDidChange",
                ["previousTraitCollection": .object(["horizontalSizeClass": .string(previous.rawValue)])])
            stack.append(contentsOf: childIDs(of: node).reversed())
        }
        try adaptSplitViewControllers(visited)
    }

    /// The window's effective status bar: follow `childForStatusBarStyle` (or `…Hidden`)
    /// from the root while it names an existing controller (rule 16).
    func statusBarSnapshot() -> StatusBarSnapshot {
        guard let root = window.rootViewController, controllers[root] != nil else {
            return StatusBarSnapshot(style: .default, hidden: false, decidedBy: nil, hiddenDecidedBy: nil)
        }
        let styleDecider = followChain(from: root) { $0.childForStatusBarStyle }
        let hiddenDecider = followChain(from: root) { $0.childForStatusBarHidden }
        return StatusBarSnapshot(
            style: controllers[existing: styleDecider].statusBarStyle, hidden: controllers[existing: hiddenDecider].statusBarHidden,
            decidedBy: styleDecider, hiddenDecidedBy: hiddenDecider)
    }

    private func followChain(from root: String, _ next: (ControllerNode) -> String?) -> String {
        var current = root
        var seen: Set<String> = [root]
        while let candidate = next(controllers[existing: current]), controllers[candidate] != nil, seen.insert(candidate).inserted {
            current = candidate
        }
        return current
    }

    static func json(_ size: Size) -> JSONValue {
        .object(["width": .number(size.width), "height": .number(size.height)])
    }
}
