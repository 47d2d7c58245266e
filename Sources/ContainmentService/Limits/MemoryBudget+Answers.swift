import MicroHTTP

extension MemoryBudget {
    /// Answers from this size on are counted against the budget; smaller ones are noise beside
    /// a tree, and are left alone so that the common request pays nothing for it.
    static let countedAnswerBytes = 64 * 1_024

    /// `response` with its body reserved from the budget until libmicrohttpd has sent it (or
    /// its connection closed), so that answers being sent count like trees; a 507 in its
    /// place when it does not fit. What the request changed stands either way.
    func holding(_ response: HTTPResponse) -> HTTPResponse {
        guard case .bytes(let body) = response.body, body.count >= Self.countedAnswerBytes else { return response }
        let count = body.count
        do {
            try reserve(count)
        } catch {
            return .problem(.answerOverBudget(bytes: count, limit: limit, used: usedBytes))
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
                + "Anything the request changed stands; ask for less at once (a smaller `limit`, fewer calls per request).",
            code: "memory_budget_exceeded")
    }
}
