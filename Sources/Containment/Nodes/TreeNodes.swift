/// The tree's nodes: its controllers and views, the window, and what finds them by id.
/// Changed through the tree's logged storage (`editController`, `insertView`, …), which
/// saves what a rollback needs.
struct TreeNodes {
    var controllers = NodeTable<ControllerNode>()
    var views = NodeTable<ViewNode>()
    /// Declared container view id → the controller whose root view holds it.
    var containerViewOwners: [String: String] = [:]
    var window: WindowState
    /// Controllers found by id lately (see `controllerHandle(named:)`).
    private var recentControllers = RecentHandles()

    /// Just the window and its view.
    init(window: WindowState) {
        self.window = window
        _ = views.insert(ViewNode(frame: Rect(size: window.size), inWindow: true), id: WindowState.viewID)
    }

    /// The controller stored under `id`, through the handles found lately.
    mutating func controllerHandle(named id: String) -> NodeHandle? {
        recentControllers.handle(id, in: controllers)
    }

    /// Deletes every controller and view but the window's, and the window's root.
    mutating func removeAll() {
        controllers.removeAll()
        views.removeAll()
        _ = views.insert(ViewNode(frame: Rect(size: window.size), inWindow: true), id: WindowState.viewID)
        containerViewOwners = [:]
        window.rootViewController = nil
    }
}
