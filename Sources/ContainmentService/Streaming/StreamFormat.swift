import Containment

/// How a live event stream frames what it sends. Both carry the same event JSON as the
/// mutation responses, so a client parses one schema whether it polls or listens.
enum StreamFormat: Sendable, Hashable {
    /// Server-Sent Events: `id:` the event id (`<generation>.<seq>`, the bare seq under
    /// generation 0), `event:` callback name (unless not `named`), `data:` the
    /// event JSON. Unnamed messages (`?unnamed=true`) all reach `EventSource.onmessage`, which
    /// named ones never do; their data tells events and control messages apart.
    case serverSentEvents(named: Bool)
    /// One JSON value per line.
    case ndjson

    /// The offers of `GET /v1/events`, preferred first: SSE is what a browser's EventSource reads.
    static let all: [StreamFormat] = [.serverSentEvents(named: true), .ndjson]

    init?(mediaType: String) {
        guard let format = Self.all.first(where: { $0.mediaType == mediaType }) else { return nil }
        self = format
    }

    /// The media type `Accept` names, and `Content-Type` states (with a charset for SSE).
    var mediaType: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .ndjson: "application/x-ndjson"
        }
    }

    var contentType: String {
        switch self {
        case .serverSentEvents: "text/event-stream; charset=utf-8"
        case .ndjson: "application/x-ndjson"
        }
    }

    /// Keeps a quiet connection busy so a client that left is noticed (its write fails): an
    /// SSE comment, which EventSource and SSE decoders skip by the format's own rule, or an
    /// NDJSON line `{"heartbeat":{}}`, a JSON value like every other line of the stream.
    var heartbeat: [UInt8] {
        switch self {
        case .serverSentEvents: Self.serverSentEventsHeartbeat
        case .ndjson: Self.ndjsonHeartbeat
        }
    }

    private static let serverSentEventsHeartbeat = Array(": heartbeat\n\n".utf8)
    private static let ndjsonHeartbeat = Array(#"{"heartbeat":{}}"#.utf8) + [0x0A]

    /// One message per event, SSE ones with the event id under `generation`. `generation` is
    /// nil on the all-trees stream, where a per-tree id would make a reconnecting EventSource
    /// send a meaningless `Last-Event-ID`.
    func frames(_ events: [Event], generation: UInt64?) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            let json = JSONCoding.encode(event, pretty: false)
            switch self {
            case .serverSentEvents(let named):
                if let generation { Self.appendID(generation: generation, seq: event.seq, to: &bytes) }
                if named { bytes += Array("event: \(event.callback ?? "warning")\n".utf8) }
                bytes += Array("data: ".utf8)
                bytes += json
                bytes += [0x0A, 0x0A]
            case .ndjson:
                bytes += json
                bytes.append(0x0A)
            }
        }
        return bytes
    }

    /// `id: <generation>.<seq>` (the bare seq under generation 0) and its line end, the
    /// digits written in place: no string is built per event.
    private static func appendID(generation: UInt64, seq: UInt64, to bytes: inout [UInt8]) {
        bytes += "id: ".utf8
        if generation != 0 {
            appendDecimal(generation, to: &bytes)
            bytes.append(UInt8(ascii: "."))
        }
        appendDecimal(seq, to: &bytes)
        bytes.append(0x0A)
    }

    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var remaining = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
    }

    /// A message about the stream itself rather than a tree event, `{"<name>": <body>}` in both
    /// formats (SSE also names it `event: <name>` unless unnamed), so one decoder reads the
    /// data of either. Names: `reset`, `treeDeleted`, `treeMoved`, `shutdown`.
    func control<Body: Encodable & JSONWritable>(_ name: String, _ body: Body) -> [UInt8] {
        let wrapped = Array("{\"\(name)\":".utf8) + JSONCoding.encode(body, pretty: false) + [UInt8(ascii: "}")]
        switch self {
        case .serverSentEvents(let named):
            return Array((named ? "event: \(name)\ndata: " : "data: ").utf8) + wrapped + [0x0A, 0x0A]
        case .ndjson:
            return wrapped + [0x0A]
        }
    }
}

/// The in-band signals of a stream, as their JSON bodies.
enum StreamSignal {
    /// The resume point is no longer retained (or unknown): replay restarts at `oldestSeq`.
    struct Reset: Encodable, Sendable {
        var tree: String
        var requestedAfter: UInt64
        var oldestSeq: UInt64
    }

    /// The tree is gone; a tree stream ends after this.
    struct TreeDeleted: Encodable, Sendable {
        var tree: String
        var lastSeq: UInt64
    }

    /// The tree moved to another instance (a shared store); a tree stream ends after this, and
    /// resumes where the tree is now with `Last-Event-ID` (through the proxy, the same URL).
    struct TreeMoved: Encodable, Sendable {
        var tree: String
        var reason = "The tree moved to another instance; reconnect with Last-Event-ID to resume there."
    }

    /// The service is stopping; every stream ends after this.
    struct Shutdown: Encodable, Sendable {
        var reason = "The service is shutting down."
    }
}
