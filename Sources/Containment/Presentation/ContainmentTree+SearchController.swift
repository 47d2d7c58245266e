/// A search controller's own behaviour (docs/uikit-rules-presentation.md, rule 51): the
/// content controller whose `navigationItem` installs it presents it over its context when
/// the search becomes active, and its delegate hears of the automatic presentation and
/// dismissal; a `present` or `dismiss` by the app tells it nothing.
extension ContainmentTree {
    /// `isActive`: presented (by UIKit or by the app) and not being dismissed.
    static func isSearchActive(_ node: borrowing ControllerNode) -> Bool {
        node.presentation.map { !$0.isBeingDismissed } ?? false
    }

    /// The search raw calls, on a search controller: `setActive` (the `isActive` setter),
    /// and the user's taps in its search bar's field and on its Cancel button.
    func applySearchCall(_ search: String, _ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        let kind = nodes.controllers[existing: search].kind
        guard kind == .searchController else {
            throw .invalidArgument(field: prefix + "method", "\(method) is not a method of a \(kind.rawValue); only search controllers have it")
        }
        switch method {
        case "setActive": try setSearchActive(search, try args.bool("active"))
        case "tapSearchBar": try tapSearchBar(search)
        default: try tapSearchBarCancelButton(search)
        }
    }

    /// Setting `isActive` to the value it has does nothing; true presents the search
    /// controller, false dismisses it, each announced to its delegate.
    func setSearchActive(_ search: String, _ active: Bool) throws(ContainmentError) {
        guard active != readController(search, { Self.isSearchActive($0) }) else { return }
        if active {
            try activateSearch(search)
        } else if let presenter = nodes.controllers[existing: search].presentation?.presenter {
            dismiss(presenter, animated: true, cause: .search)
        }
    }

    /// The user taps in the search field of the installing controller's navigation bar: the
    /// search becomes active. Tapping the field of an active search changes nothing.
    func tapSearchBar(_ search: String) throws(ContainmentError) {
        if readController(search, { Self.isSearchActive($0) }) == true { return }
        let content = try searchContent(of: search)
        guard nodes.window.visible, nodes.controllers[existing: content].appearance == .appeared else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "the search bar of \(ContainmentError.describe(content)) is not on screen, so it cannot be tapped")
        }
        if let above = presentationLinks(of: content).presented {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "search_bar_covered",
                message: "\(ContainmentError.describe(above)) is presented over the search bar of \(ContainmentError.describe(content))")
        }
        try activateSearch(search)
    }

    /// The user taps Cancel, which the search bar shows while the search is active: the
    /// search becomes inactive.
    func tapSearchBarCancelButton(_ search: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: search]
        guard let presentation = node.presentation, Self.isSearchActive(node) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "search_not_active",
                message: "the search of \(ContainmentError.describe(search)) is not active, so its search bar shows no Cancel button")
        }
        guard nodes.window.visible else {
            throw ContainmentError(kind: .exception, exceptionName: nil, code: "not_on_screen", message: "the window is not visible, so nothing can be tapped")
        }
        guard presentation.phase == .presented else {
            throw .internalInconsistency(
                code: "presentation_in_progress", "A presentation or dismissal of \(ContainmentError.describe(search)) is in progress")
        }
        if let above = node.presentedViewController {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "search_bar_covered",
                message: "\(ContainmentError.describe(above)) is presented over the search bar of \(ContainmentError.describe(search))")
        }
        dismiss(presentation.presenter, animated: true, cause: .search)
    }

    /// A delegate implementing `presentSearchController(_:)` presents the search controller
    /// itself: it hears that call and nothing else. Otherwise UIKit presents it, animated,
    /// from the installing controller (over the context that controller is in, rule 49).
    private func activateSearch(_ search: String) throws(ContainmentError) {
        let content = try searchContent(of: search)
        if nodes.controllers[existing: search].presentationSettings.searchControllerDelegate?.presentSearchController == true {
            emit(search, "presentSearchController")
            return
        }
        try present(search, from: content, animated: true, activatingSearch: true)
    }

    /// The one controller whose `navigationItem.searchController` is `search`. Looked up
    /// only by the search calls, so installing a search controller costs the other calls nothing.
    private func searchContent(of search: String) throws(ContainmentError) -> String {
        var found: [String] = []
        for (_, id, node) in nodes.controllers.all where node.hasExtras && node.presentationSettings.navigationItem?.searchController == search {
            found.append(id)
        }
        guard found.count == 1 else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: found.isEmpty ? "search_controller_not_installed" : "search_controller_installed_twice",
                message: found.isEmpty
                    ? "no controller's navigationItem.searchController is \(ContainmentError.describe(search))"
                    : "\(found.map { ContainmentError.describe($0) }.joined(separator: " and ")) both install \(ContainmentError.describe(search)) in their navigationItem"
            )
        }
        return found[0]
    }
}
