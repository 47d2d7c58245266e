/// Views: loading, the view tree, frames and layout. Appearance follows views entering and
/// leaving the visible window (docs/uikit-rules.md, rule 6), so every change of superview goes through
/// `addSubview`/`removeFromSuperview` here.
extension ContainmentTree {
    /// Resolves a view id, loading its controller's view first as accessing `.view` does.
    /// The field's name is built only for the error (see `requireController`).
    func resolveView(_ id: String, field: @autoclosure () -> String) throws(ContainmentError) -> NodeHandle {
        if let view = nodes.views.handle(id) { return view }
        if ControllerNode.isRootViewID(id) {
            let owner = ControllerNode.controllerID(ofRootView: id)
            if let controller = controllerHandle(named: owner) {
                loadViewIfNeeded(owner)
                if let root = nodes.controllers[controller].rootView { return root }
            }
        }
        if let owner = nodes.containerViewOwners[id] {
            loadViewIfNeeded(owner)
            if let view = nodes.views.handle(id) { return view }
        }
        throw .notFound(code: "view_not_found", "no view \(id)", field: field())
    }

    /// UIKit's `loadViewIfNeeded`: `loadView` then `viewDidLoad`, once per load.
    func loadViewIfNeeded(_ controller: String) {
        guard let handle = controllerHandle(named: controller) else { return }
        loadViewIfNeeded(controller, at: handle)
    }

    /// `loadViewIfNeeded` for a caller that has looked the controller up; the loaded check
    /// reads the node in place (a copy out of the table retains all of it).
    func loadViewIfNeeded(_ controller: String, at handle: NodeHandle) {
        guard !readController(handle, { $0.isViewLoaded }) else { return }
        let node = nodes.controllers[handle]
        emit(controller, "loadView")
        let bounds = Rect(size: nodes.window.size)
        // Created this mark, so filling in its subviews logs nothing (see `insertView`).
        let root = insertView(ViewNode(frame: bounds, owner: handle), id: node.viewID)
        for container in node.containerViews {
            let view = insertView(ViewNode(frame: container.frame ?? bounds, superview: root), id: container.id)
            editView(root) { $0.insertSubview(view, at: $0.subviews.count) }
        }
        editController(handle) { $0.rootView = root }
        // A storyboard performs the scene's embed segues while loading its view (rule 45).
        if readController(handle, { $0.hasExtras }) { performEmbedSegues(of: controller) }
        emit(controller, "viewDidLoad")
        do {
            try showInitialContent(of: controller)
        } catch {
            warn(controller, "could not show the content of \(ContainmentError.describe(controller)): \(error.message)")
        }
        runOverrides(controller, .viewDidLoad)
    }

    /// Drops a controller's view (the long-deprecated `viewDidUnload` path); the next need
    /// loads it again (rule 8). Refused while the view is in a view hierarchy.
    func unloadView(_ controller: String) throws(ContainmentError) {
        guard let root = nodes.controllers[controller]?.rootView else { return }
        // What called the callback goes on with the views it holds (rule 40).
        guard overrides.run.frames.isEmpty else {
            throw ContainmentError(
                kind: .exception, code: "unload_in_callback",
                message: "the view of \(ContainmentError.describe(controller)) cannot be unloaded inside a callback")
        }
        guard nodes.views[root].superview == nil else {
            throw .internalInconsistency(
                code: "view_in_hierarchy",
                "Cannot unload the view of \(ContainmentError.describe(controller)) while it is in a view hierarchy")
        }
        try deleteViews(of: controller)
        editController(controller) { $0.rootView = nil }
    }

    /// Deletes a controller's root view with its container views. A container view moved
    /// into another view tree would outlive its controller's view, so that is refused.
    func deleteViews(of controller: String) throws(ContainmentError) {
        guard let node = nodes.controllers[controller], let root = node.rootView else { return }
        var strays: [NodeHandle] = []
        for container in node.containerViews {
            guard let view = nodes.views.handle(container.id) else { continue }
            // Inside the root view unless another controller's root view is on the way up.
            var current: NodeHandle? = view
            var budget = WalkBudget("container view's superview", nodes: nodes.views.count)
            while let handle = current, handle != root, nodes.views[handle].owner == nil {
                guard visit(&budget) else { break }
                current = nodes.views[handle].superview
            }
            if current != root { strays.append(view) }
        }
        for stray in strays where nodes.views[stray].superview != nil {
            throw .internalInconsistency(
                code: "view_in_hierarchy",
                "Cannot unload the view of \(ContainmentError.describe(controller)) while its container view \(nodes.views.id(stray)) is in another view hierarchy"
            )
        }
        deleteViewTree(root)
        for stray in strays {
            deleteViewTree(stray)
        }
    }

    /// Deletes a view and the unowned views below it; root views of other controllers found
    /// below are detached, not deleted.
    func deleteViewTree(_ root: NodeHandle) {
        if let superview = nodes.views[root].superview {
            removeSubviewLink(root, from: superview)
        }
        var stack = [root]
        var budget = WalkBudget("deleted views", nodes: nodes.views.count)
        while let handle = stack.popLast() {
            guard visit(&budget) else { break }
            for subview in nodes.views[handle].subviews {
                if nodes.views[subview].owner != nil {
                    editView(subview) { $0.superview = nil }
                    updateInWindow(subview, false)
                } else {
                    stack.append(subview)
                }
            }
            removeView(handle)
        }
    }

    // MARK: Queries

    /// Whether `view` is in the window's view tree.
    func isInWindow(_ view: String) -> Bool {
        readView(view) { $0.inWindow } ?? false
    }

    func isOnScreen(_ view: String) -> Bool {
        nodes.window.visible && isInWindow(view)
    }

    /// After a superview change: the moved subtree learns whether the window is above it.
    /// `wasInWindow`: the view's flag, when the caller has read it.
    func updateInWindow(_ view: NodeHandle, _ inWindow: Bool, wasInWindow: Bool? = nil) {
        guard (wasInWindow ?? readView(view, { $0.inWindow })) != inWindow else { return }
        var stack = [view]
        var budget = WalkBudget("in-window", nodes: nodes.views.count)
        while let current = stack.popLast() {
            guard visit(&budget) else { break }
            stack.append(
                contentsOf: editView(current) { node in
                    node.inWindow = inWindow
                    return node.subviews
                })
        }
    }

    /// The controller owning `view` or its nearest owned ancestor.
    func nearestOwner(from view: NodeHandle?) -> NodeHandle? {
        var current = view
        var budget = WalkBudget("nearest owner", nodes: nodes.views.count)
        while let handle = current {
            guard visit(&budget) else { break }
            let (owner, superview) = readView(handle) { ($0.owner, $0.superview) }
            if let owner { return owner }
            current = superview
        }
        return nil
    }

    // MARK: The view tree

    /// `addSubview`/`insertSubview(_:at:)` with UIKit's checks: no cycles, and the
    /// containment check of rule 4 for every controller root view being moved.
    func addSubview(_ viewID: String, to superviewID: String, at index: Int? = nil) throws(ContainmentError) {
        moveSubview(try checkAddSubview(nodes.views.existing(viewID), to: nodes.views.existing(superviewID), at: index))
    }

    /// A checked `addSubview`: what the checks read, which the move reuses.
    struct SubviewMove {
        var view: NodeHandle
        var superview: NodeHandle
        var index: Int?
        var wasInWindow: Bool
        var oldSuperview: NodeHandle?
        var owner: NodeHandle?
        var superviewInWindow: Bool
        var newOwner: NodeHandle?
    }

    /// `addSubview`'s checks, changing nothing: a raw call runs the move that cannot fail
    /// anymore apart (see `finishCall`).
    func checkAddSubview(_ view: NodeHandle, to superview: NodeHandle, at index: Int?) throws(ContainmentError) -> SubviewMove {
        guard nodes.views.id(view) != WindowState.viewID else {
            throw .invalidArgument(field: "args.view", "the window cannot be a subview")
        }
        guard view != superview else {
            throw .invalidArgumentException(code: "subview_is_self", "Can't add self as subview")
        }
        let moving = readView(view) { node in
            (hasSubviews: !node.subviews.isEmpty, inWindow: node.inWindow, superview: node.superview, owner: node.owner)
        }
        // The superview is not below the moved view (checked next), so the move leaves its
        // place in the window as it is.
        let target = readView(superview) { node in (inWindow: node.inWindow, superview: node.superview, owner: node.owner) }
        // Only a view with subviews can be above the new superview, and never from off the
        // window when the superview is in it.
        let couldBeAncestor = moving.hasSubviews && (moving.inWindow || !target.inWindow)
        var ancestor = couldBeAncestor ? target.superview : nil
        var budget = WalkBudget("new superview's ancestors", nodes: nodes.views.count)
        while let current = ancestor {
            guard visit(&budget) else { break }
            if current == view {
                throw .invalidArgumentException(code: "subview_is_ancestor", "Can't add a view as a subview of its own descendant")
            }
            ancestor = readView(current) { $0.superview }
        }
        // Its place stays as it is (see above), so it is found once for the check and layout.
        let newOwner = target.owner ?? nearestOwner(from: target.superview)
        try checkHierarchy(moving: view, under: newOwner)
        return SubviewMove(
            view: view, superview: superview, index: index, wasInWindow: moving.inWindow,
            oldSuperview: moving.superview, owner: moving.owner, superviewInWindow: target.inWindow, newOwner: newOwner)
    }

    /// The rest of `addSubview`, after its checks: the links, the window flags, layout and
    /// the appearance callbacks. `orphansAppear`: see `appearWalk`.
    func moveSubview(_ move: SubviewMove, orphansAppear: Bool = true) {
        let view = move.view
        let wasOnScreen = nodes.window.visible && move.wasInWindow
        if let oldSuperview = move.oldSuperview {
            if wasOnScreen { markLayout(nearestOwner(from: oldSuperview)) }
            removeSubviewLink(view, from: oldSuperview)
        }
        insertSubviewLink(view, into: move.superview, at: move.index)
        editView(view) { $0.superview = move.superview }
        updateInWindow(view, move.superviewInWindow, wasInWindow: move.wasInWindow)
        let nowOnScreen = nodes.window.visible && move.superviewInWindow
        if nowOnScreen {
            markLayout(move.newOwner)
            markLayout(move.owner)
        }
        if !wasOnScreen && nowOnScreen {
            appearWalk(from: view, orphansAppear: orphansAppear)
        } else if wasOnScreen && !nowOnScreen {
            disappearWalk(from: view)
        }
    }

    /// Rule 4: the nearest controller above the new place must be the parent of each
    /// controller whose root view moves (the first owned views below `view`); `newOwner`
    /// is that controller (`nearestOwner(from:)` the new superview).
    func checkHierarchy(moving view: NodeHandle, under newOwner: NodeHandle?) throws(ContainmentError) {
        var stack = [view]
        var budget = WalkBudget("moved views", nodes: nodes.views.count)
        while let current = stack.popLast() {
            guard visit(&budget) else { break }
            let (owner, subviews) = readView(current) { ($0.owner, $0.subviews) }
            if let owner {
                if let parent = readController(owner, { $0.parent }), parent != newOwner {
                    throw .hierarchyInconsistency(
                        "child view controller:\(ContainmentError.describe(nodes.controllers.id(owner))) should have parent view controller:\(ContainmentError.describe(newOwner.map { nodes.controllers.id($0) })) but actual parent is:\(ContainmentError.describe(nodes.controllers.id(parent)))"
                    )
                }
            } else {
                stack.append(contentsOf: subviews)
            }
        }
    }

    func removeFromSuperview(_ viewID: String) {
        guard let view = nodes.views.handle(viewID) else { return }
        removeFromSuperview(view)
    }

    func removeFromSuperview(_ view: NodeHandle) {
        guard let (superview, inWindow) = readView(view, { node in node.superview.map { ($0, node.inWindow) } }) else { return }
        let wasOnScreen = nodes.window.visible && inWindow
        if wasOnScreen { markLayout(nearestOwner(from: superview)) }
        removeSubviewLink(view, from: superview)
        editView(view) { $0.superview = nil }
        updateInWindow(view, false, wasInWindow: inWindow)
        if wasOnScreen {
            disappearWalk(from: view)
        }
    }

    // MARK: Frames and layout

    /// Sets a frame; subviews that filled the old bounds follow (flexible width and height,
    /// as the Tunnel app's map views). Returns the controllers whose root view changed size,
    /// parents first.
    @discardableResult
    func setFrame(_ viewID: String, _ frame: Rect) -> [String] {
        guard let view = nodes.views.handle(viewID) else { return [] }
        return setFrame(view, frame)
    }

    @discardableResult
    func setFrame(_ view: NodeHandle, _ frame: Rect) -> [String] {
        var resized: [String] = []
        let onScreen = nodes.window.visible && nodes.views[view].inWindow
        var stack = [(view, frame)]
        var budget = WalkBudget("frames", nodes: nodes.views.count)
        while let (current, newFrame) = stack.popLast() {
            guard visit(&budget) else { break }
            let node = nodes.views[current]
            guard node.frame != newFrame else { continue }
            let oldBounds = node.frame.bounds
            editView(current) { $0.frame = newFrame }
            guard oldBounds.size != newFrame.size else { continue }
            if let owner = node.owner {
                let ownerID = nodes.controllers.id(owner)
                resized.append(ownerID)
                if onScreen { markLayout(ownerID, at: owner) }
                if let layout = builtInLayout(ownerID) {
                    stack.append(contentsOf: layout.reversed().compactMap { id, frame in nodes.views.handle(id).map { ($0, frame) } })
                    continue
                }
            }
            for subview in node.subviews.reversed() where nodes.views[subview].frame == oldBounds {
                stack.append((subview, newFrame.bounds))
            }
        }
        return resized
    }

    func markLayout(_ controller: NodeHandle?) {
        guard let controller else { return }
        markLayout(nodes.controllers.id(controller), at: controller)
    }

    /// `markLayout` for a caller that has looked the controller up.
    func markLayout(_ controller: String, at index: NodeHandle) {
        guard readController(index, { !$0.needsLayout && $0.isViewLoaded }) else { return }
        editController(index) { $0.needsLayout = true }
        appendToTurnList(.pendingLayout, index)
    }

    /// `index` is the controller's, which its caller has just looked up.
    func layout(_ controller: String, at index: NodeHandle) {
        editController(index) { $0.needsLayout = false }
        emit(controller, "viewWillLayoutSubviews")
        runOverrides(controller, .viewWillLayoutSubviews)
        emit(controller, "viewDidLayoutSubviews")
        runOverrides(controller, .viewDidLayoutSubviews)
    }

    /// `layoutIfNeeded`: lays out now, parents first, what is pending in the view's subtree.
    func layoutIfNeeded(_ view: NodeHandle) {
        guard !time.scheduler.pendingLayout.isEmpty else { return }
        // The layout callbacks' overrides may move views under the walk: then it collects first.
        var found: [NodeHandle]? = overrides.anyDeclared ? [] : nil
        var stack = [view]
        var budget = WalkBudget("layout", nodes: nodes.views.count)
        while let current = stack.popLast() {
            guard visit(&budget) else { break }
            let (owner, subviews) = readView(current) { ($0.owner, $0.subviews) }
            if let owner, readController(owner, { $0.needsLayout }) {
                if found != nil { found?.append(owner) } else { layout(nodes.controllers.id(owner), at: owner) }
            }
            stack.append(contentsOf: subviews.reversed())
        }
        for owner in found ?? [] where nodes.controllers.contains(owner) && readController(owner, { $0.needsLayout }) {
            layout(nodes.controllers.id(owner), at: owner)
        }
    }
}
