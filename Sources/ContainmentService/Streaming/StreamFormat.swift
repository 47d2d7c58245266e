import Containment

/// How a live event stream frames what it sends. Both carry the same event JSON as the
/// mutation responses, so a client parses one schema whether it polls or listens.
enum StreamFormat: Sendable {
    /// Server-Sent Events: `id:` seq, `event:` callback name, `data:` the event JSON.
    case serverSentEvents
    /// One JSON value per line.
    case ndjson

    /// The stream format an `Accept` header asks for; nil keeps the plain JSON page.
    init?(accept: String?) {
        guard let accept = accept?.lowercased() else { return nil }
        if accept.contains("text/event-stream") {
            self = .serverSentEvents
        } else if accept.contains("application/x-ndjson") {
            self = .ndjson
        } else {
            return nil
        }
    }

    var contentType: String {
        switch self {
        case .serverSentEvents: "text/event-stream; charset=utf-8"
        case .ndjson: "application/x-ndjson"
        }
    }

    /// Keeps a quiet connection busy so a client that left is noticed (its write fails):
    /// an SSE comment, or an empty line that NDJSON readers skip.
    var heartbeat: [UInt8] {
        switch self {
        case .serverSentEvents: Array(": heartbeat\n\n".utf8)
        case .ndjson: Array("\n".utf8)
        }
    }

    /// One message per event. `withID` is false on the all-trees stream, where a per-tree seq
    /// would make a reconnecting EventSource send a meaningless `Last-Event-ID`.
    func frames(_ events: [Event], withID: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            let json = JSONCoding.encode(event, pretty: false)
            switch self {
            case .serverSentEvents:
                if withID { bytes += Array("id: \(event.seq)\n".utf8) }
                bytes += Array("event: \(event.callback ?? "warning")\ndata: ".utf8)
                bytes += json
                bytes += [0x0A, 0x0A]
            case .ndjson:
                bytes += json
                bytes.append(0x0A)
            }
        }
        return bytes
    }

    /// A message about the stream itself rather than a tree event: SSE `event: <name>`, NDJSON
    /// `{"<name>": <body>}`. Names: `reset`, `treeDeleted`, `shutdown`.
    func control<Body: Encodable & JSONWritable>(_ name: String, _ body: Body) -> [UInt8] {
        let json = JSONCoding.encode(body, pretty: false)
        switch self {
        case .serverSentEvents:
            return Array("event: \(name)\ndata: ".utf8) + json + [0x0A, 0x0A]
        case .ndjson:
            return Array("{\"\(name)\":".utf8) + json + Array("}\n".utf8)
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

    /// The service is stopping; every stream ends after this.
    struct Shutdown: Encodable, Sendable {
        var reason = "The service is shutting down."
    }
}
