/// The presentation links as UIKit reports them (docs/uikit-rules-presentation.md, rule 19):
/// who presents for a receiver, and `presentedViewController`/`presentingViewController`,
/// which descendants inherit from their ancestors.
extension ContainmentTree {
    /// The controller that presents for `present` sent to `receiver` with `style`: the root
    /// ancestor (the window's root, or a controller that is itself presented, having no
    /// parent); for the context styles the first ancestor with `definesPresentationContext`,
    /// else the root.
    func presentingController(for receiver: String, style: ModalPresentationStyle) -> String {
        var current = receiver
        var budget = WalkBudget("presenting controller", nodes: nodes.controllers.count)
        while let (parent, definesContext) = readController(
            current,
            { ($0.parent, $0.presentationSettings.definesPresentationContext ?? PresentationSettings.definesPresentationContextByDefault($0.kind)) })
        {
            guard visit(&budget) else { break }
            if style.usesPresentationContext, definesContext { return current }
            guard let parent else { return current }
            current = nodes.controllers.id(parent)
        }
        return current
    }

    /// `presentedViewController` and `presentingViewController` of one controller, walking up:
    /// what it or its nearest ancestor presents, and who presents it or its nearest presented
    /// ancestor.
    func presentationLinks(of controller: String) -> PresentationLinks {
        var links = PresentationLinks()
        var current: String? = controller
        var budget = WalkBudget("presentation links", nodes: nodes.controllers.count)
        while let id = current, let node = nodes.controllers[id] {
            guard visit(&budget) else { break }
            links.presented = links.presented ?? node.presentedViewController
            links.presenting = links.presenting ?? node.presentation?.presenter
            current = node.parent.map { nodes.controllers.id($0) }
        }
        return links
    }

    /// The links of every controller, parents first so each inherits its parent's (one pass,
    /// whatever the depth); empty when nothing is presented, the usual case.
    func allPresentationLinks() -> [String: PresentationLinks] {
        guard nodes.controllers.nodes.contains(where: { $0.presentedViewController != nil }) else { return [:] }
        var result: [String: PresentationLinks] = [:]
        var stack = nodes.controllers.all.filter { $0.node.parent == nil }.map { ($0.handle, PresentationLinks()) }
        var budget = WalkBudget("all presentation links", nodes: nodes.controllers.count)
        while let (handle, inherited) = stack.popLast() {
            guard visit(&budget) else { break }
            let node = nodes.controllers[handle]
            let links = PresentationLinks(
                presented: node.presentedViewController ?? inherited.presented,
                presenting: node.presentation?.presenter ?? inherited.presenting)
            result[node.id] = links
            stack.append(contentsOf: node.children.map { ($0, links) })
        }
        return result
    }

    /// The presentation fields of a controller's snapshot.
    func addPresentation(of node: ControllerNode, links: PresentationLinks, to snapshot: inout ControllerSnapshot) {
        let settings = node.presentationSettings
        snapshot.presentationSettings = settings.resolved(for: node.kind)
        if node.presentation?.style.isSheet == true {
            snapshot.presentationSettings.sheetPresentationController = Self.presentedSheetSnapshot(settings.sheetPresentationController)
        }
        snapshot.presentedViewController = links.presented
        snapshot.presentingViewController = links.presenting
        snapshot.isBeingPresented = node.presentation?.isBeingPresented ?? false
        snapshot.isBeingDismissed = node.presentation?.isBeingDismissed ?? false
        snapshot.presentationStyle = node.presentation?.style
        if node.kind == .searchController { snapshot.isActive = Self.isSearchActive(node) }
    }
}
