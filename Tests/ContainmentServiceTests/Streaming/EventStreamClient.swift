import Containment
import Foundation
import MicroHTTPTestSupport

/// One SSE or NDJSON stream as a client reads it: a message at a time.
final class EventStreamClient {
    /// One SSE message, or one NDJSON line in the same shape (`event` is the callback name,
    /// `warning`, or the control key such as `reset`).
    struct Message {
        var id: String?
        var event: String
        var data: JSONValue
    }

    let connection: TestHTTPConnection
    let format: Format
    let status: Int
    let contentType: String?
    /// The response head, for header checks.
    let head: TestHTTPResponse

    enum Format {
        case sse
        case ndjson
        var accept: String { self == .sse ? "text/event-stream" : "application/x-ndjson" }
    }

    init(
        port: Int, _ target: String, format: Format = .sse, headers: [(String, String)] = [], timeout: Double = 10,
        receiveBuffer: Int32? = nil
    ) throws {
        connection = try TestHTTPConnection(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
        self.format = format
        try connection.sendRequest("GET", target, headers: [("Accept", format.accept)] + headers)
        head = try connection.readResponseHead()
        status = head.status
        contentType = head.header("Content-Type")
    }

    /// The next message, heartbeats skipped; nil once the stream ended.
    func next() throws -> Message? {
        switch format {
        case .sse: try nextServerSentEvent()
        case .ndjson: try nextJSONLine()
        }
    }

    /// Messages until (and including) the first for which `isLast` holds.
    func messages(through isLast: (Message) -> Bool) throws -> [Message] {
        var messages: [Message] = []
        while let message = try next() {
            messages.append(message)
            if isLast(message) { break }
        }
        return messages
    }

    /// The next raw body line (for heartbeat checks).
    func nextLine() throws -> String? { try connection.readBodyLine() }

    private func nextServerSentEvent() throws -> Message? {
        var id: String?
        var event: String?
        var data: String?
        while let line = try connection.readBodyLine() {
            if line.isEmpty {
                guard let data else { continue }  // a heartbeat comment's end
                return Self.message(Self.decode(data), id: id, sseEvent: event)
            }
            if line.hasPrefix(":") { continue }
            let (field, value) = Self.split(line)
            switch field {
            case "id": id = value
            case "event": event = value
            case "data": data = value
            default: continue
            }
        }
        return nil
    }

    private func nextJSONLine() throws -> Message? {
        while let line = try connection.readBodyLine() {
            let json = Self.decode(line)
            if json == Self.heartbeat { continue }
            return Self.message(json, id: json["seq"].int.map(String.init), sseEvent: nil)
        }
        return nil
    }

    /// The NDJSON heartbeat line, also the shape of every control message: `{"<name>": {...}}`.
    static let heartbeat: JSONValue = ["heartbeat": [:]]

    /// A message from its JSON, the same in both formats: an event (it has a `seq`), else a
    /// control message `{"<name>": <body>}`. An SSE `event:` name that disagrees with the
    /// data's own is kept as `mismatch:…`, so a test comparing names fails.
    private static func message(_ json: JSONValue, id: String?, sseEvent: String?) -> Message {
        let name: String
        let body: JSONValue
        if json["seq"].int != nil {
            name = json["callback"].string ?? "warning"
            body = json
        } else if case .object(let object) = json, object.count == 1, let (key, value) = object.first {
            name = key
            body = value
        } else {
            return Message(id: id, event: "?", data: json)
        }
        guard let sseEvent, sseEvent != name else { return Message(id: id, event: name, data: body) }
        return Message(id: id, event: "mismatch:\(sseEvent)", data: body)
    }

    private static func split(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (String(line[..<colon]), String(value))
    }

    private static func decode(_ text: String) -> JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .null
    }
}
