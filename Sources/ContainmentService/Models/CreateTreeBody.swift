import Containment

/// `POST /v1/trees`.
struct CreateTreeBody: Decodable, Sendable {
    var id: String?
    var root: ControllerSpec?
    var onScreen: Bool?
    var clock: TreeClock?
    var window: WindowBody?

    struct WindowBody: Decodable, Sendable {
        var size: Size?
        var horizontalSizeClass: SizeClass?
    }
}
