extension ControllerAnswers {
    /// The answers a controller of `kind` can give: a tab bar controller's delegate answers
    /// `shouldSelect`, a split view controller's delegate the methods of its interface's style
    /// (docs/uikit-rules-adaptivity.md); ids must be controller ids. `path` prefixes the field.
    func validate(kind: ControllerKind, path: String) throws(ContainmentError) {
        // Most controllers answer nothing.
        if isEmpty { return }
        for (field, id) in [
            ("childForHomeIndicatorAutoHidden", childForHomeIndicatorAutoHidden),
            ("childForScreenEdgesDeferringSystemGestures", childForScreenEdgesDeferringSystemGestures),
            ("separateSecondary", separateSecondary),
        ] {
            if let id, !TreeValidation.isValidNodeID(id) {
                throw .invalidArgument(field: path + field, "\(field) must be a controller id")
            }
        }
        if let edges = preferredScreenEdgesDeferringSystemGestures, Set(edges).count != edges.count {
            throw .invalidArgument(field: path + "preferredScreenEdgesDeferringSystemGestures", "each edge appears at most once")
        }
        if let traits = registerForTraitChanges, traits.isEmpty || Set(traits).count != traits.count {
            throw .invalidArgument(field: path + "registerForTraitChanges", "registerForTraitChanges lists one or more traits, each once")
        }
        if shouldSelect != nil, kind != .tabBarController {
            throw .invalidArgument(field: path + "shouldSelect", "only a tab bar controller's delegate answers shouldSelect")
        }
        for (field, isSet) in [
            ("tabBarControllerDelegate", tabBarControllerDelegate != nil), ("shouldSelectTab", shouldSelectTab != nil),
            ("displayedViewControllers", displayedViewControllers != nil),
            ("tabBarControllerSidebarDelegate", tabBarControllerSidebarDelegate != nil),
        ] where isSet && kind != .tabBarController {
            throw .invalidArgument(field: path + field, "only a tab bar controller has \(field)")
        }
        // The answer is the delegate's: without one, nothing would ask it.
        for (field, isSet) in [("shouldSelectTab", shouldSelectTab != nil), ("displayedViewControllers", displayedViewControllers != nil)]
        where isSet && tabBarControllerDelegate != true {
            throw .invalidArgument(field: path + field, "\(field) is the answer of a delegate: set tabBarControllerDelegate to true")
        }
        for (identifier, ids) in displayedViewControllers ?? [:] where !ids.allSatisfy(TreeValidation.isValidNodeID) {
            throw .invalidArgument(field: path + "displayedViewControllers." + identifier, "displayedViewControllers lists controller ids for each tab")
        }
        if navigationControllerDelegate != nil, kind != .navigationController {
            throw .invalidArgument(
                field: path + "navigationControllerDelegate", "only a navigation controller has a navigationControllerDelegate")
        }
        let splitFields: [(String, Bool)] = [
            ("style", style != nil), ("collapseSecondary", collapseSecondary != nil), ("separateSecondary", separateSecondary != nil),
            ("topColumnForCollapsing", topColumnForCollapsing != nil), ("displayModeForExpanding", displayModeForExpanding != nil),
            ("preferredSplitBehavior", preferredSplitBehavior != nil),
        ]
        for (field, isSet) in splitFields where isSet && kind != .splitViewController {
            throw .invalidArgument(field: path + field, "only split view controllers have \(field)")
        }
        let columns = (style ?? .unspecified) != .unspecified
        for (field, isSet) in [("collapseSecondary", collapseSecondary != nil), ("separateSecondary", separateSecondary != nil)]
        where isSet && columns {
            throw .invalidArgument(
                field: path + field, "\(field) is the classic interface's delegate method; this split view controller's style is \(style!.rawValue)")
        }
        for (field, isSet) in [
            ("topColumnForCollapsing", topColumnForCollapsing != nil), ("displayModeForExpanding", displayModeForExpanding != nil),
            ("preferredSplitBehavior", preferredSplitBehavior != nil),
        ] where isSet && !columns {
            throw .invalidArgument(
                field: path + field, "\(field) is the column interface's; create the split view controller with style doubleColumn or tripleColumn")
        }
        try validateTripleColumnAnswers(path: path)
    }

    /// A `doubleColumn` split has no supplementary column and no two-sidebar display mode.
    private func validateTripleColumnAnswers(path: String) throws(ContainmentError) {
        guard style == .doubleColumn else { return }
        if topColumnForCollapsing == .supplementary {
            throw .invalidArgument(field: path + "topColumnForCollapsing", "only a tripleColumn split view controller has a supplementary column")
        }
        if let mode = displayModeForExpanding, mode != .automatic, mode.sidebars == 2 {
            throw .invalidArgument(field: path + "displayModeForExpanding", "\(mode.rawValue) is a tripleColumn split view controller's display mode only")
        }
    }
}
