import Containment

/// `GET .../events`.
struct EventPage: Encodable, Sendable {
    var events: [Event]
    var lastSeq: UInt64
    var oldestSeq: UInt64
}
