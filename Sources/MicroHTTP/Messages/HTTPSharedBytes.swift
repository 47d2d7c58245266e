/// Immutable response bytes that libmicrohttpd sends in place, holding a reference until it
/// is done with them, instead of copying them into each response: for a large body served
/// again and again (a cached tree snapshot).
///
/// `@unchecked Sendable`: the bytes are written once, in `init`, and only read afterwards.
public final class HTTPSharedBytes: @unchecked Sendable {
    /// Owned here rather than borrowed from an `Array`, whose storage has no address that
    /// outlives a `withUnsafeBytes` call.
    let storage: UnsafeRawBufferPointer
    /// Called once the bytes are freed: after the last response sending them is done.
    private let released: (@Sendable () -> Void)?

    public convenience init(_ bytes: [UInt8]) {
        self.init(bytes, released: nil)
    }

    public init(_ bytes: [UInt8], released: (@Sendable () -> Void)?) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = UnsafeRawBufferPointer(storage)
        self.released = released
    }

    deinit {
        storage.deallocate()
        released?()
    }

    public var count: Int { storage.count }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(storage)
    }
}
