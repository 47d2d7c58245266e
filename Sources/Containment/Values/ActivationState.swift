/// `UIScene.ActivationState` of the tree's scene, which `setActivationState` changes.
public enum ActivationState: String, Codable, Sendable, CaseIterable {
    case foregroundActive
    case foregroundInactive
    case background
}
