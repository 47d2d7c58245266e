import Containment

/// `POST .../controllers/{parent}/children` — `displayContentController` (Apple's container guide).
struct AddChildBody: Decodable, Sendable, Equatable {
    var child: String
    var containerView: String?
    var frame: Rect?
    var animated: Bool?
}
