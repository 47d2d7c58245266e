import Containment

/// `POST .../controllers/{parent}/transitions` — `cycleFromViewController` (Apple's container guide).
struct TransitionBody: Decodable, Sendable, Equatable {
    var from: String
    var to: String
    var duration: Double?
    var options: [String]?
}
