/// UIKit's horizontal size class; a change calls `traitCollectionDidChange`.
public enum SizeClass: String, Codable, Sendable, CaseIterable {
    case compact
    case regular
}

/// Where a controller is in UIKit's appearance cycle.
public enum AppearanceState: String, Codable, Sendable, CaseIterable {
    case disappeared
    case appearing
    case appeared
    case disappearing
}

/// The UIKit class a controller stands for.
public enum ControllerKind: String, Codable, Sendable, CaseIterable {
    case viewController
    case navigationController
    case tabBarController
    case splitViewController
}

/// `UIStatusBarStyle`.
public enum StatusBarStyle: String, Codable, Sendable, CaseIterable {
    case `default`
    case lightContent
    case darkContent
}

/// A split view controller's columns (`UISplitViewController.Column`).
public enum SplitColumn: String, Codable, Sendable, CaseIterable {
    case primary
    case secondary
}
