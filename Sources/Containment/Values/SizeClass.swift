/// UIKit's horizontal size class; a change calls `traitCollectionDidChange`.
public enum SizeClass: String, Codable, Sendable, CaseIterable {
    case compact
    case regular
}
