/// Parent and child (docs/uikit-rules.md, rules 1–5): the links and the callbacks UIKit sends itself.
extension ContainmentTree {
    /// Returns the node's index, for callers that go on to read it. The field's name is
    /// built only for the error: raw calls name it by concatenation, on every call.
    @discardableResult
    func requireController(_ id: String, field: @autoclosure () -> String) throws(ContainmentError) -> NodeHandle {
        guard let index = controllerHandle(named: id) else {
            throw .notFound(code: "controller_not_found", "no controller \(id)", field: field())
        }
        return index
    }

    /// The handle of the controller with this id, nil when there is none; the few ids a call
    /// names again and again are found among the last ones looked up (`RecentHandles`).
    func controllerHandle(named id: String) -> NodeHandle? {
        nodes.controllerHandle(named: id)
    }

    /// Whether `ancestor` is `controller` or above it (walks up; O(depth), O(1) for a
    /// controller without children).
    func isAncestor(_ ancestor: NodeHandle, of controller: NodeHandle) -> Bool {
        if ancestor != controller, readController(ancestor, { $0.children.isEmpty }) { return false }
        var current: NodeHandle? = controller
        var budget = WalkBudget("parent", nodes: nodes.controllers.count)
        while let handle = current {
            guard visit(&budget) else { break }
            if handle == ancestor { return true }
            current = readController(handle) { $0.parent }
        }
        return false
    }

    /// `addChild(_:)`: rule 1 (leave the old parent as `removeFromParent` would, then
    /// `willMove(toParent:)`, then the link), rule 4 (`requested parent`) and rule 5.
    /// Adding a controller to the parent it already has does nothing.
    func addChildController(_ child: String, to parent: String, field: @autoclosure () -> String) throws(ContainmentError) {
        let parentHandle = nodes.controllers.existing(parent)
        if let index = try checkAddChild(child, to: parentHandle, field: field()) {
            try linkChild(child, at: index, to: parentHandle)
        }
    }

    /// `addChild`'s checks, changing nothing: the child's index, or nil when `parent` is its
    /// parent already. A raw call runs the link that cannot fail anymore apart (see `finishCall`).
    func checkAddChild(_ child: String, to parentHandle: NodeHandle, field: @autoclosure () -> String) throws(ContainmentError) -> NodeHandle? {
        let index = try requireController(child, field: field())
        let (oldParent, rootView) = readController(index) { ($0.parent, $0.rootView) }
        guard oldParent != parentHandle else { return nil }
        try checkNotPresented(child, at: index)
        let parent = readController(parentHandle) { $0.id }
        if isAncestor(index, of: parentHandle) {
            throw .invalidArgumentException(
                code: child == parent ? "child_is_self" : "child_is_ancestor",
                child == parent
                    ? "child view controller:\(ContainmentError.describe(child)) cannot be added as a child of itself"
                    : "child view controller:\(ContainmentError.describe(child)) is an ancestor of the requested parent view controller:\(ContainmentError.describe(parent))"
            )
        }
        try checkNotPresenting(parentHandle, child: child, at: index)
        if let rootView, let superview = nodes.views[rootView].superview, let ownerHandle = nearestOwner(from: superview),
            ownerHandle != parentHandle
        {
            let owner = nodes.controllers.id(ownerHandle)
            throw .hierarchyInconsistency(
                "child view controller:\(ContainmentError.describe(child)) should have parent view controller:\(ContainmentError.describe(owner)) but requested parent is:\(ContainmentError.describe(parent))"
            )
        }
        return index
    }

    /// The rest of `addChild`, after its checks. Nothing here creates or deletes a
    /// controller, so `index` stays valid. It cannot fail unless the child's `didMove` override,
    /// run as it leaves its old parent, re-entered UIKit (rule 40): then the checks run
    /// again on what the override left — the child may already be the parent's (nothing more
    /// to do), elsewhere again (it leaves that parent too), or no longer addable (UIKit's
    /// exception for the call).
    func linkChild(_ child: String, at index: NodeHandle, to parent: NodeHandle) throws(ContainmentError) {
        if readController(index, { $0.parent }) != nil {
            removeFromParentController(child, at: index)
            if overrides.anyDeclared {
                guard try checkAddChild(child, to: parent, field: "") != nil else { return }
                if readController(index, { $0.parent }) != nil { return try linkChild(child, at: index, to: parent) }
            }
        }
        let parentID = readController(parent) { $0.id }
        emit(child, "willMove", ongoing.parentArguments(parentID))
        flagMoving(child, at: index, toParent: true)
        editController(index) { $0.parent = parent }
        appendChildLink(index, to: parent)
        runOverrides(child, .willMove, .parent(parentID))
    }

    /// `removeFromParent()`: the link goes, then `didMove(toParent: nil)` (rule 2). Nothing
    /// happens for a controller without a parent.
    func removeFromParentController(_ child: String) {
        guard let childIndex = controllerHandle(named: child) else { return }
        removeFromParentController(child, at: childIndex)
    }

    /// `removeFromParentController` for a caller that has looked the child up. Indices stay
    /// valid here: nothing is created or deleted.
    func removeFromParentController(_ child: String, at childIndex: NodeHandle) {
        guard let parent = readController(childIndex, { $0.parent }) else { return }
        removeChildLink(childIndex, from: parent)
        let (grandparent, moreTop) = editController(parent) { node in
            let moreTop = node.more?.top
            node.forget(child)
            return (node.parent, moreTop)
        }
        // A collapsed split's secondary and supplementary live on its navigation primary's stack.
        if let split = grandparent, readController(split, { $0.split?.secondary == child || $0.split?.supplementary == child }) == true {
            editController(split) { $0.forget(child) }
        }
        let (endsWithTheTurn, appearance, rootView) = editController(childIndex) { node in
            node.parent = nil
            // The parent's trait override for it goes with the link (rule 32).
            if node.hasExtras, node.overrideTraitCollection != nil { node.overrideTraitCollection = nil }
            return (
                node.appearanceDriver == .turn && (node.appearance == .appearing || node.appearance == .disappearing),
                node.appearance, node.rootView
            )
        }
        // A child its parent drove (a page, a child forwarded by hand) follows its view from
        // now on (an override can make it leave mid-appearance: rule 40). A page its page view
        // controller relayed a turn's appearance to has no one left to end it: the turn's end
        // does. One appearing off screen turns away, as one in the window that is hiding
        // (whose walk passed it while its parent drove it); one that appeared and whose view
        // its parent took out first keeps its state (rule 10).
        if endsWithTheTurn { appendToTurnList(.deferredEnds, childIndex) }
        if let rootView, appearance == .appearing || appearance == .appeared {
            let inWindow = readView(rootView) { $0.inWindow }
            if appearance == .appearing ? !(nodes.window.visible && inWindow) : (!nodes.window.visible && inWindow) {
                disappearWalk(from: rootView)
            }
        }
        emit(child, "didMove", ongoing.parentArguments(nil))
        runOverrides(child, .didMove, .parent(nil))
        // The tabs after it moved: More's stack may hold another now.
        if moreTop != nil { followMoreTop(nodes.controllers.id(parent), from: moreTop) }
    }

    /// The container's own `willMove(toParent:)`: a notification; `nil` marks the start of
    /// a removal, so later appearance callbacks report isMovingFromParent.
    func willMove(_ controller: String, toParent parent: String?) {
        willMove(controller, at: controllerHandle(named: controller), toParent: parent)
    }

    /// `willMove` for a caller that has looked the controller up (nil: there is none).
    func willMove(_ controller: String, at index: NodeHandle?, toParent parent: String?) {
        if let index, parent != nil || readController(index, { $0.parent }) != nil {
            flagMoving(controller, at: index, toParent: parent != nil)
        }
        emit(controller, "willMove", ongoing.parentArguments(parent))
        runOverrides(controller, .willMove, .parent(parent))
    }

    /// The container's own `didMove(toParent:)`: a notification only (rule 3).
    func didMove(_ controller: String, toParent parent: String?) {
        emit(controller, "didMove", ongoing.parentArguments(parent))
        runOverrides(controller, .didMove, .parent(parent))
    }

    // MARK: Deleting

    /// Deletes a detached controller and its descendants, with their views.
    func deleteSubtree(_ id: String) throws(ContainmentError) {
        let handle = try requireController(id, field: "id")
        let node = nodes.controllers[handle]
        guard node.parent == nil else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "controller_attached",
                message: "\(ContainmentError.describe(id)) still has a parent; remove it first")
        }
        guard nodes.window.rootViewController != id else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "controller_attached",
                message: "\(ContainmentError.describe(id)) is the window's root view controller")
        }
        guard node.rootView.flatMap({ nodes.views[$0].superview }) == nil else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "controller_attached",
                message: "the view of \(ContainmentError.describe(id)) is still in a view hierarchy")
        }
        var handles: [NodeHandle] = []
        var stack = [handle]
        var budget = WalkBudget("children", nodes: nodes.controllers.count)
        while let current = stack.popLast() {
            guard visit(&budget) else { break }
            handles.append(current)
            stack.append(contentsOf: nodes.controllers[current].children)
        }
        let subtree = handles.map { nodes.controllers.id($0) }
        // A descendant can be the window's root (`addChild` takes any controller): deleting it
        // would leave the window's views, and the orphans inside them, with no owner.
        if let root = nodes.window.rootViewController, root != id, subtree.contains(root) {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "controller_attached",
                message: "\(ContainmentError.describe(root)), a descendant of \(ContainmentError.describe(id)), is the window's root view controller")
        }
        try checkNoPresentation(in: subtree)
        let doomed = Set(subtree)
        if time.scheduler.running.values.contains(where: { doomed.contains($0.parent) || doomed.contains($0.from) || doomed.contains($0.to) }) {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "controller_transitioning",
                message: "a transition involving \(ContainmentError.describe(id)) is running")
        }
        // A refusal by deleteViews rolls back with the call: nothing is half-deleted.
        for (controller, handle) in zip(subtree, handles) {
            try deleteViews(of: controller)
            for container in nodes.controllers[handle].containerViews {
                storeContainerViewOwner(nil, for: container.id)
            }
            removeController(handle)
        }
    }
}
