import Foundation

/// When `CONTAINMENT_EXCHANGE_LOG` names a file, each request and the whole response read for
/// it are appended to it as one JSON line, so `scripts/test-contract` can validate every
/// response the HTTP tests received against openapi.yaml. Bodies are base64 (gzip ones too).
enum ExchangeLog {
    static let path: String? = ProcessInfo.processInfo.environment["CONTAINMENT_EXCHANGE_LOG"]

    struct Request {
        var method: String
        var target: String
        var headers: [(String, String)]
        var body: [UInt8]
    }

    static func append(_ request: Request, _ response: TestHTTPResponse) {
        guard let path else { return }
        let record: [String: Any] = [
            "method": request.method,
            "target": request.target,
            "requestHeaders": request.headers.map { [$0.0, $0.1] },
            "requestBody": Data(request.body).base64EncodedString(),
            "status": response.status,
            "responseHeaders": response.headers.map { [$0.name, $0.value] },
            "responseBody": Data(response.body).base64EncodedString(),
        ]
        guard var line = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else { return }
        line.append(0x0A)
        // One `write` per line on an O_APPEND descriptor: lines from parallel tests never interleave.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
