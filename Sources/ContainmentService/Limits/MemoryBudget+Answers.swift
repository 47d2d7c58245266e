import MicroHTTP

extension MemoryBudget {
    /// Answers from this size on are counted against the budget; smaller ones are noise beside
    /// a tree, and are left alone so that the common request pays nothing for it.
    static let countedAnswerBytes = 64 * 1_024

    /// `response` with its body reserved from the budget until libmicrohttpd has sent it (or
    /// its connection closed), so that answers being sent count like trees. A read's answer
    /// that does not fit is a 507 in its place (nothing changed: ask for less at once). A
    /// change's answer is never refused once the change is made (the client would take it for
    /// not made): it is counted all the same, bounded by the events one call may record, and
    /// what it takes refuses the next growth.
    func holding(_ response: HTTPResponse, refusable: Bool) -> HTTPResponse {
        guard case .bytes(let body) = response.body, body.count >= Self.countedAnswerBytes else { return response }
        let count = body.count
        if refusable {
            do {
                try reserve(count)
            } catch {
                return .problem(.answerOverBudget(bytes: count, limit: limit, used: usedBytes))
            }
        } else {
            adjust(by: count)
        }
        var held = response
        held.body = .shared(HTTPSharedBytes(body) { [self] in adjust(by: -count) })
        return held
    }
}

extension Problem {
    static func answerOverBudget(bytes: Int, limit: Int, used: Int) -> Problem {
        .limitExceeded(
            "The answer of \(bytes) bytes does not fit the service's memory budget of \(limit) bytes (about \(used) are held). "
                + "Ask for less at once (a smaller `limit`).",
            code: "memory_budget_exceeded")
    }
}
