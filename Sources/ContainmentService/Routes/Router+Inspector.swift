extension Router {
    /// The inspector: a page of trees, hierarchies and event timelines over the public API.
    mutating func addInspectorRoutes() {
        add("GET", "/") { (request) throws(Problem) in
            .response(InspectorPage.response(to: request.head.headers))
        }
    }
}
