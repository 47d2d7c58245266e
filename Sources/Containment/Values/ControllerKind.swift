/// The UIKit class a controller stands for.
public enum ControllerKind: String, Codable, Sendable, CaseIterable {
    case viewController
    case navigationController
    case tabBarController
    case splitViewController
    case pageViewController
}
