import Containment
import Testing

@testable import ContainmentService

@Suite struct IdentifierTests {
    @Test(arguments: ["a", "root", "map.view", "A-b_c.9", String(repeating: "x", count: 64)])
    func acceptsContractIds(id: String) {
        #expect(Identifier.isValid(id))
    }

    @Test(arguments: ["", "a b", "a/b", "é", "a%20", String(repeating: "x", count: 65), "tab\t"])
    func rejectsOtherIds(id: String) {
        #expect(!Identifier.isValid(id))
    }

    @Test func namesTheNestedFieldOfABadSpecId() {
        let spec = ControllerSpec(id: "root", children: [ControllerSpec(id: "ok"), ControllerSpec(id: "bad id")])
        #expect(throws: Problem.self) { try Identifier.validate(spec, field: "root") }
        do {
            try Identifier.validate(spec, field: "root")
        } catch {
            #expect(error.field == "root.children[1].id")
            #expect(error.status == 400)
        }
    }
}
