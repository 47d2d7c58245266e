#if SwiftSource
import Containment

/// The device a source is run on: its window's size and horizontal size class.
public enum SwiftSourceIdiom: String, Codable, Sendable, CaseIterable {
    case phone, pad
}

public enum SwiftSourceOrientation: String, Codable, Sendable, CaseIterable {
    case portrait, landscape
}

/// Which statements caused an event: the innermost `line`/`column`, and the whole `trace`,
/// outermost first (the launch's statement, each method inlined and each override run).
public struct SwiftEventSource: Codable, Sendable, Equatable {
    /// `statement` (during the statement), `turnEnd` (deferred to the end of the run-loop
    /// turn the statement ends), `animationEnd` (an animation finishing), `completion` (a
    /// completion block), or `creation` (building a controller).
    public var cause: String
    public var line: Int
    public var column: Int
    public var trace: [SwiftSourceLocation]

    init(cause: String, trace: [SwiftSourceLocation]) {
        self.cause = cause
        let innermost = trace.last ?? SwiftSourceLocation(line: 1, column: 1)
        line = innermost.line
        column = innermost.column
        self.trace = trace
    }
}

/// An event as the engine reports it, with the statements that caused it.
public struct SwiftExplainedEvent: Encodable, Sendable, Equatable {
    public var event: Event
    public var source: SwiftEventSource

    private enum CodingKeys: String, CodingKey { case source }

    /// The event's own keys, and `source` beside them.
    public func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
    }
}

/// A controller the source created, and where.
public struct SwiftExplainedController: Codable, Sendable, Equatable {
    public var id: String
    /// The class the source names.
    public var className: String
    public var kind: ControllerKind
    public var line: Int
    public var column: Int
    /// The callbacks its class overrides with calls.
    public var overrides: [String]
}

/// UIKit's exception: the app would stop here.
public struct SwiftSourceException: Codable, Sendable, Equatable {
    /// UIKit's exception name (`UIViewControllerHierarchyInconsistency`), or nil for a call the
    /// engine refuses without one.
    public var name: String?
    public var code: String
    public var detail: String
    public var line: Int
    public var column: Int
    public var trace: [SwiftSourceLocation]
}

/// What running the source does: the tree at the end, every event with its cause, the
/// translation's warnings, and UIKit's exception if one stops the app.
public struct SwiftExplanation: Encodable, Sendable {
    public var idiom: SwiftSourceIdiom
    public var orientation: SwiftSourceOrientation
    public var controllers: [SwiftExplainedController]
    public var events: [SwiftExplainedEvent]
    public var warnings: [SwiftSourceWarning]
    public var exception: SwiftSourceException?
    public var tree: TreeSnapshot
}
#endif
