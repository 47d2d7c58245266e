/// A request head as libmicrohttpd hands it over: the method and each field's name and value
/// as bytes it owns (here: allocated once, outside the timed loop).
struct RawRequest {
    let label: String
    let method: UnsafeBufferPointer<UInt8>
    let fields: [(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)]

    init(_ label: String, _ method: String, _ fields: [(String, String)]) {
        self.label = label
        self.method = Self.bytes(method)
        self.fields = fields.map { (Self.bytes($0.0), Self.bytes($0.1)) }
    }

    private static func bytes(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = buffer.initialize(from: text.utf8)
        return UnsafeBufferPointer(buffer)
    }

    /// What the benchmarks send (wrk adds only `Host`), curl, and a browser opening the inspector.
    static var all: [RawRequest] {
        [
            RawRequest(
                "POST /calls (wrk)", "POST",
                [("Host", "127.0.0.1:8080"), ("Content-Type", "application/json"), ("Content-Length", "87")]),
            RawRequest(
                "GET tree (curl)", "GET",
                [("Host", "localhost:8080"), ("User-Agent", "curl/7.88.1"), ("Accept", "*/*"), ("Accept-Encoding", "gzip")]),
            RawRequest(
                "GET inspector (browser)", "GET",
                [
                    ("Host", "localhost:8080"), ("Connection", "keep-alive"),
                    ("sec-ch-ua", #""Chromium";v="120", "Not?A_Brand";v="8""#), ("sec-ch-ua-mobile", "?0"),
                    ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"),
                    ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
                    ("Sec-Fetch-Site", "none"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document"),
                    ("Accept-Encoding", "gzip, deflate, br"), ("Accept-Language", "en-US,en;q=0.9"),
                    ("If-None-Match", #""5f1e-2""#),
                ]),
        ]
    }
}
