/// `viewWillTransition(to:with:)` forwarded down the controller hierarchy as UIKit's default
/// implementation does (docs/uikit-rules.md, rule 18; docs/uikit-rules-corrections.md): each
/// child hears of the change with the size `size(forChildContentContainer:withParentContainerSize:)`
/// returns for it, and is skipped only when that size equals its current size.
extension ContainmentTree {
    /// The root view sizes of the loaded controllers from `root` down, read before a size
    /// change: UIKit calls `viewWillTransition(to:with:)` before the views change size.
    func rootViewSizes(below root: String) -> [String: Size] {
        var sizes: [String: Size] = [:]
        var stack = [root]
        var budget = WalkBudget("root view sizes", nodes: nodes.controllers.count)
        while let controller = stack.popLast() {
            guard visit(&budget) else { break }
            guard let node = nodes.controllers[controller] else { continue }
            if node.isViewLoaded, let view = nodes.views[node.viewID] { sizes[controller] = view.frame.size }
            stack.append(contentsOf: childIDs(of: node))
            if let presented = node.presentedViewController { stack.append(presented) }
        }
        return sizes
    }

    /// Parents first, children in order. A child whose view is not loaded has no size yet
    /// to compare with, so it is told (its view is not loaded for it). Built-in containers
    /// tell only the children they show (a navigation stack's top, the selected tab, the
    /// shown columns and pages), as the engine did before this rule was corrected.
    func forwardViewWillTransition(from root: String, to size: Size, currentSizes: [String: Size]) {
        // Entries not `told` are walked silently, only to reach the presentations below them:
        // presentation controllers pass the change on whether or not their presenter heard of it.
        let presents = nodes.controllers.nodes.contains { $0.hasExtras && $0.presentedViewController != nil }
        var stack = [(root, size, true)]
        var budget = WalkBudget("viewWillTransition", nodes: nodes.controllers.count)
        while let (controller, newSize, told) = stack.popLast() {
            guard visit(&budget) else { break }
            guard let node = nodes.controllers[controller] else { continue }
            if told { emit(controller, "viewWillTransition", ["size": Self.json(newSize)]) }
            // Its presentation controller tells what it presents, after its children (rule 32).
            if let presented = node.presentedViewController {
                let presentedSize = presentedContentSize(of: presented, presenterSize: newSize)
                let changes = currentSizes[presented] != presentedSize
                if changes || presents { stack.append((presented, presentedSize, changes)) }
            }
            for child in childIDs(of: node).reversed() {
                let childSize = told ? sizeForChildContentContainer(child, of: controller, parentSize: newSize) : currentSizes[child] ?? newSize
                let isShown = node.kind == .viewController || isShownChild(child, of: node)
                let changes = told && isShown && currentSizes[child] != childSize
                if changes || presents { stack.append((child, childSize, changes)) }
            }
        }
    }

    private func isShownChild(_ child: String, of container: ControllerNode) -> Bool {
        superviewID(of: ControllerNode.viewID(of: child)) == container.viewID
    }

    /// `childContentSizes` as a spec or PATCH gives it: child ids, with sizes finite and not
    /// negative. The children need not exist yet (a declaration for a later child).
    static func validateChildContentSizes(_ sizes: [String: Size]?, field: String) throws(ContainmentError) {
        for (child, size) in sizes ?? [:] {
            guard TreeValidation.isValidNodeID(child) else {
                throw .invalidArgument(field: field, "childContentSizes keys are controller ids; \(child) is not one")
            }
            guard TreeValidation.isValid(size) else {
                throw .invalidArgument(field: field + "." + child, "a child content size must be finite and not negative")
            }
        }
    }

    /// `size(forChildContentContainer:withParentContainerSize:)`: what the controller declares
    /// for the child (`childContentSizes`), else a split view controller's column, else
    /// UIKit's default, the parent's size.
    func sizeForChildContentContainer(_ child: String, of parent: String, parentSize: Size) -> Size {
        guard let node = nodes.controllers[parent] else { return parentSize }
        if let declared = node.childContentSizes[child] { return declared }
        if let column = node.split?.column(of: child) {
            return splitFrame(parent, column).size
        }
        return parentSize
    }
}
