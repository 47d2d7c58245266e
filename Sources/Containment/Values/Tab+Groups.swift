/// `UITabGroup` paths (docs/uikit-rules.md, rule 14, "Tab groups"): the tabs from a root tab
/// down to a descendant, and the selection a group falls back to.
extension Tab {
    /// The tabs from a root tab down to the one with this identifier, nil when none has it.
    static func path(to identifier: String, in tabs: [Tab]) -> [Tab]? {
        for tab in tabs {
            if tab.identifier == identifier { return [tab] }
            if let children = tab.children, let below = path(to: identifier, in: children) { return [tab] + below }
        }
        return nil
    }

    /// `path` continued down each group's `effectiveChild` to a tab that is not a group with
    /// children: a selected group needs one of its children selected.
    static func selectionPath(_ path: [Tab]) -> [Tab] {
        var result = path
        while let next = result.last?.effectiveChild { result.append(next) }
        return result
    }

    /// `tabs` with each group along `path` (root first) selecting the next tab of the path.
    static func selecting(_ path: ArraySlice<Tab>, in tabs: [Tab]) -> [Tab] {
        guard let first = path.first, path.count > 1 else { return tabs }
        return tabs.map { tab in
            guard tab.identifier == first.identifier else { return tab }
            var selected = tab
            selected.selectedChild = path[path.startIndex + 1].identifier
            selected.children = selecting(path.dropFirst(), in: tab.children ?? [])
            return selected
        }
    }

    /// `tabs` as snapshots show them: each with its `parent` and `managingTabGroup`.
    static func annotated(_ tabs: [Tab], parent: String? = nil, managing: String? = nil) -> [Tab] {
        tabs.map { tab in
            var shown = tab
            shown.parent = parent
            shown.managingTabGroup = managing
            if let children = tab.children {
                let below = managing ?? (tab.managingNavigationController != nil ? tab.identifier : nil)
                shown.children = annotated(children, parent: tab.identifier, managing: below)
            }
            return shown
        }
    }
}
