import Containment

/// `POST .../clock`.
struct ClockBody: Decodable, Sendable {
    var advance: Double
}
