/// Where a controller is in UIKit's appearance cycle.
public enum AppearanceState: String, Codable, Sendable, CaseIterable {
    case disappeared
    case appearing
    case appeared
    case disappearing
}

extension AppearanceState {
    /// Whether a controller in this state goes, or has gone, the other way than `appearing`:
    /// an override may have turned it and also ended that turn before its caller goes on.
    func isTurned(awayFrom appearing: Bool) -> Bool {
        appearing ? (self == .disappearing || self == .disappeared) : (self == .appearing || self == .appeared)
    }
}
