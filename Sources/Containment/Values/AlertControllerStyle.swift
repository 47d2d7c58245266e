/// `UIAlertController.Style`, the `preferredStyle` an alert controller is created with.
public enum AlertControllerStyle: String, Codable, Sendable, CaseIterable {
    case alert
    case actionSheet
}
