/// What a search controller's `delegate` implements (rule 51): with
/// `presentSearchController(_:)` the app presents the search controller itself.
public struct SearchControllerDelegate: Codable, Sendable, Equatable {
    /// Whether the delegate implements `presentSearchController(_:)`; nil: it does not.
    public var presentSearchController: Bool?

    public init(presentSearchController: Bool? = nil) {
        self.presentSearchController = presentSearchController
    }
}
