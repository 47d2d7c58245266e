import Containment

/// A tree step's events and, when the journal recorded them, their compact JSON as its digest
/// read it: an answer writes those bytes as they are rather than encoding the events again.
struct MutationEvents: Sendable {
    var list: [Event]
    var json: [UInt8]?
}
