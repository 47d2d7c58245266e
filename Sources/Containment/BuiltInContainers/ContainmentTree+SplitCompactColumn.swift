/// The iOS 14 `.compact` column (docs/uikit-rules.md, rule 15, "The compact column"): a
/// column-style split view controller's child that it shows, instead of its other columns,
/// while it is collapsed. It is the split's child from `setViewController(_:for: .compact)` on,
/// without a view while the split is expanded.
extension ContainmentTree {
    /// Whether the split view controller has the iOS 14 columns (a `style` other than
    /// `unspecified`): the compact column is theirs only.
    func hasColumnStyle(_ split: String) -> Bool {
        (nodes.controllers[existing: split].answers.style ?? .unspecified) != .unspecified
    }

    /// `setViewController(_:for: .compact)`.
    func setCompactColumn(_ split: String, _ child: String) throws(ContainmentError) {
        guard var before = nodes.controllers[existing: split].split, before.compact != child, hasColumnStyle(split) else { return }
        if before.supplementary == child {
            try unstackSupplementary(split)
            before = nodes.controllers[existing: split].split ?? before
        }
        if let old = before.compact, parentID(of: old) == split {
            unembed(old)
        }
        // A controller in another column of this split moves to the compact one.
        if child == before.secondary, before.isCollapsed, before.secondaryOnTop, let primary = before.primary, isNavigation(primary),
            parentID(of: child) == primary
        {
            let stack = nodes.controllers[existing: primary].stack ?? []
            try setNavigationStack(primary, stack.filter { $0 != child }, animated: false, field: "args.viewController")
        } else if child == before.primary || child == before.secondary || child == before.supplementary, parentID(of: child) == split {
            unembed(child)
        }
        editController(split) { node in
            if node.split?.primary == child { node.split?.primary = nil }
            if node.split?.supplementary == child { node.split?.supplementary = nil }
            if node.split?.secondary == child {
                node.split?.secondary = nil
                node.split?.secondaryOnTop = false
            }
            node.split?.compact = child
        }
        let state = nodes.controllers[existing: split].split!
        if state.isCollapsed {
            hideExpandedColumns(split)
        }
        try embed(child, in: split, column: .compact, showsView: state.isCollapsed)
    }

    /// Collapsing with a compact column: the expanded columns' views leave the split's view,
    /// then the compact column's controller shows in it.
    func collapseIntoCompactColumn(_ split: String, _ compact: String) throws(ContainmentError) {
        editController(split) { $0.split?.isCollapsed = true }
        hideExpandedColumns(split)
        guard nodes.controllers[existing: split].isViewLoaded, parentID(of: compact) == split else { return }
        loadViewIfNeeded(compact)
        let viewID = nodes.controllers[existing: compact].viewID
        setFrame(viewID, splitFrame(split, .compact))
        try addSubview(viewID, to: nodes.controllers[existing: split].viewID)
    }

    /// Expanding from a compact column: its view leaves, then the primary and the
    /// supplementary (unless hidden) and the secondary show in their columns again.
    func expandFromCompactColumn(_ split: String, _ compact: String) throws(ContainmentError) {
        editController(split) { $0.split?.isCollapsed = false }
        let splitNode = nodes.controllers[existing: split]
        if let node = nodes.controllers[compact], node.isViewLoaded, superviewID(of: node.viewID) == splitNode.viewID {
            removeFromSuperview(node.viewID)
            turnAwayIfAppearing(compact)
        }
        guard let state = splitNode.split, splitNode.isViewLoaded else { return }
        if let primary = state.primary, [state.secondary, state.supplementary].contains(where: { $0.map { parentID(of: $0) == primary } == true }) {
            // Set as the compact column after columns had collapsed onto the primary.
            try popCollapsedColumns(split, above: .primary, then: .intoColumn)
        }
        let columns = [(state.primary, SplitColumn.primary, state.isPrimaryHidden), (state.supplementary, .supplementary, state.isSupplementaryHidden)]
        for (child, column, isHidden) in columns + [(state.secondary, .secondary, false)] {
            guard let child, parentID(of: child) == split, !isHidden else { continue }
            loadViewIfNeeded(child)
            let viewID = nodes.controllers[existing: child].viewID
            setFrame(viewID, splitFrame(split, column))
            if superviewID(of: viewID) != splitNode.viewID {
                try addSubview(
                    viewID, to: splitNode.viewID, at: column == .secondary ? nil : column == .primary ? 0 : subviewIndex(split, after: state.primary))
            }
        }
    }

    /// The primary's, the supplementary's and the secondary's views leave the split's view (in that order).
    private func hideExpandedColumns(_ split: String) {
        guard let state = nodes.controllers[existing: split].split else { return }
        let splitView = nodes.controllers[existing: split].viewID
        for child in [state.primary, state.supplementary, state.secondary].compactMap({ $0 }) {
            guard let node = nodes.controllers[child], node.isViewLoaded, superviewID(of: node.viewID) == splitView else { continue }
            removeFromSuperview(node.viewID)
            turnAwayIfAppearing(child)
        }
    }
}
