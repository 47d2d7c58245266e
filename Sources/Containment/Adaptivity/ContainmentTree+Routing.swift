/// Routing (docs/uikit-rules-adaptivity.md, rule 30): `show(_:sender:)` and
/// `showDetailViewController(_:sender:)` find their target with
/// `targetViewController(forAction:sender:)`, the receiver or its nearest ancestor that
/// overrides the action: a navigation controller overrides `show` (it pushes), a split view
/// controller both. With no target the receiver presents. The "Show" and "Show Detail" segues
/// are these calls.
extension ContainmentTree {
    /// The actions `targetViewController(forAction:sender:)` is asked about.
    enum RoutingAction: String, CaseIterable {
        case show
        case showDetailViewController
    }

    /// The receiver or its nearest ancestor (parent links only; a presented controller ends
    /// the walk) whose class overrides `action`; nil when none does.
    func targetViewController(forAction action: RoutingAction, from receiver: String) -> String? {
        var current: NodeHandle? = controllerHandle(named: receiver)
        var budget = WalkBudget("target view controller", nodes: nodes.controllers.count)
        while let handle = current {
            guard visit(&budget) else { break }
            let (id, kind, parent) = readController(handle) { ($0.id, $0.kind, $0.parent) }
            switch (kind, action) {
            case (.navigationController, .show), (.splitViewController, _): return id
            default: current = parent
            }
        }
        return nil
    }

    /// `show(_:sender:)`: pushed by a navigation controller, shown by a split view controller
    /// in its primary column, else presented (animated) by the receiver.
    func show(_ shown: String, from receiver: String) throws(ContainmentError) {
        guard let target = targetViewController(forAction: .show, from: receiver) else {
            try present(shown, from: receiver, animated: true)
            return
        }
        if nodes.controllers[existing: target].kind == .navigationController {
            try pushViewController(shown, on: target, animated: true)
            return
        }
        // UISplitViewController.show(_:sender:): regular, the primary (or the secondary for a
        // child of the primary); compact, presented.
        guard let state = nodes.controllers[existing: target].split, !state.isCollapsed else {
            try present(shown, from: target, animated: true)
            return
        }
        let isChildOfPrimary = state.primary != nil && parentID(of: shown) == state.primary
        try setSplitColumn(target, shown, column: isChildOfPrimary ? .secondary : .primary)
    }

    /// `showDetailViewController(_:sender:)`: installed by a split view controller as its
    /// secondary (collapsed, pushed onto a navigation controller primary, else presented);
    /// without a split view controller, presented (animated) by the receiver.
    func showDetailViewController(_ shown: String, from receiver: String) throws(ContainmentError) {
        guard let split = targetViewController(forAction: .showDetailViewController, from: receiver) else {
            try present(shown, from: receiver, animated: true)
            return
        }
        guard let state = nodes.controllers[existing: split].split, state.secondary != shown else { return }
        guard state.isCollapsed else {
            try setSplitColumn(split, shown, column: .secondary)
            return
        }
        guard let primary = state.primary, nodes.controllers[existing: primary].kind == .navigationController else {
            try present(shown, from: split, animated: true)
            return
        }
        guard nodes.controllers[existing: shown].kind != .navigationController else {
            // A navigation controller is pushed as a collapsing split pushes its secondary.
            try setSplitColumn(split, shown, column: .secondary)
            try showSplitColumn(split, .secondary, show: true)
            return
        }
        // The primary shows it as a push, animated; it is the split's secondary from now on.
        let stack = nodes.controllers[existing: primary].stack ?? []
        let replaced = state.secondaryOnTop ? state.secondary : nil
        let newStack = stack.filter { $0 != replaced && $0 != shown } + [shown]
        if let secondary = state.secondary, !state.secondaryOnTop, parentID(of: secondary) == split {
            unembed(secondary)
        }
        editController(split) { node in
            // The supplementary moves to the secondary column (rule 15: one column each).
            if node.split?.supplementary == shown { node.split?.forget(shown) }
            node.split?.secondary = shown
            node.split?.secondaryOnTop = true
        }
        try setNavigationStack(primary, newStack, animated: true, field: "args.viewController")
    }
}
