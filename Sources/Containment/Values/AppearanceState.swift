/// Where a controller is in UIKit's appearance cycle.
public enum AppearanceState: String, Codable, Sendable, CaseIterable {
    case disappeared
    case appearing
    case appeared
    case disappearing
}
