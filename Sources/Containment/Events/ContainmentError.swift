/// Why a call was refused. Whatever the kind, the tree is exactly as it was before the call.
public struct ContainmentError: Error, Codable, Sendable, Equatable {
    /// The family of failure; the service maps it to an HTTP status.
    public enum Kind: String, Codable, Sendable {
        /// UIKit would raise (409).
        case exception
        /// Unknown controller, view, transition (404).
        case notFound
        /// An id already in use (409).
        case alreadyExists
        /// Malformed call or field (400).
        case invalidArgument
        /// Over a configured limit (507).
        case limitExceeded
        /// Asked for events already dropped from retention (410).
        case eventsGone
    }

    public var kind: Kind
    /// UIKit's exception name where UIKit throws.
    public var exceptionName: String?
    /// Stable snake_case code for machines.
    public var code: String
    /// UIKit's reason where UIKit throws, else a sentence for humans.
    public var message: String
    /// The offending field, for `invalidArgument` (e.g. `calls[3].args.child`).
    public var field: String?
    /// The index of the failing call in a raw-call batch.
    public var callIndex: Int?
    /// For `eventsGone`: the oldest seq still available.
    public var oldestSeq: UInt64?
    /// Raised inside overrides (rule 40): the overrides it ran in, outermost first.
    public var overrideStack: [OverrideFrame]?

    public init(
        kind: Kind, exceptionName: String? = nil, code: String, message: String, field: String? = nil,
        callIndex: Int? = nil, oldestSeq: UInt64? = nil
    ) {
        self.kind = kind
        self.exceptionName = exceptionName
        self.code = code
        self.message = message
        self.field = field
        self.callIndex = callIndex
        self.oldestSeq = oldestSeq
    }
}

extension ContainmentError {
    /// What a client is told: UIKit's exception reason word for word, else `message` as one
    /// sentence (capitalised, ending with a period) like the service's own details.
    public var detail: String {
        guard exceptionName == nil, let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.last.map { ".!?".contains($0) } == true ? capitalised : capitalised + "."
    }

    static let hierarchyInconsistencyName = "UIViewControllerHierarchyInconsistency"
    static let invalidArgumentName = "NSInvalidArgumentException"
    static let internalInconsistencyName = "NSInternalInconsistencyException"
    static let genericExceptionName = "NSGenericException"

    /// How UIKit prints a controller in exception reasons: `<id>`, or `<(null)>`.
    static func describe(_ id: String?) -> String { "<\(id ?? "(null)")>" }

    static func hierarchyInconsistency(_ message: String) -> ContainmentError {
        ContainmentError(kind: .exception, exceptionName: hierarchyInconsistencyName, code: "hierarchy_inconsistency", message: message)
    }

    static func invalidArgumentException(code: String, _ message: String) -> ContainmentError {
        ContainmentError(kind: .exception, exceptionName: invalidArgumentName, code: code, message: message)
    }

    static func internalInconsistency(code: String, _ message: String) -> ContainmentError {
        ContainmentError(kind: .exception, exceptionName: internalInconsistencyName, code: code, message: message)
    }

    static func invalidArgument(field: String?, _ message: String) -> ContainmentError {
        ContainmentError(kind: .invalidArgument, code: "invalid_argument", message: message, field: field)
    }

    static func notFound(code: String, _ message: String, field: String? = nil) -> ContainmentError {
        ContainmentError(kind: .notFound, code: code, message: message, field: field)
    }

    static func alreadyExists(_ message: String, field: String? = nil) -> ContainmentError {
        ContainmentError(kind: .alreadyExists, code: "already_exists", message: message, field: field)
    }

    /// The same error, reported for call `index` of a batch, its field prefixed accordingly.
    func atCall(_ index: Int) -> ContainmentError {
        var copy = self
        copy.callIndex = index
        if let field {
            copy.field = "calls[\(index)].\(field)"
        }
        return copy
    }
}
