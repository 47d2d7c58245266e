/// Links by id: nodes link each other by handle (docs/architecture.md, "How the engine
/// stores nodes"); code that names nodes by id (stacks, split columns, pages, presentations,
/// snapshots) reads the links through these.
extension ContainmentTree {
    /// The id of a controller's parent (nil: no such controller, or no parent).
    func parentID(of controller: String) -> String? {
        guard let parent = readController(controller, { $0.parent }) else { return nil }
        return nodes.controllers.id(parent)
    }

    /// A controller's children by id, in order.
    func childIDs(of node: borrowing ControllerNode) -> [String] {
        node.children.map { nodes.controllers.id($0) }
    }

    /// The id of a view's superview (nil: no such view, or no superview).
    func superviewID(of view: String) -> String? {
        readView(view, { $0.superview }).map { nodes.views.id($0) }
    }

    /// A view's links by id: its superview, its subviews in order and the controller whose
    /// root view it is.
    func linkIDs(of view: ViewNode) -> (superview: String?, subviews: [String], owner: String?) {
        (view.superview.map { nodes.views.id($0) }, view.subviews.map { nodes.views.id($0) }, view.owner.map { nodes.controllers.id($0) })
    }
}
