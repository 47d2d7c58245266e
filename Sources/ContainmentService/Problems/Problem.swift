import Containment

/// An RFC 9457 problem: every refusal the service gives, so clients branch on `code` and
/// `status` instead of parsing prose.
struct Problem: Error, Codable, Sendable, Equatable {
    /// Always `about:blank`: `title` and `code` carry the meaning.
    var type: String
    /// UIKit's exception name where UIKit would throw, else the HTTP reason phrase.
    var title: String
    var status: Int
    /// Stable snake_case identifier for programs.
    var code: String
    var detail: String
    /// The request field at fault (`root.children[2].id`, `calls[3].args.child`).
    var field: String?
    /// Index of the failing call in a `/calls` batch.
    var callIndex: Int?
    /// Oldest sequence number still retained, when the asked-for events are gone.
    var oldestSeq: UInt64?
    /// Calls of a non-atomic batch that were applied and kept before the failing one.
    var applied: Int?
    /// Events the request caused before it was refused (a non-atomic `/calls` batch keeps them).
    var events: [Event]?
    /// With a shared store: the tree this instance must take over before the request can be
    /// answered; the pipeline takes it and runs the request again (never sent).
    var treeToLoad: String?
    /// Raised inside overrides: the overrides it ran in, outermost first (rule 40).
    var overrideStack: [OverrideFrame]?
    /// `state_not_durable`: whether the request's change was applied, or may have been.
    var changeOutcome: ChangeOutcome?
    /// `POST /v1/swift`: the construct refused, where it is, and what is supported instead.
    var construct: String?
    var line: Int?
    var column: Int?
    var supported: String?

    init(
        status: Int, code: String, detail: String, title: String? = nil, field: String? = nil,
        callIndex: Int? = nil, oldestSeq: UInt64? = nil
    ) {
        self.type = "about:blank"
        self.title = title ?? Problem.reasonPhrase(status)
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
        self.callIndex = callIndex
        self.oldestSeq = oldestSeq
    }
}

extension Problem {
    /// An event id whose event this tree's history no longer has: a crash under
    /// `--state-sync normal` lost it, and its seq may now name another event.
    static func historyLost(after point: ResumePoint, oldestSeq: UInt64) -> Problem {
        Problem(
            status: 410, code: "history_lost",
            detail:
                "Event \(point.generation.map(String.init) ?? "").\(point.seq) is not in this tree's history: it was lost, and its seq may name another event now. Read the tree again and the events from `oldestSeq`.",
            oldestSeq: oldestSeq)
    }

    static func badRequest(_ detail: String, field: String? = nil, code: String = "invalid_request") -> Problem {
        Problem(status: 400, code: code, detail: detail, field: field)
    }

    /// RFC 6750: no token is `invalid_request`, an unknown one `invalid_token`; the
    /// `WWW-Authenticate` header says which.
    static func unauthorized(tokenMissing: Bool) -> Problem {
        Problem(
            status: 401, code: tokenMissing ? "token_missing" : "token_invalid",
            detail: tokenMissing
                ? "This service needs `Authorization: Bearer TOKEN`."
                : "The bearer token is not one this service knows.")
    }

    static func notFound(_ detail: String, code: String = "not_found") -> Problem {
        Problem(status: 404, code: code, detail: detail)
    }

    static func routeNotFound(_ path: String) -> Problem {
        notFound("No route for \(path).", code: "route_not_found")
    }

    static func methodNotAllowed(_ method: String, path: String) -> Problem {
        Problem(status: 405, code: "method_not_allowed", detail: "\(method) is not allowed on \(path).")
    }

    static func conflict(_ detail: String, code: String) -> Problem {
        Problem(status: 409, code: code, detail: detail)
    }

    static func bodyTooLarge(limit: Int) -> Problem {
        Problem(status: 413, code: "body_too_large", detail: "The request body exceeds the limit of \(limit) bytes.")
    }

    static func unsupportedMediaType(_ contentType: String?, accepted: [BodyFormat]) -> Problem {
        let names = accepted.map(\.mediaType).joined(separator: " or ")
        return Problem(
            status: 415, code: "unsupported_media_type",
            detail: "Send the body as \(names) (got \(contentType ?? "no Content-Type"))."
        )
    }

    static func limitExceeded(_ detail: String, code: String) -> Problem {
        Problem(status: 507, code: code, detail: detail)
    }

    static func shuttingDown() -> Problem {
        Problem(status: 503, code: "shutting_down", detail: "The service is shutting down.")
    }

    static func internalError(_ detail: String) -> Problem {
        Problem(status: 500, code: "internal_error", detail: detail)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 507: "Insufficient Storage"
        default: "Error"
        }
    }
}
