/// A split view controller collapsing and expanding with its traits (rule 15), asking its
/// delegate what the app answers (docs/uikit-rules-adaptivity.md, rule 31). The classic
/// interface asks `splitViewController(_:collapseSecondary:onto:)` (true discards the secondary)
/// and `splitViewController(_:separateSecondaryFrom:)`; the column interface (`style`
/// `doubleColumn`) asks `topColumnForCollapsingToProposedTopColumn` and
/// `displayModeForExpandingToProposedDisplayMode`, then reports `splitViewControllerDidCollapse`
/// / `splitViewControllerDidExpand`. A delegate implements the methods whose answers the
/// controller declares; events are on the split view controller.
extension ContainmentTree {
    /// Each split view controller among the controllers whose traits changed collapses
    /// (compact) or separates (regular).
    func adaptSplitViewControllers(_ candidates: [(id: String, sizeClass: SizeClass)]) throws(ContainmentError) {
        for (split, sizeClass) in candidates {
            let compact = sizeClass == .compact
            guard let state = nodes.controllers[split]?.split, state.isCollapsed != compact else { continue }
            if compact {
                try collapse(split, state)
            } else {
                try expand(split, state)
            }
        }
    }

    private func collapse(_ split: String, _ state: SplitState) throws(ContainmentError) {
        let answers = nodes.controllers[existing: split].answers
        let columns = hasColumnStyle(split)
        var discardsSecondary = false
        // A compact column is the one a collapsed column-style split shows (rule 15).
        let proposed = state.compact == nil ? SplitColumn.secondary : .compact
        var topColumn = proposed
        if columns, let answer = answers.topColumnForCollapsing {
            emit(
                split, "topColumnForCollapsingToProposedTopColumn",
                ["proposedTopColumn": .string(proposed.rawValue), "result": .string(answer.rawValue)])
            topColumn = answer
        }
        if columns, let compact = state.compact {
            try collapseIntoCompactColumn(split, compact)
            if answers.hasSplitDelegate {
                emit(split, "splitViewControllerDidCollapse")
            }
            return
        } else if !columns, let answer = answers.collapseSecondary, let secondary = state.secondary, let primary = state.primary {
            emit(
                split, "collapseSecondary",
                ["secondaryViewController": .string(secondary), "primaryViewController": .string(primary), "result": .bool(answer)])
            discardsSecondary = answer
        }
        editController(split) { $0.split?.isCollapsed = true }
        let top = collapsedTopColumn(state, answer: columns ? topColumn : .secondary)
        if let supplementary = state.supplementary, top != .supplementary {
            // Off screen first: under the secondary on the collapsed stack, or off it.
            takeOutOfSplitView(split, supplementary)
        }
        if let primary = state.primary, let node = nodes.controllers[primary], node.isViewLoaded {
            setFrame(node.viewID, splitFrame(split, .primary))
            if state.isPrimaryHidden, nodes.controllers[existing: split].isViewLoaded {
                try addSubview(node.viewID, to: nodes.controllers[existing: split].viewID, at: 0)
            }
        }
        if let secondary = state.secondary {
            if discardsSecondary {
                // The delegate handled it "by doing nothing": the secondary leaves the interface.
                unembed(secondary)
                editController(split) { node in
                    node.split?.secondary = nil
                    node.split?.secondaryOnTop = false
                }
            } else if top != .secondary {
                keepSecondaryBehindPrimary(split, secondary)
            } else {
                try collapseSecondary(of: split, showing: columns)
            }
        }
        if top == .supplementary {
            try stackSupplementary(of: split, onTop: true)
        }
        if columns, answers.hasSplitDelegate {
            emit(split, "splitViewControllerDidCollapse")
        }
    }

    /// The top of the collapsed stack for the delegate's `answer`: a column without a
    /// controller gives way to the one below it; `compact` (no compact column) is the secondary.
    private func collapsedTopColumn(_ state: SplitState, answer: SplitColumn) -> SplitColumn {
        let wanted = answer == .compact ? SplitColumn.secondary : answer
        if wanted == .secondary, state.secondary != nil { return .secondary }
        return wanted != .primary && state.supplementary != nil ? .supplementary : .primary
    }

    /// The column interface collapsed below its secondary: the secondary stays the split's
    /// child without a view until `show(.secondary)` puts it on top.
    private func keepSecondaryBehindPrimary(_ split: String, _ secondary: String) {
        if let node = nodes.controllers[secondary], node.isViewLoaded, superviewID(of: node.viewID) == nodes.controllers[existing: split].viewID {
            removeFromSuperview(node.viewID)
        }
        editController(split) { $0.split?.secondaryOnTop = false }
    }

    private func expand(_ split: String, _ state: SplitState) throws(ContainmentError) {
        let answers = nodes.controllers[existing: split].answers
        let columns = hasColumnStyle(split)
        var separated: String?
        if columns, let answer = answers.displayModeForExpanding {
            emit(
                split, "displayModeForExpandingToProposedDisplayMode",
                ["proposedDisplayMode": .string(SplitDisplayMode.automatic.rawValue), "result": .string(answer.rawValue)])
            let triple = hasTripleColumns(split)
            editController(split) { node in
                node.split?.isPrimaryHidden = answer.sidebars < (triple ? 2 : 1)
                if triple { node.split?.isSupplementaryHidden = answer.sidebars == 0 }
            }
        } else if !columns, let answer = answers.separateSecondary, let primary = state.primary {
            emit(split, "separateSecondaryFrom", ["primaryViewController": .string(primary), "result": .string(answer)])
            if answer != state.secondary, nodes.controllers[answer] != nil, answer != split, answer != primary {
                separated = answer
            }
        }
        if columns, let compact = state.compact {
            try expandFromCompactColumn(split, compact)
            if answers.hasSplitDelegate {
                emit(split, "splitViewControllerDidExpand")
            }
            return
        }
        editController(split) { $0.split?.isCollapsed = false }
        // A hidden primary leaves first, so what it shows once separated does not appear.
        let isPrimaryHidden = nodes.controllers[existing: split].split?.isPrimaryHidden ?? false
        if isPrimaryHidden, let primary = state.primary, let node = nodes.controllers[primary], node.isViewLoaded {
            removeFromSuperview(node.viewID)
        }
        if let supplementary = state.supplementary {
            try showSupplementary(split, supplementary)
        }
        if let separated {
            try separate(separated, in: split, replacing: state.secondary)
        } else if state.secondary != nil || state.supplementaryOnStack {
            try popCollapsedColumns(split, above: .primary, then: .intoColumn)
        } else if !columns, let primary = state.primary, isNavigation(primary), let stack = nodes.controllers[existing: primary].stack,
            stack.count > 1, let top = stack.last
        {
            // UINavigationController's `separateSecondaryViewController(for:)`: its top is popped
            // and becomes the secondary.
            editController(split) { $0.split?.secondary = top }
            try popCollapsedColumns(split, above: .primary, then: .intoColumn)
        }
        if let primary = nodes.controllers[existing: split].split?.primary, let node = nodes.controllers[primary], node.isViewLoaded {
            setFrame(node.viewID, splitFrame(split, .primary))
        }
        if columns, answers.hasSplitDelegate {
            emit(split, "splitViewControllerDidExpand")
        }
    }

    /// Expanding: the supplementary shows in its column again (one shown instead of another
    /// primary stays on screen), unless hidden.
    private func showSupplementary(_ split: String, _ supplementary: String) throws(ContainmentError) {
        let splitNode = nodes.controllers[existing: split]
        guard splitNode.isViewLoaded, parentID(of: supplementary) == split else { return }
        guard splitNode.split?.isSupplementaryHidden == false else {
            takeOutOfSplitView(split, supplementary)
            return
        }
        loadViewIfNeeded(supplementary)
        let viewID = nodes.controllers[existing: supplementary].viewID
        setFrame(viewID, splitFrame(split, .supplementary))
        if superviewID(of: viewID) != splitNode.viewID {
            try addSubview(viewID, to: splitNode.viewID, at: subviewIndex(split, after: splitNode.split?.primary))
        }
    }

    /// The delegate's controller becomes the secondary; the collapsed one is the split's no
    /// longer (left on the primary's stack, as UIKit leaves it to the delegate).
    private func separate(_ separated: String, in split: String, replacing collapsed: String?) throws(ContainmentError) {
        if let collapsed, parentID(of: collapsed) == split {
            unembed(collapsed)
        }
        editController(split) { node in
            node.split?.secondary = separated
            node.split?.secondaryOnTop = false
        }
        if let primary = nodes.controllers[existing: split].split?.primary, parentID(of: separated) == primary, isNavigation(primary) {
            try popCollapsedColumns(split, above: .primary, then: .intoColumn)
        } else {
            try embed(separated, in: split, column: .secondary, showsView: true)
        }
    }

    /// A collapse or separation reshapes the navigation controller primary's stack: a back
    /// swipe in flight on it is cancelled first, as the system cancels a gesture when the size
    /// class changes under it (docs/uikit-rules-adaptivity.md, rule 31).
    func cancelBackSwipe(of navigation: String) throws(ContainmentError) {
        guard nodes.controllers[existing: navigation].interactivePop != nil else { return }
        try endInteractivePop(navigation, finish: false)
    }
}
