/// The iOS 14 `tripleColumn` style (docs/uikit-rules.md, rule 15, "The triple-column style"):
/// a supplementary column between the primary and the secondary, display modes that show
/// none, one or both sidebars, and the split behavior that places them against the secondary.
extension ContainmentTree {
    static let supplementaryColumnWidth = 320.0

    /// Whether the split view controller was created with `style` `tripleColumn`.
    func hasTripleColumns(_ split: String) -> Bool {
        nodes.controllers[existing: split].answers.style == .tripleColumn
    }

    /// `splitBehavior`: the preferred one; `automatic` tiles (the engine's one width class).
    func splitBehavior(_ split: String) -> SplitBehavior {
        let preferred = nodes.controllers[existing: split].answers.preferredSplitBehavior ?? .automatic
        return preferred == .automatic ? .tile : preferred
    }

    /// `displayMode`: the split behavior's mode for the sidebars shown while expanded.
    func splitDisplayMode(_ split: String) -> SplitDisplayMode? {
        guard hasColumnStyle(split), let state = nodes.controllers[existing: split].split else { return nil }
        return splitBehavior(split).displayMode(sidebars: shownSidebars(state, triple: hasTripleColumns(split)))
    }

    /// How many sidebars an expanded split shows: the supplementary before the primary.
    func shownSidebars(_ state: SplitState, triple: Bool) -> Int {
        guard triple else { return state.isPrimaryHidden ? 0 : 1 }
        return state.isSupplementaryHidden ? 0 : state.isPrimaryHidden ? 1 : 2
    }

    func tripleColumnFrame(_ column: SplitColumn, _ state: SplitState, bounds: Rect, behavior: SplitBehavior) -> Rect {
        let primaryWidth = state.isPrimaryHidden ? 0 : min(Self.primaryColumnWidth, bounds.width)
        let supplementaryWidth = state.isSupplementaryHidden ? 0 : min(Self.supplementaryColumnWidth, bounds.width - primaryWidth)
        let sidebars = primaryWidth + supplementaryWidth
        switch column {
        case .primary: return Rect(x: 0, y: 0, width: min(Self.primaryColumnWidth, bounds.width), height: bounds.height)
        case .supplementary:
            return Rect(x: primaryWidth, y: 0, width: min(Self.supplementaryColumnWidth, bounds.width - primaryWidth), height: bounds.height)
        case .compact: return bounds
        case .secondary:
            switch behavior {
            case .overlay: return bounds
            // Displaced, the secondary keeps the width it has beside the supplementary alone.
            case .displace: return Rect(x: sidebars, y: 0, width: bounds.width - supplementaryWidth, height: bounds.height)
            case .tile, .automatic: return Rect(x: sidebars, y: 0, width: bounds.width - sidebars, height: bounds.height)
            }
        }
    }

    /// `setViewController(_:for: .supplementary)`: a child shown in its column unless the split
    /// is collapsed or the column is hidden.
    func setSupplementaryColumn(_ split: String, _ child: String) throws(ContainmentError) {
        guard let before = nodes.controllers[existing: split].split, before.supplementary != child else { return }
        try unstackSupplementary(split)
        if let old = before.supplementary, parentID(of: old) == split {
            unembed(old)
        }
        if before.column(of: child) != nil {
            try leaveSplitColumn(split, child)
        }
        editController(split) { node in
            // Set while collapsed, it goes off the stack (rule 15, decision 11).
            node.split?.supplementary = child
            node.split?.supplementaryOnStack = false
        }
        let state = nodes.controllers[existing: split].split!
        try embed(child, in: split, column: .supplementary, showsView: !state.isCollapsed && !state.isSupplementaryHidden)
    }

    /// A controller set for another column of the split leaves the one it is in.
    private func leaveSplitColumn(_ split: String, _ child: String) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split else { return }
        if child == state.secondary, state.isCollapsed, state.secondaryOnTop, let primary = state.primary, isNavigation(primary),
            parentID(of: child) == primary
        {
            let stack = nodes.controllers[existing: primary].stack ?? []
            try setNavigationStack(primary, stack.filter { $0 != child }, animated: false, field: "args.viewController")
        } else if parentID(of: child) == split {
            unembed(child)
        }
        editController(split) { node in
            if node.split?.primary == child { node.split?.primary = nil }
            if node.split?.compact == child { node.split?.compact = nil }
            if node.split?.secondary == child {
                node.split?.secondary = nil
                node.split?.secondaryOnTop = false
            }
        }
    }

    /// `show(_:)`/`hide(_:)` of an expanded column-style split: "the closest display mode
    /// available for the current split behavior" where the column is fully visible, or hidden.
    func showExpandedColumn(_ split: String, _ column: SplitColumn, show: Bool) throws(ContainmentError) {
        guard let state = nodes.controllers[existing: split].split else { return }
        let triple = hasTripleColumns(split)
        let shown = shownSidebars(state, triple: triple)
        let most = triple ? 2 : 1
        var target = shown
        switch (column, show) {
        case (.primary, true): target = most
        case (.primary, false): target = min(shown, most - 1)
        case (.supplementary, true) where triple: target = max(shown, 1)
        case (.supplementary, false) where triple: target = 0
        case (.secondary, true):
            // Overlaid sidebars cover the secondary; two displace it partly off screen.
            let behavior = splitBehavior(split)
            if behavior == .overlay { target = 0 } else if behavior == .displace, shown == 2 { target = 1 }
        default: break
        }
        try showSidebars(split, target, triple: triple)
    }

    /// The expanded split shows `count` sidebars: those leaving disappear first (primary, then
    /// supplementary), then those arriving appear (primary, then supplementary); every column
    /// shown is laid out again.
    func showSidebars(_ split: String, _ count: Int, triple: Bool) throws(ContainmentError) {
        guard let before = nodes.controllers[existing: split].split, shownSidebars(before, triple: triple) != count else { return }
        editController(split) { node in
            node.split?.isPrimaryHidden = count < (triple ? 2 : 1)
            if triple { node.split?.isSupplementaryHidden = count == 0 }
        }
        guard nodes.controllers[existing: split].isViewLoaded, let state = nodes.controllers[existing: split].split else { return }
        let splitView = nodes.controllers[existing: split].viewID
        let sidebars = [(state.primary, SplitColumn.primary, state.isPrimaryHidden), (state.supplementary, .supplementary, state.isSupplementaryHidden)]
        for case (let child?, _, true) in sidebars {
            guard let node = nodes.controllers[child], node.isViewLoaded, superviewID(of: node.viewID) == splitView else { continue }
            removeFromSuperview(node.viewID)
            turnAwayIfAppearing(child)
        }
        var index = 0
        for case (let child?, let column, false) in sidebars where parentID(of: child) == split {
            loadViewIfNeeded(child)
            let viewID = nodes.controllers[existing: child].viewID
            setFrame(viewID, splitFrame(split, column))
            if superviewID(of: viewID) != splitView {
                try addSubview(viewID, to: splitView, at: index)
            }
            index += 1
        }
        if let secondary = state.secondary, let node = nodes.controllers[secondary], node.isViewLoaded {
            setFrame(node.viewID, splitFrame(split, .secondary))
        }
    }

    /// A new split behavior moves the columns shown; none appears or disappears.
    func layOutSplitColumns(_ split: String) {
        guard let node = nodes.controllers[split], node.isViewLoaded, let state = node.split else { return }
        for column in [SplitColumn.primary, .supplementary, .secondary] {
            guard let child = state.controller(for: column), let childNode = nodes.controllers[child], childNode.isViewLoaded,
                superviewID(of: childNode.viewID) == node.viewID
            else { continue }
            setFrame(childNode.viewID, splitFrame(split, column))
        }
    }
}
