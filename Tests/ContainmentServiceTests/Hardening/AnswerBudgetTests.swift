import MicroHTTP
import MicroHTTPTestSupport
import Testing

@testable import ContainmentService

/// Answers count against the memory budget while they exist: a large one is reserved until it
/// has been sent, and one that does not fit is a 507 instead of memory the budget never saw.
@Suite struct AnswerBudgetTests {
    /// A tree whose first thousand events make an answer above `MemoryBudget.countedAnswerBytes`.
    private static func createEventfulTree(_ service: TestService) throws {
        let children = (0..<300).map { #"{"id": "child-\#($0)"}"# }.joined(separator: ",")
        try #require(try service.createTree("eventful", root: #"{"id": "root", "children": [\#(children)]}"#).status == 201)
    }

    @Test func aLargeAnswerIsReservedUntilItsBytesAreReleased() {
        let budget = MemoryBudget(limit: 1 << 20)
        var held: HTTPResponse? = budget.holding(HTTPResponse(status: 200, body: [UInt8](repeating: 1, count: 100_000)), refusable: true)
        #expect(budget.usedBytes == 100_000)
        let small = budget.holding(HTTPResponse(status: 200, body: [UInt8](repeating: 1, count: 1_000)), refusable: true)
        #expect(budget.usedBytes == 100_000, "answers under \(MemoryBudget.countedAnswerBytes) bytes are not counted")
        #expect(small.status == 200)
        let refused = budget.holding(HTTPResponse(status: 200, body: [UInt8](repeating: 1, count: 1 << 20)), refusable: true)
        #expect(refused.status == 507)
        // A change's answer: the change is made, so it is counted but never refused.
        var change: HTTPResponse? = budget.holding(HTTPResponse(status: 200, body: [UInt8](repeating: 1, count: 1 << 20)), refusable: false)
        #expect(change?.status == 200)
        #expect(budget.usedBytes == 100_000 + (1 << 20))
        change = nil
        #expect(held?.status == 200)
        held = nil
        #expect(budget.usedBytes == 0, "sent (its bytes released): nothing is held")
    }

    @Test func anAnswerThatDoesNotFitIs507() throws {
        let service = try TestService { $0.memoryBudget = 8 << 20 }
        try Self.createEventfulTree(service)
        // Other trees, then controllers, take the rest of the budget.
        let title = String(repeating: "t", count: 1_000)
        // 18 such children keep each creation's answer under `countedAnswerBytes` (20 made it 68,838
        // bytes, held until sent: one released late could let the read below fit).
        let children = (0..<18).map { #"{"id": "c\#($0)", "title": "\#(title)"}"# }.joined(separator: ",")
        var index = 0
        while true {
            let created = try service.request("POST", "/v1/trees", json: #"{"id": "fill-\#(index)", "root": {"id": "root", "children": [\#(children)]}}"#)
            guard created.status == 201 else { break }
            try #require(created.body.count < MemoryBudget.countedAnswerBytes)
            index += 1
        }
        while try service.request("POST", "/v1/trees/eventful/controllers", json: #"{"id": "fill-\#(index)", "title": "\#(title)"}"#).status == 201 {
            index += 1
        }
        let budget = service.service.core.budget
        try #require(budget.limit - budget.usedBytes < MemoryBudget.countedAnswerBytes)
        let held = budget.usedBytes

        let refused = try service.request("GET", "/v1/trees/eventful/events?limit=1000")
        #expect(refused.status == 507)
        #expect(refused.json["code"].string == "memory_budget_exceeded")
        // At most `held`: an earlier answer of 64 KiB or more (the eventful tree's creation) is
        // released when libmicrohttpd frees it, which under load can come after `held`.
        #expect(budget.usedBytes <= held, "the refused answer holds nothing")
        #expect(try service.request("GET", "/v1/trees/eventful/events?limit=10").status == 200, "small answers are still served")
        // A change's large answer is sent, not refused: the client would take a 507 for "not made".
        let deleted = try service.request("DELETE", "/v1/trees/eventful")
        #expect(deleted.status == 200, "\(deleted.status): \(deleted.text.prefix(300))")
        #expect(deleted.body.count >= MemoryBudget.countedAnswerBytes)
    }
}
