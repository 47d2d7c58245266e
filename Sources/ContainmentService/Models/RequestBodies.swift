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

/// `POST .../controllers/{parent}/children` — the seeds' `displayContentController`.
struct AddChildBody: Decodable, Sendable {
    var child: String
    var containerView: String?
    var frame: Rect?
    var animated: Bool?
}

/// `POST .../controllers/{parent}/transitions` — the seeds' `cycleFromViewController`.
struct TransitionBody: Decodable, Sendable {
    var from: String
    var to: String
    var duration: Double?
    var options: [String]?
}

/// `POST .../calls`.
struct CallsBody: Decodable, Sendable {
    var calls: [RawCall]
    var atomic: Bool?
}

/// `POST .../clock`.
struct ClockBody: Decodable, Sendable {
    var advance: Double
}
