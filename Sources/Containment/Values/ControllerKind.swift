/// The UIKit class a controller stands for.
public enum ControllerKind: String, Codable, Sendable, CaseIterable {
    case viewController
    case navigationController
    case tabBarController
    case splitViewController
    case pageViewController
    /// System controllers (docs/uikit-rules-presentation.md, rule 49): leaves whose own
    /// content the engine does not model, which matter for how `automatic` presents them.
    case alertController
    case activityViewController
    case imagePickerController
    case searchController

    /// The containers UIKit lays out itself (bars, columns, pages).
    var isBuiltInContainer: Bool {
        switch self {
        case .navigationController, .tabBarController, .splitViewController, .pageViewController: true
        case .viewController, .alertController, .activityViewController, .imagePickerController, .searchController: false
        }
    }
}
