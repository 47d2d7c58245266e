/// The window: visibility (rule 6), the root view controller, size (rule 18) and size class.
extension ContainmentTree {
    func makeKeyAndVisible() {
        setWindowHidden(false)
    }

    /// Showing the window makes its whole tree appear, hiding it disappear, parents first.
    func setWindowHidden(_ hidden: Bool) {
        guard nodes.window.visible == hidden else { return }
        editWindow { $0.visible = !hidden }
        if hidden {
            disappearWalk(from: nodes.views.existing(WindowState.viewID))
        } else {
            appearWalk(from: nodes.views.existing(WindowState.viewID))
        }
    }

    /// `rootViewController =`: the old root's view leaves the window, the new root's view
    /// (loaded if needed, sized to the window) enters it.
    func setRootViewController(_ root: String?) throws(ContainmentError) {
        guard root != nodes.window.rootViewController else { return }
        if let root {
            try requireController(root, field: "args.rootViewController")
        }
        if let old = nodes.window.rootViewController, let node = nodes.controllers[old], node.isViewLoaded,
            superviewID(of: node.viewID) == WindowState.viewID
        {
            removeFromSuperview(node.viewID)
        }
        editWindow { $0.rootViewController = root }
        guard let root else { return }
        loadViewIfNeeded(root)
        let viewID = nodes.controllers[existing: root].viewID
        setFrame(viewID, Rect(size: nodes.window.size))
        try addSubview(viewID, to: WindowState.viewID)
    }

    /// A window size change: `viewWillTransition(to:with:)` on the root, forwarded down as
    /// UIKit's default implementation does (rule 18, `ContainmentTree+ChildContentSize.swift`),
    /// and by presentation controllers to what they present (rule 32). With a size class, a
    /// rotation across size classes: the trait change wraps the size change (rule 32).
    func setWindowSize(_ size: Size, horizontalSizeClass: SizeClass? = nil) throws(ContainmentError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidArgument(field: "args.size", "size must be finite and not negative")
        }
        if let horizontalSizeClass {
            try setHorizontalSizeClass(horizontalSizeClass) { () throws(ContainmentError) in try setWindowSize(size) }
            return
        }
        guard size != nodes.window.size else { return }
        let currentSizes = nodes.window.rootViewController.map { rootViewSizes(below: $0) } ?? [:]
        editWindow { $0.size = size }
        setFrame(WindowState.viewID, Rect(size: size))
        if let root = nodes.window.rootViewController {
            forwardViewWillTransition(from: root, to: size, currentSizes: currentSizes)
        }
        reframePresentedViews()
    }

    static func json(_ size: Size) -> JSONValue {
        .object(["width": .number(size.width), "height": .number(size.height)])
    }
}
