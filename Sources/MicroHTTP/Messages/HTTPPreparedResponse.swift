import CMicroHTTPDShim

/// A fixed response (`/healthz`) built into libmicrohttpd once and queued again for every
/// request that gets it, instead of a response, a lock and three blocks per field allocated
/// and freed each time. libmicrohttpd counts the connections sending a response and only reads
/// it, so one serves every pool thread at once.
///
/// `@unchecked Sendable`: the libmicrohttpd response is complete when `init` returns and is
/// never changed.
public final class HTTPPreparedResponse: @unchecked Sendable {
    let status: Int
    /// Also the fields of each `HTTPResponse(prepared:)`, so that what reads a response sees
    /// them as usual.
    let headers: HTTPHeaders
    let body: HTTPSharedBytes
    /// Nil when libmicrohttpd could not allocate it: each response is then built as usual.
    private let response: OpaquePointer?

    public init(status: Int, headers: HTTPHeaders, body: HTTPSharedBytes) {
        self.status = status
        self.headers = headers
        self.body = body
        response = Connection.makeResponse(headers: headers, shared: body)
    }

    public convenience init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.init(status: status, headers: headers, body: HTTPSharedBytes(body))
    }

    deinit {
        if let response { CMicroHTTPDShim_releaseResponse(response) }
    }

    /// The libmicrohttpd response to queue for `response`, when that is still this one as
    /// prepared: the same status and the very same fields (a changed copy of `headers`, such
    /// as one given CORS fields, has storage of its own and is built afresh).
    func prepared(for response: HTTPResponse) -> OpaquePointer? {
        guard response.status == status, response.headers.isUnchangedCopy(of: headers) else { return nil }
        return self.response
    }
}
