/// The journal ticket a request's answer waits for: its own change's, or the latest record of
/// the tree it read (a read never shows a change that may still be lost). Read by the pipeline
/// after the handler; one request's thread writes and reads it.
final class PendingCommit: @unchecked Sendable {
    private(set) var ticket: UInt64 = 0
    /// Whether the request made a change of its own, not only saw one.
    private(set) var madeChange = false

    /// The answer shows the state up to `ticket`; `own`: this request's change made it.
    func observe(_ ticket: UInt64, own: Bool = false) {
        self.ticket = max(self.ticket, ticket)
        madeChange = madeChange || own
    }
}
