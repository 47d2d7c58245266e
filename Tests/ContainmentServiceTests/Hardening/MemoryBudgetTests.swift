import Testing

@testable import ContainmentService

/// The memory budget: trees are refused with 507 before the estimate passes it, and deleting
/// gives the room back.
@Suite struct MemoryBudgetTests {
    private let title = String(repeating: "t", count: 1_000)

    @Test func createsBeyondTheBudgetAre507AndDeletesFreeIt() throws {
        let service = try TestService(.router) { $0.memoryBudget = 64 * 1_024 }
        let budget = service.service.core.budget
        var created = 0
        var refusal: Reply?
        for index in 0..<200 {
            let reply = try service.request(
                "POST", "/v1/trees", json: #"{"id": "t\#(index)", "root": {"id": "root", "title": "\#(title)"}}"#)
            guard reply.status == 201 else {
                refusal = reply
                break
            }
            created += 1
        }
        let refused = try #require(refusal)
        #expect(refused.status == 507)
        #expect(refused.json["code"].string == "memory_budget_exceeded")
        #expect(created >= 2)
        #expect(budget.usedBytes <= budget.limit, "creates never pass the budget")
        #expect(try service.request("GET", "/v1/trees/t\(created)").status == 404, "the refused tree was not kept")

        try #require(try service.request("DELETE", "/v1/trees/t0").status == 200)
        #expect(try service.createTree("again", root: #"{"id": "root", "title": "\#(title)"}"#).status == 201)
        for index in 1..<created { try service.request("DELETE", "/v1/trees/t\(index)") }
        try service.request("DELETE", "/v1/trees/again")
        #expect(budget.usedBytes == 0, "every tree deleted: nothing is held")
    }

    @Test func mutationsAre507OnceTheBudgetIsSpent() throws {
        let service = try TestService(.router) { $0.memoryBudget = 64 * 1_024 }
        try service.createTree("grow", root: #"{"id": "root"}"#)
        var refusal: Reply?
        for index in 0..<500 where refusal == nil {
            let reply = try service.request("POST", "/v1/trees/grow/controllers", json: #"{"id": "c\#(index)", "title": "\#(title)"}"#)
            if reply.status != 201 { refusal = reply }
        }
        let refused = try #require(refusal)
        #expect(refused.status == 507)
        #expect(refused.json["code"].string == "memory_budget_exceeded")
        #expect(try service.request("GET", "/v1/trees/grow").status == 200, "reads still work when the budget is spent")
        let spent = service.service.core.budget.usedBytes
        // Deleting a detached controller gives back at least its fixed share.
        #expect(try service.request("DELETE", "/v1/trees/grow/controllers/c0").status == 200)
        #expect(service.service.core.budget.usedBytes < spent)
        #expect(try service.request("POST", "/v1/trees/grow/controllers", json: #"{"id": "after"}"#).status == 201)
    }
}
