#if SwiftSource
/// Why a source cannot be translated: the construct outside the supported subset (or over a
/// limit), where it is, and what is supported instead. Never a guess: nothing runs.
public struct SwiftSourceRefusal: Error, Codable, Sendable, Equatable {
    /// A stable, machine-readable reason (`unsupported_construct`, `source_too_large`, …).
    public var code: String
    /// The construct's name as the Swift grammar or UIKit calls it (`while statement`,
    /// `viewWillTransition(to:with:)`).
    public var construct: String
    public var line: Int
    public var column: Int
    /// What is wrong, in one sentence.
    public var detail: String
    /// What is supported instead.
    public var supported: String

    public init(code: String = "unsupported_construct", construct: String, at location: SwiftSourceLocation, detail: String, supported: String) {
        self.code = code
        self.construct = construct
        line = location.line
        column = location.column
        self.detail = detail
        self.supported = supported
    }

    public var location: SwiftSourceLocation { SwiftSourceLocation(line: line, column: column) }
}
#endif
