/// The tree's one window.
struct WindowState: Equatable {
    static let viewID = "window"

    var size: Size
    var horizontalSizeClass: SizeClass
    var visible = false
    var rootViewController: String?
    /// The scene's activation state (`setActivationState`).
    var activationState: ActivationState = .foregroundActive
    /// Set once a trait override exists: from then on controllers keep the traits they were
    /// last told of, and the end of each turn tells those whose traits changed (rule 32).
    var tracksTraits = false
    /// Set once a navigation controller has a delegate: from then on appearance callbacks
    /// look for the top controllers whose showing it is told of (rule 13).
    var tellsNavigationDelegates = false
}
