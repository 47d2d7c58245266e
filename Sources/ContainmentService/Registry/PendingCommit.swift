/// The journal ticket a request's change left, read by the pipeline after the handler to
/// answer only once that change is durable. One request's thread writes and reads it.
final class PendingCommit: @unchecked Sendable {
    var ticket: UInt64?
}
