import Containment
import MicroHTTP

/// A `?wait=true` transition request, held as a suspended deferred response (no thread) until
/// its transition finishes; then it answers with every event of the transition.
struct TransitionWaiter: Sendable {
    let transition: String
    let response: HTTPDeferredResponse
    /// The events the transition request itself caused.
    let startEvents: [Event]
    let location: String
    let pretty: Bool
    /// The CORS headers of the request's origin (`CrossOriginPolicy`), sent with the answer.
    let crossOrigin: HTTPHeaders

    /// Answers with the start events, the completion events and the finished transition.
    func complete(_ snapshot: TransitionSnapshot, completion: [Event]) {
        var reply = HTTPResponse.json(
            MutationResponse(events: startEvents + completion, subject: TransitionSubject(transition: snapshot)),
            pretty: pretty)
        reply.headers.add(name: "Location", value: location)
        send(reply)
    }

    /// The transition will never finish (its tree was deleted).
    func fail(_ problem: Problem) {
        send(.problem(problem, pretty: pretty))
    }

    private func send(_ reply: HTTPResponse) {
        var reply = reply
        for field in crossOrigin { reply.headers.add(name: field.name, value: field.value) }
        response.complete(reply)
    }
}
