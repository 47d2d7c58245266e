#if SwiftSource
import SwiftSyntax

/// What is checked before the parser sees a source: its size, its encoding and how deep its
/// brackets nest, so that a hostile source costs no more than its length.
enum SourceChecks {
    static func check(_ bytes: [UInt8]) throws(SwiftSourceRefusal) {
        guard bytes.count <= SwiftSourceLimits.maxSourceBytes else {
            throw SwiftSourceRefusal(
                code: "source_too_large", construct: "source", at: SwiftSourceLocation(line: 1, column: 1),
                detail: "The source is \(bytes.count) bytes; at most \(SwiftSourceLimits.maxSourceBytes) are translated.",
                supported: "Sources of at most \(SwiftSourceLimits.maxSourceBytes) bytes.")
        }
        if let offset = firstInvalidUTF8(bytes) {
            throw SwiftSourceRefusal(
                code: "invalid_utf8", construct: "source", at: location(of: offset, in: bytes),
                detail: "The source is not valid UTF-8 at byte \(offset).", supported: "UTF-8 text.")
        }
        if let offset = firstTooDeep(bytes) {
            throw SwiftSourceRefusal(
                code: "nesting_too_deep", construct: "nesting", at: location(of: offset, in: bytes),
                detail: "Brackets nest more than \(SwiftSourceLimits.maxNestingDepth) deep here.",
                supported: "At most \(SwiftSourceLimits.maxNestingDepth) levels of (), [] and {}.")
        }
    }

    static func location(of offset: Int, in bytes: [UInt8]) -> SwiftSourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SwiftSourceLocation(line: line, column: offset - lineStart + 1)
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for next in 1..<max(length, 1) where next < length {
                let byte = bytes[index + next]
                let range = next == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else { return index }
            }
            index += length
        }
        return nil
    }

    /// Where (), [] or {} first nest deeper than the limit, outside comments and string literals.
    static func firstTooDeep(_ bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")].contains(byte) {
                depth += 1
                if depth > SwiftSourceLimits.maxNestingDepth { return index }
            } else if [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(byte) {
                depth = max(0, depth - 1)
            }
            index += 1
        }
        return nil
    }
}

/// Finds the first place the parser could not make sense of.
final class SyntaxErrorFinder: SyntaxVisitor {
    private(set) var first: Syntax?

    init() { super.init(viewMode: .all) }

    override func visit(_ node: TokenSyntax) -> SyntaxVisitorContinueKind {
        if first == nil, node.presence == .missing || isUnknown(node) { first = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        if first == nil { first = Syntax(node) }
        return .skipChildren
    }

    private func isUnknown(_ token: TokenSyntax) -> Bool {
        if case .unknown = token.tokenKind { return true }
        return false
    }
}
#endif
