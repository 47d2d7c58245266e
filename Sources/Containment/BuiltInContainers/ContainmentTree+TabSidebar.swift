/// iOS 18's sidebar of `UITabBarController` (docs/uikit-rules.md, rule 14, "The sidebar"):
/// `mode`, `sidebar.isHidden` and `compactTabIdentifiers` change what the tab bar shows, never
/// which tab is selected nor any controller's appearance.
extension ContainmentTree {
    /// Apple gives no default; a published account says the tab bar shows until the user
    /// turns it into the sidebar (rule 14, "The sidebar", decision 1).
    static let sidebarIsHiddenByDefault = true

    /// The `mode` setter: whether the tabs may show as a sidebar; no callback.
    func setTabBarMode(_ tabBar: String, _ mode: TabBarMode) {
        editController(tabBar) { $0.tabBarMode = mode }
    }

    /// The `sidebar.isHidden` setter: with `tabBarControllerSidebarDelegate`, the delegate's
    /// `sidebarVisibilityWillChange` first, when the value changes while the sidebar can show.
    func setSidebarHidden(_ tabBar: String, _ hidden: Bool) {
        let node = nodes.controllers[existing: tabBar]
        guard (node.sidebarIsHidden ?? Self.sidebarIsHiddenByDefault) != hidden else { return }
        if node.answers.tabBarControllerSidebarDelegate == true, canShowSidebar(tabBar) {
            emit(tabBar, "sidebarVisibilityWillChange", ["isHidden": .bool(hidden)])
        }
        editController(tabBar) { $0.sidebarIsHidden = hidden }
    }

    /// `setTabBarHidden(_:animated:)`: kept and shown; the tab bar overlaps the content in
    /// UIKit, so hiding it changes no frame and calls nothing.
    func setTabBarHidden(_ tabBar: String, _ hidden: Bool) {
        editController(tabBar) { $0.isTabBarHidden = hidden }
    }

    /// The `compactTabIdentifiers` setter: the root tabs a compact width's tab bar shows (nil:
    /// all); identifiers, each once, that need not name a tab yet.
    func setCompactTabIdentifiers(_ tabBar: String, _ identifiers: [String]?, field: String) throws(ContainmentError) {
        try Self.validateCompactTabIdentifiers(identifiers, field: field)
        editController(tabBar) { $0.compactTabIdentifiers = identifiers }
        // The tabs counted toward More changed: as a change of width, More comes or goes and
        // its stack follows.
        let node = nodes.controllers[existing: tabBar]
        if node.more == nil, node.compactBarTabs.count > Self.moreTabIndex + 1 {
            editController(tabBar) { $0.more = MoreNavigationState() }
        }
        try adaptTabBarControllers([(tabBar, horizontalSizeClass(of: tabBar))])
    }

    /// A PATCH's `mode`, `sidebar`, `isTabBarHidden` and `compactTabIdentifiers`, in that order,
    /// before its tabs.
    func applySidebarFields(_ patch: ControllerPatch, to tabBar: String) throws(ContainmentError) {
        guard nodes.controllers[existing: tabBar].kind == .tabBarController else {
            let field =
                patch.mode != nil
                ? "mode" : patch.sidebar != nil ? "sidebar" : patch.compactTabIdentifiers != nil ? "compactTabIdentifiers" : "isTabBarHidden"
            throw .invalidArgument(field: field, "only tab bar controllers have \(field)")
        }
        if case .some(let identifiers) = patch.compactTabIdentifiers {
            try Self.validateCompactTabIdentifiers(identifiers, field: "compactTabIdentifiers")
        }
        if let mode = patch.mode { setTabBarMode(tabBar, mode) }
        if let sidebar = patch.sidebar { setSidebarHidden(tabBar, sidebar.isHidden) }
        if let hidden = patch.isTabBarHidden { setTabBarHidden(tabBar, hidden) }
        if case .some(let identifiers) = patch.compactTabIdentifiers {
            try setCompactTabIdentifiers(tabBar, identifiers, field: "compactTabIdentifiers")
        }
    }

    /// A spec's `mode`, `sidebar` and `compactTabIdentifiers`: a tab bar controller's only.
    func validateSidebarFields(_ spec: ControllerSpec, kind: ControllerKind, path: String) throws(ContainmentError) {
        for (field, isSet) in [
            ("mode", spec.mode != nil), ("sidebar", spec.sidebar != nil), ("isTabBarHidden", spec.isTabBarHidden != nil),
            ("compactTabIdentifiers", spec.compactTabIdentifiers != nil),
        ]
        where isSet && kind != .tabBarController {
            throw .invalidArgument(field: path + field, "only tab bar controllers have \(field)")
        }
        try Self.validateCompactTabIdentifiers(spec.compactTabIdentifiers, field: path + "compactTabIdentifiers")
    }

    /// The service's bound on `compactTabIdentifiers`, which need not name tabs; UIKit documents none.
    static let maximumCompactTabIdentifiers = 1_024

    /// Identifiers as tabs have them (`[A-Za-z0-9._-]{1,64}`), each once, at most `maximumCompactTabIdentifiers`.
    static func validateCompactTabIdentifiers(_ identifiers: [String]?, field: String) throws(ContainmentError) {
        if let identifiers, identifiers.count > maximumCompactTabIdentifiers {
            throw .invalidArgument(field: field, "compactTabIdentifiers lists at most \(maximumCompactTabIdentifiers) identifiers")
        }
        var seen: Set<String> = []
        for (index, identifier) in (identifiers ?? []).enumerated() {
            guard TreeValidation.isValidNodeID(identifier) else {
                throw .invalidArgument(field: field + "[\(index)]", "a tab's identifier must match [A-Za-z0-9._-]{1,64}")
            }
            guard seen.insert(identifier).inserted else {
                throw .invalidArgument(field: field + "[\(index)]", "identifier \(identifier) is listed twice")
            }
        }
    }

    /// Whether the sidebar can show now: a tab bar given tabs, on screen, in a regular width,
    /// whose mode resolves to `tabSidebar` (`automatic`: when a root tab is a group).
    func canShowSidebar(_ tabBar: String) -> Bool {
        let node = nodes.controllers[existing: tabBar]
        guard let tabs = node.tabs, node.isViewLoaded, isOnScreen(node.viewID), horizontalSizeClass(of: tabBar) == .regular else { return false }
        switch node.tabBarMode ?? .automatic {
        case .tabBar: return false
        case .tabSidebar: return true
        case .automatic: return tabs.contains { $0.children != nil }
        }
    }

    /// A tap on a root tab `compactTabIdentifiers` leaves out of a compact width's tab bar, which
    /// does not show it: the engine's own 409, as for a hidden tab.
    func refuseTapOutsideCompactTabs(_ tabBar: String, rootTab: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: tabBar]
        guard let compact = node.compactTabIdentifiers, !compact.contains(rootTab), horizontalSizeClass(of: tabBar) == .compact else { return }
        throw ContainmentError(
            kind: .exception, exceptionName: nil, code: "tab_not_in_compact_tab_bar",
            message: "tab \(rootTab) is not in compactTabIdentifiers: a compact width's tab bar does not show it")
    }
}
