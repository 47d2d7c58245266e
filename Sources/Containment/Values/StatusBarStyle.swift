/// `UIStatusBarStyle`.
public enum StatusBarStyle: String, Codable, Sendable, CaseIterable {
    case `default`
    case lightContent
    case darkContent
}
