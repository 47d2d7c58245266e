/// Views: loading, the view tree, frames and layout. Appearance follows views entering and
/// leaving the visible window (docs/uikit-rules.md, rule 6), so every change of superview goes through
/// `addSubview`/`removeFromSuperview` here.
extension ContainmentTree {
    /// Resolves a view id, loading its controller's view first as accessing `.view` does.
    /// The field's name is built only for the error (see `requireController`).
    func resolveView(_ id: String, field: @autoclosure () -> String) throws(ContainmentError) -> String {
        if views.handle(id) != nil { return id }
        if ControllerNode.isRootViewID(id), controllers.handle(String(id.dropLast(5))) != nil {
            loadViewIfNeeded(String(id.dropLast(5)))
            return id
        }
        if let owner = containerViewOwners[id] {
            loadViewIfNeeded(owner)
            if views[id] != nil { return id }
        }
        throw .notFound(code: "view_not_found", "no view \(id)", field: field())
    }

    /// UIKit's `loadViewIfNeeded`: `loadView` then `viewDidLoad`, once per load.
    func loadViewIfNeeded(_ controller: String) {
        guard let node = controllers[controller], !node.isViewLoaded else { return }
        emit(controller, "loadView")
        let rootID = node.viewID
        let bounds = Rect(size: window.size)
        for container in node.containerViews {
            insertView(ViewNode(frame: container.frame ?? bounds, superview: rootID), id: container.id)
        }
        insertView(ViewNode(frame: bounds, subviews: node.containerViews.map(\.id), owner: controller), id: rootID)
        editController(controller) { $0.isViewLoaded = true }
        emit(controller, "viewDidLoad")
        do {
            try showInitialContent(of: controller)
        } catch {
            warn(controller, "could not show the content of \(ContainmentError.describe(controller)): \(error.message)")
        }
    }

    /// Drops a controller's view (the long-deprecated `viewDidUnload` path); the next need
    /// loads it again (rule 8). Refused while the view is in a view hierarchy.
    func unloadView(_ controller: String) throws(ContainmentError) {
        guard let node = controllers[controller], node.isViewLoaded else { return }
        let rootID = node.viewID
        guard views[rootID]?.superview == nil else {
            throw .internalInconsistency(
                code: "view_in_hierarchy",
                "Cannot unload the view of \(ContainmentError.describe(controller)) while it is in a view hierarchy")
        }
        try deleteViews(of: controller)
        editController(controller) { $0.isViewLoaded = false }
    }

    /// Deletes a controller's root view with its container views. A container view moved
    /// into another view tree would outlive its controller's view, so that is refused.
    func deleteViews(of controller: String) throws(ContainmentError) {
        guard let node = controllers[controller], node.isViewLoaded else { return }
        var strays: [String] = []
        for container in node.containerViews where views[container.id] != nil {
            // Inside the root view unless another controller's root view is on the way up.
            var current: String? = container.id
            while let viewID = current, viewID != node.viewID, views[viewID]?.owner == nil {
                workCount += 1
                current = views[viewID]?.superview
            }
            if current != node.viewID { strays.append(container.id) }
        }
        for stray in strays where views[stray]?.superview != nil {
            throw .internalInconsistency(
                code: "view_in_hierarchy",
                "Cannot unload the view of \(ContainmentError.describe(controller)) while its container view \(stray) is in another view hierarchy")
        }
        deleteViewTree(node.viewID)
        for stray in strays {
            deleteViewTree(stray)
        }
    }

    /// Deletes a view and the unowned views below it; root views of other controllers found
    /// below are detached, not deleted.
    func deleteViewTree(_ rootID: String) {
        if let superview = views[rootID]?.superview {
            removeSubviewLink(rootID, from: superview)
        }
        var stack = [rootID]
        while let viewID = stack.popLast() {
            workCount += 1
            guard let handle = views.handle(viewID) else { continue }
            let node = views[handle]
            for subview in node.subviews {
                if views[subview]?.owner != nil {
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
        window.visible && isInWindow(view)
    }

    /// After a superview change: the moved subtree learns whether the window is above it.
    /// `wasInWindow`: the view's flag, when the caller has read it.
    func updateInWindow(_ viewID: String, _ inWindow: Bool, wasInWindow: Bool? = nil) {
        guard (wasInWindow ?? readView(viewID, { $0.inWindow })) != inWindow else { return }
        var stack = [viewID]
        while let current = stack.popLast() {
            workCount += 1
            stack.append(
                contentsOf: editView(current) { node in
                    node.inWindow = inWindow
                    return node.subviews
                })
        }
    }

    /// The controller owning `view` or its nearest owned ancestor.
    func nearestOwner(from view: String?) -> String? {
        var current = view
        while let viewID = current, let (owner, superview) = readView(viewID, { ($0.owner, $0.superview) }) {
            workCount += 1
            if let owner { return owner }
            current = superview
        }
        return nil
    }

    // MARK: The view tree

    /// `addSubview`/`insertSubview(_:at:)` with UIKit's checks: no cycles, and the
    /// containment check of rule 4 for every controller root view being moved.
    func addSubview(_ viewID: String, to superviewID: String, at index: Int? = nil) throws(ContainmentError) {
        moveSubview(try checkAddSubview(viewID, to: superviewID, at: index))
    }

    /// A checked `addSubview`: what the checks read, which the move reuses.
    struct SubviewMove {
        var viewID: String
        var superviewID: String
        var index: Int?
        var wasInWindow: Bool
        var oldSuperview: String?
        var owner: String?
        var superviewInWindow: Bool
        var newOwner: String?
    }

    /// `addSubview`'s checks, changing nothing: a raw call runs the move that cannot fail
    /// anymore apart (see `finishCall`).
    func checkAddSubview(_ viewID: String, to superviewID: String, at index: Int?) throws(ContainmentError) -> SubviewMove {
        guard viewID != WindowState.viewID else {
            throw .invalidArgument(field: "args.view", "the window cannot be a subview")
        }
        guard viewID != superviewID else {
            throw .invalidArgumentException(code: "subview_is_self", "Can't add self as subview")
        }
        let moving = readView(viewID) { node in
            (hasSubviews: !node.subviews.isEmpty, inWindow: node.inWindow, superview: node.superview, owner: node.owner)
        }!
        // The superview is not below the moved view (checked next), so the move leaves its
        // place in the window as it is.
        let target = readView(superviewID) { node in (inWindow: node.inWindow, superview: node.superview, owner: node.owner) }
        let superviewInWindow = target?.inWindow ?? false
        // Only a view with subviews can be above the new superview, and never from off the
        // window when the superview is in it.
        let couldBeAncestor = moving.hasSubviews && (moving.inWindow || !superviewInWindow)
        var ancestor = couldBeAncestor ? target?.superview : nil
        while let current = ancestor {
            workCount += 1
            if current == viewID {
                throw .invalidArgumentException(code: "subview_is_ancestor", "Can't add a view as a subview of its own descendant")
            }
            ancestor = readView(current) { $0.superview }
        }
        // Its place stays as it is (see above), so it is found once for the check and layout.
        let newOwner = target?.owner ?? nearestOwner(from: target?.superview)
        try checkHierarchy(moving: viewID, under: newOwner)
        return SubviewMove(
            viewID: viewID, superviewID: superviewID, index: index, wasInWindow: moving.inWindow,
            oldSuperview: moving.superview, owner: moving.owner, superviewInWindow: superviewInWindow, newOwner: newOwner)
    }

    /// The rest of `addSubview`, after its checks: the links, the window flags, layout and
    /// the appearance callbacks.
    func moveSubview(_ move: SubviewMove) {
        let viewID = move.viewID
        let wasOnScreen = window.visible && move.wasInWindow
        if let oldSuperview = move.oldSuperview {
            if wasOnScreen { markLayout(nearestOwner(from: oldSuperview)) }
            removeSubviewLink(viewID, from: oldSuperview)
        }
        insertSubviewLink(viewID, into: move.superviewID, at: move.index)
        editView(viewID) { $0.superview = move.superviewID }
        updateInWindow(viewID, move.superviewInWindow, wasInWindow: move.wasInWindow)
        let nowOnScreen = window.visible && move.superviewInWindow
        if nowOnScreen {
            markLayout(move.newOwner)
            markLayout(move.owner)
        }
        if !wasOnScreen && nowOnScreen {
            appearWalk(from: viewID)
        } else if wasOnScreen && !nowOnScreen {
            disappearWalk(from: viewID)
        }
    }

    /// Rule 4: the nearest controller above the new place must be the parent of each
    /// controller whose root view moves (the first owned views below `viewID`); `newOwner`
    /// is that controller (`nearestOwner(from:)` the new superview).
    func checkHierarchy(moving viewID: String, under newOwner: String?) throws(ContainmentError) {
        var stack = [viewID]
        while let current = stack.popLast() {
            workCount += 1
            guard let (owner, subviews) = readView(current, { ($0.owner, $0.subviews) }) else { continue }
            if let owner {
                if let parent = parentID(of: owner), parent != newOwner {
                    throw .hierarchyInconsistency(
                        "child view controller:\(ContainmentError.describe(owner)) should have parent view controller:\(ContainmentError.describe(newOwner)) but actual parent is:\(ContainmentError.describe(parent))"
                    )
                }
            } else {
                stack.append(contentsOf: subviews)
            }
        }
    }

    func removeFromSuperview(_ viewID: String) {
        guard let (superviewID, inWindow) = readView(viewID, { node in node.superview.map { ($0, node.inWindow) } }) else {
            return
        }
        let wasOnScreen = window.visible && inWindow
        if wasOnScreen { markLayout(nearestOwner(from: superviewID)) }
        removeSubviewLink(viewID, from: superviewID)
        editView(viewID) { $0.superview = nil }
        updateInWindow(viewID, false, wasInWindow: inWindow)
        if wasOnScreen {
            disappearWalk(from: viewID)
        }
    }

    // MARK: Frames and layout

    /// Sets a frame; subviews that filled the old bounds follow (flexible width and height,
    /// as the Tunnel app's map views). Returns the controllers whose root view changed size,
    /// parents first.
    @discardableResult
    func setFrame(_ viewID: String, _ frame: Rect) -> [String] {
        var resized: [String] = []
        let onScreen = isOnScreen(viewID)
        var stack = [(viewID, frame)]
        while let (current, newFrame) = stack.popLast() {
            workCount += 1
            guard let node = views[current], node.frame != newFrame else { continue }
            let oldBounds = node.frame.bounds
            editView(current) { $0.frame = newFrame }
            guard oldBounds.size != newFrame.size else { continue }
            if let owner = node.owner {
                resized.append(owner)
                if onScreen { markLayout(owner) }
                if let layout = builtInLayout(owner) {
                    stack.append(contentsOf: layout.reversed())
                    continue
                }
            }
            for subview in node.subviews.reversed() where views[subview]?.frame == oldBounds {
                stack.append((subview, newFrame.bounds))
            }
        }
        return resized
    }

    func markLayout(_ controller: String?) {
        guard let controller, let index = controllers.handle(controller) else { return }
        markLayout(controller, at: index)
    }

    /// `markLayout` for a caller that has looked the controller up.
    func markLayout(_ controller: String, at index: NodeHandle) {
        guard readController(index, { !$0.needsLayout && $0.isViewLoaded }) else { return }
        editController(index) { $0.needsLayout = true }
        appendToTurnList(.pendingLayout, controller)
    }

    /// `index` is the controller's, which its caller has just looked up.
    func layout(_ controller: String, at index: NodeHandle) {
        editController(index) { $0.needsLayout = false }
        emit(controller, "viewWillLayoutSubviews")
        emit(controller, "viewDidLayoutSubviews")
    }

    /// `layoutIfNeeded`: lays out now, parents first, what is pending in the view's subtree.
    func layoutIfNeeded(_ viewID: String) {
        guard !scheduler.pendingLayout.isEmpty else { return }
        var stack = [viewID]
        while let current = stack.popLast() {
            workCount += 1
            guard let node = views[current] else { continue }
            if let owner = node.owner, let index = controllers.handle(owner), readController(index, { $0.needsLayout }) {
                layout(owner, at: index)
            }
            stack.append(contentsOf: node.subviews.reversed())
        }
    }
}
