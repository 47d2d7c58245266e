/// The collapsed stack of a column-style split view controller without a compact column
/// (docs/uikit-rules.md, rule 15, "The triple-column style"): the primary, then the
/// supplementary and the secondary pushed onto it in column order (the SDK header: a compact
/// column is used "instead of stacking the vc's for the Primary, Supplementary, and Secondary
/// columns"), and `show(_:)`/`hide(_:)` pushing and popping columns on it.
extension ContainmentTree {
    /// Where a column popped off the collapsed stack goes.
    enum PoppedColumn {
        /// Back in its column, shown unless hidden (expanding).
        case intoColumn
        /// The split's child without a view, to be pushed again (`show(_:)`/`hide(_:)`).
        case offScreen
        /// Out of the split, as any controller popped off a navigation controller (a classic
        /// split's `show(.primary)`, or a supplementary replaced while stacked).
        case released
    }

    /// `show(_:)`/`hide(_:)` of a collapsed column-style split, as the SDK header says: `hide`
    /// pops the column on top and is ignored for the primary or a column not on top; `show`
    /// pushes the column and any between, does nothing for the top, pops the columns covering it.
    func showCollapsedColumn(_ split: String, _ column: SplitColumn, show: Bool) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split, column == .primary || state.controller(for: column) != nil else { return }
        let stack = state.collapsedStack
        guard let top = stack.last else { return }
        if !show {
            guard column != .primary, column == top else { return }
            try popCollapsedColumns(split, above: stack[stack.count - 2], then: .offScreen)
        } else if column == top {
            return
        } else if stack.contains(column) {
            try popCollapsedColumns(split, above: column, then: .offScreen)
        } else if column == .secondary {
            try collapseSecondary(of: split, showing: true)
        } else {
            // The supplementary, off the stack under a secondary on top: that one is popped first.
            try popCollapsedColumns(split, above: .primary, then: .offScreen)
            try stackSupplementary(of: split, onTop: true)
        }
    }

    /// Pushes the supplementary onto the collapsed stack. On a navigation controller primary:
    /// on top its view moves across and stays on screen; under the secondary it leaves the
    /// screen first. With another primary it is shown instead of the primary when on top.
    func stackSupplementary(of split: String, onTop: Bool) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split, state.isCollapsed, !state.supplementaryOnStack,
            let supplementary = state.supplementary
        else { return }
        let splitView = nodes.controllers[existing: split].viewID
        if !onTop {
            takeOutOfSplitView(split, supplementary)
        }
        editController(split) { $0.split?.supplementaryOnStack = true }
        guard let primary = state.primary, isNavigation(primary) else {
            guard onTop, nodes.controllers[existing: split].isViewLoaded, parentID(of: supplementary) == split else { return }
            if let other = state.primary {
                takeOutOfSplitView(split, other)
            }
            loadViewIfNeeded(supplementary)
            let viewID = nodes.controllers[existing: supplementary].viewID
            setFrame(viewID, splitFrame(split, .supplementary))
            if superviewID(of: viewID) != splitView {
                try addSubview(viewID, to: splitView)
            }
            return
        }
        try cancelBackSwipe(of: primary)
        if parentID(of: supplementary) == split {
            willMove(supplementary, toParent: nil)
            removeFromParentController(supplementary)
            // Still the split's supplementary column, only shown by the primary now.
            editController(split) { node in
                node.split?.supplementary = supplementary
                node.split?.supplementaryOnStack = true
            }
        }
        guard parentID(of: supplementary) != primary else { return }
        let stack = nodes.controllers[existing: primary].stack ?? []
        guard onTop else {
            try addChildController(supplementary, to: primary, field: "args.viewController")
            // Under the secondary when that one is on the stack already.
            var newStack = stack
            newStack.insert(supplementary, at: state.secondary.flatMap { stack.firstIndex(of: $0) } ?? stack.count)
            editController(primary) { $0.stack = newStack }
            didMove(supplementary, toParent: primary)
            return
        }
        try pushColumn(supplementary, onto: primary, from: stack.last)
    }

    /// Pushes a column's controller on top of the navigation controller primary, which showed
    /// `shownTop`. A view on screen moves across while parentless, so it stays in the window
    /// throughout; one off screen is pushed as any child is (rule 31).
    func pushColumn(_ child: String, onto primary: String, from shownTop: String?) throws(ContainmentError) {
        let stack = nodes.controllers[existing: primary].stack ?? []
        if let node = nodes.controllers[child], node.isViewLoaded, isInWindow(node.viewID), nodes.controllers[existing: primary].isViewLoaded {
            try addSubview(node.viewID, to: nodes.controllers[existing: primary].viewID, at: contentIndex(in: primary))
            setFrame(node.viewID, contentFrame(of: primary))
        }
        try addChildController(child, to: primary, field: "args.viewController")
        editController(primary) { $0.stack = stack + [child] }
        try showContent(
            of: primary, from: shownTop, to: child, duration: 0,
            completion: [RawCall(receiver: child, method: "didMove", args: ["toParent": .string(primary)])], animates: false)
    }

    /// Pops the columns above `target` off the collapsed stack; `placement` says where those
    /// popped off a navigation controller primary go. One shown instead of another primary
    /// stays the split's child.
    func popCollapsedColumns(_ split: String, above target: SplitColumn, then placement: PoppedColumn) throws(ContainmentError) {
        let intoColumns = placement == .intoColumn
        guard let state = nodes.controllers[existing: split].split else { return }
        editController(split) { node in
            if target != .secondary { node.split?.secondaryOnTop = false }
            if target == .primary { node.split?.supplementaryOnStack = false }
        }
        // Top first: the secondary, then the supplementary.
        var popped: [(String, SplitColumn)] = []
        if target != .secondary, let secondary = state.secondary { popped.append((secondary, .secondary)) }
        if target == .primary, let supplementary = state.supplementary { popped.append((supplementary, .supplementary)) }
        let onPrimary = state.primary.flatMap { primary in isNavigation(primary) ? primary : nil }
        let stacked = onPrimary.map { primary in popped.filter { parentID(of: $0.0) == primary } } ?? []
        if let primary = onPrimary, !stacked.isEmpty {
            try popStackedColumns(split, stacked, off: primary, then: placement)
        }
        guard nodes.controllers[existing: split].isViewLoaded else { return }
        let splitView = nodes.controllers[existing: split].viewID
        if target == .supplementary, let supplementary = state.supplementary, parentID(of: supplementary) == split {
            loadViewIfNeeded(supplementary)
            let viewID = nodes.controllers[existing: supplementary].viewID
            setFrame(viewID, splitFrame(split, .supplementary))
            if superviewID(of: viewID) != splitView {
                try addSubview(viewID, to: splitView)
            }
        }
        if target == .primary, let primary = state.primary, let primaryNode = nodes.controllers[primary], superviewID(of: primaryNode.viewID) != splitView,
            !state.isPrimaryHidden || !intoColumns
        {
            loadViewIfNeeded(primary)
            setFrame(nodes.controllers[existing: primary].viewID, splitFrame(split, .primary))
            try addSubview(nodes.controllers[existing: primary].viewID, to: splitView, at: 0)
        }
        if target == .primary, !intoColumns, let supplementary = state.supplementary, !stacked.contains(where: { $0.0 == supplementary }) {
            takeOutOfSplitView(split, supplementary)
        }
        guard target != .secondary, let secondary = state.secondary, !stacked.contains(where: { $0.0 == secondary }),
            let node = nodes.controllers[secondary]
        else { return }
        if intoColumns {
            loadViewIfNeeded(secondary)
            setFrame(node.viewID, splitFrame(split, .secondary))
            if superviewID(of: node.viewID) != splitView {
                try addSubview(node.viewID, to: splitView)
            }
        } else if node.isViewLoaded {
            removeFromSuperview(node.viewID)
            turnAwayIfAppearing(secondary)
        }
    }

    /// Pops `popped` (top first) off the navigation controller primary in one change of its
    /// top: each gets `willMove(nil)`, leaves the stack, then the primary shows what is left.
    private func popStackedColumns(_ split: String, _ popped: [(String, SplitColumn)], off primary: String, then placement: PoppedColumn)
        throws(ContainmentError)
    {
        try cancelBackSwipe(of: primary)
        let stack = nodes.controllers[existing: primary].stack ?? []
        let remaining = stack.filter { id in !popped.contains { $0.0 == id } }
        for (child, _) in popped {
            willMove(child, toParent: nil)
        }
        editController(primary) { $0.stack = remaining }
        for (child, column) in popped {
            removeFromParentController(child)
            // Still the split's column, shown by the primary no longer.
            editController(split) { node in
                if column == .secondary { node.split?.secondary = child } else { node.split?.supplementary = child }
            }
        }
        // Back into its column while parentless, so it stays in the window throughout.
        if placement == .intoColumn, let top = popped.first?.0, let node = nodes.controllers[top], node.isViewLoaded,
            nodes.controllers[existing: split].isViewLoaded
        {
            try addSubview(node.viewID, to: nodes.controllers[existing: split].viewID)
        }
        try showContent(of: primary, from: popped.first?.0, to: remaining.last, duration: 0, completion: [], animates: false)
        for (child, column) in popped.reversed() {
            switch placement {
            case .intoColumn:
                let shows = column == .secondary || nodes.controllers[existing: split].split?.isSupplementaryHidden == false
                try embed(child, in: split, column: column, showsView: shows)
            case .offScreen: try embed(child, in: split, column: column, showsView: false)
            case .released: editController(split) { $0.split?.forget(child) }
            }
        }
    }

    /// The supplementary stacked on the navigation controller primary leaves its stack and the
    /// split, before it is set for another column or replaced.
    func unstackSupplementary(_ split: String) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split, let supplementary = state.supplementary, let primary = state.primary,
            isNavigation(primary), parentID(of: supplementary) == primary
        else { return }
        try popStackedColumns(split, [(supplementary, .supplementary)], off: primary, then: .released)
    }

    /// A column's view leaves the split's view (the column is off screen now).
    func takeOutOfSplitView(_ split: String, _ child: String) {
        guard let node = nodes.controllers[child], node.isViewLoaded, superviewID(of: node.viewID) == nodes.controllers[existing: split].viewID else { return }
        removeFromSuperview(node.viewID)
        turnAwayIfAppearing(child)
    }
}
