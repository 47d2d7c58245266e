import CMicroHTTPDShim

/// One libmicrohttpd connection, valid from a request's first callback until the request ends.
///
/// `@unchecked Sendable`: libmicrohttpd allows `resume` from any thread; the other calls are
/// only made from the connection's own callbacks.
struct Connection: @unchecked Sendable {
    let handle: OpaquePointer

    /// Parks the connection: libmicrohttpd stops polling it until `resume`.
    func suspend() { CMicroHTTPDShim_suspend(handle) }

    func resume() { CMicroHTTPDShim_resume(handle) }

    /// Seconds the connection may stay idle; 0 for a stream, which may be quiet for long.
    func setTimeout(_ seconds: Int) { CMicroHTTPDShim_setTimeout(handle, UInt32(clamping: max(0, seconds))) }

    func requestHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders(capacity: 8)
        withUnsafeMutablePointer(to: &headers) { headers in
            CMicroHTTPDShim_forEachHeader(handle, headers) { context, name, nameLength, value, valueLength in
                let headers = context!.assumingMemoryBound(to: HTTPHeaders.self)
                headers.pointee.add(
                    name: CommonFieldText.string(Self.bytes(name, count: nameLength)),
                    value: CommonFieldText.string(Self.bytes(value, count: valueLength)))
            }
        }
        return headers
    }

    private static func bytes(_ text: UnsafePointer<CChar>?, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(text)?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Hands `response` to libmicrohttpd; false when it refuses (the connection then closes).
    func queue(_ response: HTTPResponse) -> Bool {
        let status = UInt32(clamping: response.status)
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { CMicroHTTPDShim_createBufferResponse($0.baseAddress, $0.count) }
        case .shared(let shared):
            created = Self.makeSharedResponse(shared)
        case .prepared(let prepared):
            if let kept = prepared.prepared(for: response) { return CMicroHTTPDShim_queueKeptResponse(handle, status, kept) != 0 }
            created = Self.makeSharedResponse(prepared.body)
        case .stream(let stream):
            setTimeout(0)
            created = stream.makeLibMicroHTTPDResponse()
        }
        guard let created else { return false }
        Self.add(response.headers, to: created)
        return CMicroHTTPDShim_queueResponse(handle, status, created) != 0
    }

    /// A libmicrohttpd response sending `shared` with `headers`, for `HTTPPreparedResponse`.
    static func makeResponse(headers: HTTPHeaders, shared: HTTPSharedBytes) -> OpaquePointer? {
        guard let created = makeSharedResponse(shared) else { return nil }
        add(headers, to: created)
        return created
    }

    /// libmicrohttpd refuses fields it cannot send safely (CR or LF in them); they are left out.
    /// `withCString` lends a native string's own bytes; passing the `String` itself made a C
    /// copy of each.
    private static func add(_ headers: HTTPHeaders, to response: OpaquePointer) {
        for field in headers {
            field.name.withCString { name in
                field.value.withCString { value in _ = CMicroHTTPDShim_addHeader(response, name, value) }
            }
        }
        if headers.lacksNoSniff { addNoSniff(to: response) }
    }

    /// `HTTPHeaders.noSniff` from static C strings: passing the `String`s made a C copy of each
    /// on every response.
    private static func addNoSniff(to response: OpaquePointer) {
        let name: StaticString = "X-Content-Type-Options"
        let value: StaticString = "nosniff"
        assert(name.description == HTTPHeaders.noSniff.name && value.description == HTTPHeaders.noSniff.value)
        name.withUTF8Buffer { name in
            value.withUTF8Buffer { value in
                _ = CMicroHTTPDShim_addHeader(
                    response, UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self),
                    UnsafeRawPointer(value.baseAddress!).assumingMemoryBound(to: CChar.self))
            }
        }
    }

    /// A response reading `shared` in place; libmicrohttpd holds a reference to it until the
    /// response is destroyed.
    private static func makeSharedResponse(_ shared: HTTPSharedBytes) -> OpaquePointer? {
        let owner = Unmanaged.passRetained(shared)
        let created = CMicroHTTPDShim_createSharedBufferResponse(shared.storage.baseAddress, shared.storage.count, owner.toOpaque()) { owner in
            Unmanaged<HTTPSharedBytes>.fromOpaque(owner!).release()
        }
        // libmicrohttpd only calls back for a response it created.
        if created == nil { owner.release() }
        return created
    }
}
