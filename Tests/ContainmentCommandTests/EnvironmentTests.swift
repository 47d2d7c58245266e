import ArgumentParser
import Testing

@testable import ContainmentCommand

@Suite struct EnvironmentTests {
    private let environment = Environment { ["PORT": "9000", "EMPTY": "", "BAD": "eighty"][$0] }

    @Test func flagWinsOverVariable() throws {
        #expect(try environment.value(8081, "PORT", default: 8080) == 8081)
    }

    @Test func variableWinsOverDefault() throws {
        #expect(try environment.value(nil as Int?, "PORT", default: 8080) == 9000)
    }

    @Test func unsetOrEmptyVariableFallsBackToDefault() throws {
        #expect(try environment.value(nil as Int?, "UNSET", default: 8080) == 8080)
        #expect(try environment.value(nil as Int?, "EMPTY", default: 8080) == 8080)
    }

    @Test func invalidVariableIsRefusedByName() {
        #expect(throws: ValidationError.self) { try environment.value(nil as Int?, "BAD", default: 8080) }
    }
}
