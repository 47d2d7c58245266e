extension Router {
    /// The inspector: a page of trees, hierarchies and event timelines over the public API.
    /// Open with access control on: the page holds no data, and asks the person for a token.
    mutating func addInspectorRoutes() {
        add("GET", "/", open: true) { (request) throws(Problem) in
            .response(InspectorPage.tagged.response(to: request.head.headers))
        }
    }
}
