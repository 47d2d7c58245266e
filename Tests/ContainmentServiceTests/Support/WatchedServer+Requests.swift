import Containment
import Foundation
import MicroHTTPTestSupport

/// What a request to a watched server got, and how long it took.
struct TimedReply {
    var status: Int
    /// The body's first 64 KiB: enough for a problem or a tree, never a runaway answer.
    var head: [UInt8]
    var bodyBytes: Int
    var seconds: Double

    var text: String { String(decoding: head, as: UTF8.self) }

    var json: JSONValue { (try? JSONDecoder().decode(JSONValue.self, from: Data(head))) ?? .null }
}

/// Why a request to a watched server failed: no answer in time, a refused connection, a reset.
struct UnansweredRequest: Error, CustomStringConvertible {
    var description: String
}

extension WatchedServer {
    /// One request on a connection of its own, answered completely within `seconds` or thrown
    /// as unanswered. Bodies over 64 KiB are counted, not kept. The exchange is not logged for
    /// the contract stage: a hostile answer may be hundreds of megabytes.
    func request(_ method: String, _ target: String, json: String? = nil, within seconds: Double) throws -> TimedReply {
        guard let port = listeningPort else { throw UnansweredRequest(description: "\(method) \(target): the server is not listening") }
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        do {
            let connection = try TestHTTPConnection(port: port, timeout: seconds)
            defer { connection.close() }
            connection.logsExchanges = false
            let headers = json == nil ? [] : [("Content-Type", "application/json")]
            try connection.sendRequest(method, target, headers: headers, body: Array((json ?? "").utf8))
            let response = try connection.readResponseHead(forMethod: method)
            var head: [UInt8] = []
            var bodyBytes = 0
            while let piece = try connection.readBodyPiece() {
                bodyBytes += piece.count
                if head.count < 65_536 { head += piece.prefix(65_536 - head.count) }
                if Date() > deadline { break }
            }
            let elapsed = Date().timeIntervalSince(start)
            guard elapsed <= seconds else {
                throw UnansweredRequest(description: "\(method) \(target): not answered within \(seconds) s (\(bodyBytes) body bytes so far)")
            }
            return TimedReply(status: response.status, head: head, bodyBytes: bodyBytes, seconds: elapsed)
        } catch let error as TestHTTPClientError {
            let elapsed = String(format: "%.1f", Date().timeIntervalSince(start))
            throw UnansweredRequest(description: "\(method) \(target): \(error) (\(elapsed) s after it was sent)")
        }
    }
}
