#if SwiftSource
/// A place in the pasted source: 1-based line and column (in UTF-8 bytes, as swift-syntax
/// and compilers count them).
public struct SwiftSourceLocation: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
#endif
