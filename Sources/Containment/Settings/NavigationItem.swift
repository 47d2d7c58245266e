/// What a content controller's `navigationItem` holds as far as the engine models it
/// (docs/uikit-rules-presentation.md, rule 51): the search controller it installs in its
/// navigation bar, which it presents over its context when the search becomes active.
public struct NavigationItem: Codable, Sendable, Equatable {
    /// The id of a `searchController` controller; nil: none installed.
    public var searchController: String?

    public init(searchController: String? = nil) {
        self.searchController = searchController
    }
}

extension ContainmentTree {
    static func validate(_ item: NavigationItem?, field: String) throws(ContainmentError) {
        if let search = item?.searchController, !TreeValidation.isValidID(search) {
            throw .invalidArgument(field: field + ".searchController", "searchController must be a controller id")
        }
    }
}
