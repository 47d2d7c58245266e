import ArgumentParser
import Testing

@testable import ContainmentCommand

/// The connection protections' options reach the configuration, from flags or the environment.
@Suite struct ServeConnectionOptionsTests {
    private func configuration(_ arguments: [String], _ variables: [String: String] = [:]) throws -> (
        allowedHosts: [String]?, perClient: Int?, headTimeout: Double
    ) {
        let serve = try Serve.parse(arguments)
        let (configuration, _) = try serve.resolvedConfiguration(environment: Environment { variables[$0] })
        return (configuration.http.allowedHosts, configuration.http.connectionLimitPerClient, configuration.http.requestHeadTimeout)
    }

    @Test func defaultsLeaveTheServerToDecide() throws {
        let resolved = try configuration([])
        #expect(resolved.allowedHosts == nil)
        #expect(resolved.perClient == nil)
        #expect(resolved.headTimeout == 30)
    }

    @Test func flagsAreRead() throws {
        let resolved = try configuration([
            "--allowed-host", "a.example", "--allowed-host", "b.example:8080",
            "--max-connections-per-client", "16", "--request-head-timeout", "5",
        ])
        #expect(resolved.allowedHosts == ["a.example", "b.example:8080"])
        #expect(resolved.perClient == 16)
        #expect(resolved.headTimeout == 5)
    }

    @Test func variablesAreRead() throws {
        let resolved = try configuration(
            [],
            [
                "CONTAINMENT_ALLOWED_HOSTS": "a.example, b.example", "CONTAINMENT_MAX_CONNECTIONS_PER_CLIENT": "0",
                "CONTAINMENT_REQUEST_HEAD_TIMEOUT": "2.5",
            ])
        #expect(resolved.allowedHosts == ["a.example", "b.example"])
        #expect(resolved.perClient == 0)
        #expect(resolved.headTimeout == 2.5)
    }

    @Test func nonPositiveHeadTimeoutIsRefused() {
        #expect(throws: ValidationError.self) { try configuration(["--request-head-timeout", "0"]) }
    }
}
