#if canImport(Glibc)
import Glibc
#endif

/// A route's path, like `/v1/trees/{tree}/controllers/{id}`; the template is also the
/// metrics label, so it must stay free of client-chosen values.
struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        /// The segment's exact bytes.
        case literal([UInt8])
        case parameter(String)
    }

    let description: String
    let segments: [Segment]

    init(_ template: String) {
        description = template
        segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            if part.hasPrefix("{") && part.hasSuffix("}") {
                .parameter(String(part.dropFirst().dropLast()))
            } else {
                .literal(Array(part.utf8))
            }
        }
    }

    /// Whether `pathSegments` (ranges of `path`'s bytes) are this template's path. Nothing is
    /// bound: most templates a path is tried against fail on a literal, and binding allocates.
    func matches(_ path: UnsafeBufferPointer<UInt8>, _ pathSegments: UnsafeBufferPointer<Range<Int>>) -> Bool {
        guard pathSegments.count == segments.count else { return false }
        for (segment, range) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal.count == range.count, Self.bytes(path, at: range, equal: literal) else { return false }
            case .parameter:
                guard !range.isEmpty else { return false }
            }
        }
        return true
    }

    /// The parameters a path this template `matches` binds.
    func parameters(_ path: UnsafeBufferPointer<UInt8>, _ pathSegments: UnsafeBufferPointer<Range<Int>>) -> PathParameters {
        var parameters = PathParameters()
        for case (.parameter(let name), let range) in zip(segments, pathSegments) {
            parameters.append(name: name, value: String(decoding: UnsafeBufferPointer(rebasing: path[range]), as: UTF8.self))
        }
        return parameters
    }

    /// `memcmp` of a path segment with a literal rather than the generic `elementsEqual`: every
    /// request is tried against several templates.
    private static func bytes(_ path: UnsafeBufferPointer<UInt8>, at range: Range<Int>, equal literal: [UInt8]) -> Bool {
        guard !range.isEmpty, let base = path.baseAddress else { return true }
        return literal.withUnsafeBufferPointer { memcmp(base + range.lowerBound, $0.baseAddress!, range.count) == 0 }
    }
}

/// A matched path's parameters, in template order. A template has one or two, so a list
/// is cheaper to build and to search than a dictionary.
struct PathParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var pairs: [(name: String, value: String)] = []

    init() {}

    init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    mutating func append(name: String, value: String) { pairs.append((name: name, value: value)) }

    static func == (left: PathParameters, right: PathParameters) -> Bool {
        left.pairs.elementsEqual(right.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
