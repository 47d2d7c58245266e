import Containment

/// `GET /v1/trees`.
struct TreeList: Encodable, Sendable {
    var trees: [TreeSummary]
    var nextCursor: String?

    struct TreeSummary: Encodable, Sendable {
        var id: String
        var clock: TreeClock
        var controllerCount: Int
        var lastSeq: UInt64
    }
}
