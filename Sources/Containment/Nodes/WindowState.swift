/// The tree's one window.
struct WindowState: Equatable {
    static let viewID = "window"

    var size: Size
    var horizontalSizeClass: SizeClass
    var visible = false
    var rootViewController: String?
    /// The scene's activation state (`setActivationState`).
    var activationState: ActivationState = .foregroundActive
}
