import Containment

extension Problem {
    /// The HTTP face of an engine refusal: UIKit's exception name as `title` where UIKit
    /// would throw, so a client can match it against what UIKit logs. Every `detail` is one
    /// sentence (capitalised, ending with a period) like the service's own, except UIKit's
    /// exception reasons, kept word for word.
    init(_ error: ContainmentError) {
        let status =
            switch error.kind {
            case .exception, .alreadyExists: 409
            case .notFound: 404
            case .invalidArgument: 400
            case .limitExceeded: 507
            case .eventsGone: 410
            }
        self.init(
            status: status, code: error.code,
            detail: error.detail, title: error.exceptionName,
            field: error.field, callIndex: error.callIndex, oldestSeq: error.oldestSeq)
        overrideStack = error.overrideStack
    }
}
