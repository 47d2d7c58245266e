/// Rule 7's exception, seen in real UIKit logs (docs/uikit-rules-corrections.md): a
/// controller whose view was put into another controller's view without `addChild` (an
/// "orphan") gets its `viewWillAppear` after the enclosing controller's, as the view walk
/// finds it, but its `viewDidAppear` before the enclosing controller's: UIKit delivers the
/// orphan's from its view's move to the window, while the enclosing controller forwards its
/// own "did" to its children only.
extension ContainmentTree {
    /// The turn's view-driven ends (parents first) with each appearing orphan, and the
    /// controllers whose views are below its view, moved just before its enclosing controller.
    func orphansBeforeTheirEnclosingController(_ ends: [NodeHandle]) -> [NodeHandle] {
        guard ends.count > 1 else { return ends }
        var result = ends
        var index = 1
        while index < result.count {
            let orphan = result[index]
            guard let enclosing = appearingOrphanEnclosingController(orphan),
                let target = result[..<index].firstIndex(of: enclosing)
            else {
                index += 1
                continue
            }
            var end = index + 1
            while end < result.count, isView(nodes.controllers[result[end]].viewID, below: nodes.controllers[orphan].viewID) {
                end += 1
            }
            let run = Array(result[index..<end])
            result.removeSubrange(index..<end)
            result.insert(contentsOf: run, at: target)
            index = end
        }
        return result
    }

    /// For a parentless controller appearing with its view inside another controller's
    /// view: that controller.
    private func appearingOrphanEnclosingController(_ controller: NodeHandle) -> NodeHandle? {
        let rootView = readController(controller) { node in
            node.parent == nil && node.appearance == .appearing && node.isViewLoaded ? node.viewID : nil
        }
        guard let rootView, let superview = readView(rootView, { $0.superview }) else { return nil }
        return nearestOwner(from: superview)
    }

    private func isView(_ viewID: String, below ancestorID: String) -> Bool {
        guard let ancestor = nodes.views.handle(ancestorID) else { return false }
        var current = readView(viewID) { $0.superview }
        var budget = WalkBudget("superview", nodes: nodes.views.count)
        while let view = current {
            guard visit(&budget) else { break }
            if view == ancestor { return true }
            current = readView(view) { $0.superview }
        }
        return false
    }
}
