/// iOS 17's trait hierarchy (docs/uikit-rules-adaptivity.md, rule 39): a view controller takes
/// its traits from its view's superview, so a parentless controller whose view was put into
/// another controller's view without `addChild` inherits that controller's traits and
/// overrides; and `registerForTraitChanges(_:handler:)` handlers run when a registered trait
/// changes. Children need no view walk: rule 4 keeps a child's view inside its parent's.
extension ContainmentTree {
    /// For each controller, the parentless, unpresented controllers whose views sit in its view
    /// with no other controller's view between, in the order of the view tree. O(controllers).
    func controllersInOtherControllersViews(root: NodeHandle) -> [NodeHandle: [NodeHandle]] {
        // Only their views are read below, so the controller table is not copied meanwhile.
        let parentless = nodes.controllers.all.compactMap { handle, _, node -> (NodeHandle, NodeHandle)? in
            guard node.parent == nil, handle != root, let rootView = node.rootView, !node.hasExtras || node.presentation == nil
            else { return nil }
            return (handle, rootView)
        }
        var result: [NodeHandle: [NodeHandle]] = [:]
        for (handle, rootView) in parentless {
            if let enclosing = enclosingController(ofView: rootView) { result[enclosing, default: []].append(handle) }
        }
        for (enclosing, inside) in result where inside.count > 1 {
            result[enclosing] = inside.sorted { viewTreePath(of: $0).lexicographicallyPrecedes(viewTreePath(of: $1)) }
        }
        return result
    }

    /// The controller whose view holds a controller's view: the nearest owner above it.
    func enclosingController(of controller: NodeHandle) -> NodeHandle? {
        readController(controller) { $0.rootView }.flatMap { enclosingController(ofView: $0) }
    }

    private func enclosingController(ofView rootView: NodeHandle) -> NodeHandle? {
        readView(rootView) { $0.superview }.flatMap { nearestOwner(from: $0) }
    }

    /// A controller's view's place in the view tree: its index among its siblings at each level.
    private func viewTreePath(of controller: NodeHandle) -> [Int] {
        var path: [Int] = []
        var current = readController(controller) { $0.rootView }
        var budget = WalkBudget("view tree path", nodes: nodes.views.count)
        while let view = current, let superview = readView(view, { $0.superview }) {
            guard visit(&budget) else { break }
            path.append(readView(superview) { $0.subviews.firstIndex(of: view) } ?? 0)
            current = superview
        }
        return path.reversed()
    }

    /// `registerForTraitChanges(_:handler:)`: the handler runs after `traitCollectionDidChange`
    /// when a registered trait changed (the horizontal size class, the one trait modelled).
    func callTraitChangeHandler(of controller: String, previous: SizeClass) {
        guard let traits = readController(controller, { $0.hasExtras ? $0.answers.registerForTraitChanges : nil }),
            traits.contains(.horizontalSizeClass)
        else { return }
        emit(
            controller, "traitChangeHandler",
            ["previousTraitCollection": TraitOverrides.json(previous), "traits": .array(traits.map { .string($0.rawValue) })])
    }
}
