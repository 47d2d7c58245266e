/// Split view controllers (docs/uikit-rules.md, rule 15): primary and secondary side by side in a
/// regular width; in a compact width the secondary collapses onto the primary — pushed onto
/// it when the primary is a navigation controller — and separates again when regular.
extension ContainmentTree {
    static let primaryColumnWidth = 320.0

    func splitFrame(_ split: String, _ column: SplitColumn) -> Rect {
        let node = nodes.controllers[existing: split]
        let bounds = (node.isViewLoaded ? nodes.views[existing: node.viewID].frame : Rect(size: nodes.window.size)).bounds
        guard let state = node.split, !state.isCollapsed else { return bounds }
        let columnWidth = min(Self.primaryColumnWidth, bounds.width)
        let primaryWidth = state.isPrimaryHidden ? 0 : columnWidth
        guard hasTripleColumns(split) else {
            switch column {
            case .primary: return Rect(x: 0, y: 0, width: columnWidth, height: bounds.height)
            case .secondary where splitBehavior(split) == .overlay: return bounds
            case .secondary, .supplementary: return Rect(x: primaryWidth, y: 0, width: bounds.width - primaryWidth, height: bounds.height)
            case .compact: return bounds
            }
        }
        return tripleColumnFrame(column, state, bounds: bounds, behavior: splitBehavior(split))
    }

    func isNavigation(_ controller: String?) -> Bool {
        controller.flatMap { nodes.controllers[$0]?.kind } == .navigationController
    }

    /// A child of the split shown in its column: addChild, frame, addSubview, didMove.
    func embed(_ child: String, in split: String, column: SplitColumn, showsView: Bool) throws(ContainmentError) {
        try addChildController(child, to: split, field: "args.viewController")
        if showsView, nodes.controllers[existing: split].isViewLoaded {
            loadViewIfNeeded(child)
            let viewID = nodes.controllers[existing: child].viewID
            setFrame(viewID, splitFrame(split, column))
            let index = column == .primary ? 0 : column == .supplementary ? subviewIndex(split, after: nodes.controllers[existing: split].split?.primary) : nil
            try addSubview(viewID, to: nodes.controllers[existing: split].viewID, at: index)
        } else if !showsView, let node = nodes.controllers[child], node.isViewLoaded,
            superviewID(of: node.viewID) == nodes.controllers[existing: split].viewID
        {
            // Left in the split's view by a bare `removeFromParent`: a column not shown does not show it.
            removeFromSuperview(node.viewID)
            turnAwayIfAppearing(child)
        }
        didMove(child, toParent: split)
    }

    /// Where the supplementary's view goes in the split's view: after the primary's, if shown.
    func subviewIndex(_ split: String, after primary: String?) -> Int {
        guard let primary, let node = nodes.controllers[primary], node.isViewLoaded else { return 0 }
        return superviewID(of: node.viewID) == nodes.controllers[existing: split].viewID ? 1 : 0
    }

    /// hideContentController without loading a view that is not loaded.
    func unembed(_ child: String) {
        willMove(child, toParent: nil)
        if let node = nodes.controllers[child], node.isViewLoaded {
            removeFromSuperview(node.viewID)
        }
        removeFromParentController(child)
    }

    /// `setViewController(_:for:)`.
    /// A controller already in the other column moves to this one.
    func setSplitColumn(_ split: String, _ child: String, column: SplitColumn) throws(ContainmentError) {
        if column == .compact {
            try setCompactColumn(split, child)
            return
        }
        if column == .supplementary {
            try setSupplementaryColumn(split, child)
            return
        }
        guard var before = nodes.controllers[existing: split].split else { return }
        let current = before.controller(for: column)
        guard current != child else { return }
        if before.supplementary == child {
            // Moving off the collapsed stack to another column.
            try unstackSupplementary(split)
            before = nodes.controllers[existing: split].split ?? before
        }
        if let current {
            if column == .secondary, before.isCollapsed, before.secondaryOnTop, let primary = before.primary, isNavigation(primary) {
                let stack = nodes.controllers[existing: primary].stack ?? []
                try setNavigationStack(primary, stack.filter { $0 != current }, animated: false, field: "args.viewController")
            } else if parentID(of: current) == split {
                unembed(current)
            }
        }
        if before.compact == child || before.supplementary == child, parentID(of: child) == split {
            unembed(child)
        }
        var state = nodes.controllers[existing: split].split!
        if state.compact == child { state.compact = nil }
        if state.supplementary == child { state.supplementary = nil }
        if column == .primary {
            if state.secondary == child { state.secondary = nil }
            state.primary = child
        } else {
            if state.primary == child { state.primary = nil }
            state.secondary = child
        }
        state.secondaryOnTop = false
        if state.primary != before.primary, state.supplementary.map({ parentID(of: $0) != split }) ?? true {
            // Stacked on the primary replaced (or moved to the secondary), it is on no stack of the new one.
            state.supplementaryOnStack = false
        }
        editController(split) { $0.split = state }
        switch column {
        case .primary:
            // Collapsed, a supplementary shown instead of the primary stays on top.
            let shows = state.isCollapsed ? state.collapsedStack.last == .primary : !state.isPrimaryHidden
            try embed(child, in: split, column: .primary, showsView: !state.showsCompactColumn && shows)
        case .secondary, .compact, .supplementary:
            if state.showsCompactColumn {
                try embed(child, in: split, column: .secondary, showsView: false)
            } else if state.isCollapsed {
                try collapseSecondary(of: split)
            } else {
                try embed(child, in: split, column: .secondary, showsView: true)
            }
        }
    }

    /// `show(_:)` / `hide(_:)`: in a regular width they show or hide the primary column; in a
    /// compact width they choose which of the two is on top.
    func showSplitColumn(_ split: String, _ column: SplitColumn, show: Bool) throws(ContainmentError) {
        // A collapsed split with a compact column shows that column only; the compact column
        // has nothing to show or hide beside the others.
        guard let state = nodes.controllers[existing: split].split, column != .compact, !state.showsCompactColumn else { return }
        if state.isCollapsed, hasColumnStyle(split) {
            try showCollapsedColumn(split, column, show: show)
            return
        }
        if state.isCollapsed {
            // A classic split shows the primary or the secondary.
            let wantsSecondary = (column == .secondary) == show
            guard wantsSecondary != state.secondaryOnTop, state.secondary != nil else { return }
            if wantsSecondary {
                try collapseSecondary(of: split, showing: true)
            } else {
                try popCollapsedColumns(split, above: .primary, then: .released)
            }
            return
        }
        if hasColumnStyle(split) {
            try showExpandedColumn(split, column, show: show)
            return
        }
        guard column == .primary, state.isPrimaryHidden == show, let primary = state.primary else { return }
        editController(split) { $0.split?.isPrimaryHidden = !show }
        if let primaryNode = nodes.controllers[primary], nodes.controllers[existing: split].isViewLoaded {
            if show {
                loadViewIfNeeded(primary)
                setFrame(primaryNode.viewID, splitFrame(split, .primary))
                try addSubview(primaryNode.viewID, to: nodes.controllers[existing: split].viewID, at: 0)
            } else if primaryNode.isViewLoaded {
                removeFromSuperview(primaryNode.viewID)
                turnAwayIfAppearing(primary)
            }
        }
        if let secondary = state.secondary, let secondaryNode = nodes.controllers[secondary], secondaryNode.isViewLoaded {
            setFrame(secondaryNode.viewID, splitFrame(split, .secondary))
        }
    }

    /// Loading the split's view shows the columns it currently displays.
    func showSplitColumns(_ split: String) throws(ContainmentError) {
        guard let state = nodes.controllers[split]?.split else { return }
        let splitView = nodes.controllers[existing: split].viewID
        var shown: [(String, SplitColumn)] = []
        if state.showsCompactColumn, let compact = state.compact, parentID(of: compact) == split {
            loadViewIfNeeded(compact)
            setFrame(nodes.controllers[existing: compact].viewID, splitFrame(split, .compact))
            try addSubview(nodes.controllers[existing: compact].viewID, to: splitView)
            return
        }
        // Collapsed, the primary shows unless the secondary replaced it in the split's own
        // view; a navigation controller primary shows the secondary on its stack (rule 31).
        let secondaryReplacesPrimary = state.secondaryOnTop && state.secondary.map { parentID(of: $0) == split } == true
        let supplementaryReplacesPrimary =
            state.collapsedStack.last == .supplementary && state.supplementary.map { parentID(of: $0) == split } == true
        if let primary = state.primary, parentID(of: primary) == split,
            state.isCollapsed ? !secondaryReplacesPrimary && !supplementaryReplacesPrimary : !state.isPrimaryHidden
        {
            shown.append((primary, .primary))
        }
        if let supplementary = state.supplementary, parentID(of: supplementary) == split,
            state.isCollapsed ? supplementaryReplacesPrimary : !state.isSupplementaryHidden
        {
            shown.append((supplementary, .supplementary))
        }
        if let secondary = state.secondary, parentID(of: secondary) == split, !state.isCollapsed || state.secondaryOnTop {
            shown.append((secondary, .secondary))
        }
        for (child, column) in shown {
            loadViewIfNeeded(child)
            setFrame(nodes.controllers[existing: child].viewID, splitFrame(split, column))
            try addSubview(nodes.controllers[existing: child].viewID, to: splitView)
        }
    }

    /// Collapses the secondary onto the primary: pushed onto a navigation controller primary
    /// (its view moves there, so it stays on screen), else kept as a child without a view,
    /// unless `showing` asks for it to be the one on top.
    func collapseSecondary(of split: String, showing: Bool = false) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split, let secondary = state.secondary else { return }
        // The supplementary is stacked first, under the secondary (column order), leaving
        // what the navigation controller primary shows on top until the secondary is pushed.
        let shownTop = state.primary.flatMap { nodes.controllers[existing: $0].stack?.last }
        if state.supplementary != nil, showing || isNavigation(state.primary) {
            try stackSupplementary(of: split, onTop: false)
        }
        if let primary = state.primary, isNavigation(primary) {
            try cancelBackSwipe(of: primary)
            if parentID(of: secondary) == split {
                willMove(secondary, toParent: nil)
                removeFromParentController(secondary)
                // Still the split's secondary column, only shown by the primary now.
                editController(split) { $0.split?.secondary = secondary }
            }
            guard parentID(of: secondary) != primary else { return }
            try pushColumn(secondary, onto: primary, from: shownTop)
            editController(split) { $0.split?.secondaryOnTop = true }
            return
        }
        if parentID(of: secondary) != split {
            try embed(secondary, in: split, column: .secondary, showsView: false)
        }
        let splitView = nodes.controllers[existing: split].viewID
        if showing, let primary = state.primary, let primaryNode = nodes.controllers[primary], nodes.controllers[existing: split].isViewLoaded {
            if primaryNode.isViewLoaded {
                removeFromSuperview(primaryNode.viewID)
                // Covered while it appears (a callback of its own appearance showed the secondary).
                turnAwayIfAppearing(primary)
            }
            // A supplementary shown on top of the collapsed stack is covered too.
            if let supplementary = state.supplementary {
                takeOutOfSplitView(split, supplementary)
            }
            loadViewIfNeeded(secondary)
            setFrame(nodes.controllers[existing: secondary].viewID, splitFrame(split, .secondary))
            try addSubview(nodes.controllers[existing: secondary].viewID, to: splitView)
            editController(split) { $0.split?.secondaryOnTop = true }
        } else if let node = nodes.controllers[secondary], node.isViewLoaded, superviewID(of: node.viewID) == splitView {
            removeFromSuperview(node.viewID)
            // The primary moved to the secondary column from its own `viewWillAppear` override.
            turnAwayIfAppearing(secondary)
            editController(split) { $0.split?.secondaryOnTop = false }
        }
    }
}
