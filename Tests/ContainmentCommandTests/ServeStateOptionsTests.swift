import ArgumentParser
import ContainmentPersistence
import ContainmentService
import Testing

@testable import ContainmentCommand

/// `--state-dir`, `--state-sync` and `--state-snapshot-every` reach the configuration, from
/// flags or the environment; persistence stays off by default and a bad value is refused.
@Suite struct ServeStateOptionsTests {
    private func configuration(_ arguments: [String], _ variables: [String: String] = [:]) throws -> ServiceConfiguration {
        let serve = try Serve.parse(arguments)
        return try serve.resolvedConfiguration(environment: Environment { variables[$0] }).0
    }

    @Test func offByDefault() throws {
        let resolved = try configuration([])
        #expect(resolved.stateDirectory == nil)
        #expect(resolved.stateURL == nil)
        #expect(resolved.stateSynchronous == .normal)
        #expect(resolved.journalEntriesPerSnapshot == 1_000)
        #expect(resolved.stateSyncInterval == 0)
    }

    @Test func aSyncIntervalIsReadAndBounded() throws {
        #expect(try configuration(["--state-sync-interval", "2.5"]).stateSyncInterval == 2.5)
        #expect(try configuration([], ["CONTAINMENT_STATE_SYNC_INTERVAL": "1"]).stateSyncInterval == 1)
        #expect(throws: ValidationError.self) { _ = try configuration(["--state-sync-interval=-1"]) }
        #expect(throws: ValidationError.self) { _ = try configuration(["--state-sync-interval", "100000"]) }
    }

    @Test func flagsAndVariablesAreRead() throws {
        let flags = try configuration(["--state-dir", "/var/lib/c", "--state-sync", "full", "--state-snapshot-every", "50"])
        #expect(flags.stateDirectory == "/var/lib/c")
        #expect(flags.stateSynchronous == .full)
        #expect(flags.journalEntriesPerSnapshot == 50)
        let variables = try configuration(
            [], ["CONTAINMENT_STATE_DIR": "/srv/state", "CONTAINMENT_STATE_SYNC": "full", "CONTAINMENT_STATE_SNAPSHOT_EVERY": "7"])
        #expect(variables.stateDirectory == "/srv/state")
        #expect(variables.stateSynchronous == .full)
        #expect(variables.journalEntriesPerSnapshot == 7)
    }

    @Test func aStateURLIsReadFromTheFlagOrItsVariable() throws {
        #expect(try configuration(["--state-url", "postgresql://c@db/c"]).stateURL == "postgresql://c@db/c")
        #expect(try configuration([], ["CONTAINMENT_STATE_URL": "postgres://c:secret@db:5433/c"]).stateURL == "postgres://c:secret@db:5433/c")
        #expect(try configuration([], ["CONTAINMENT_STATE_URL": ""]).stateURL == nil)
    }

    @Test func aStateURLWithAStateDirectoryOrOfAnotherSchemeIsRefused() {
        #expect(throws: ValidationError.self) { _ = try configuration(["--state-url", "postgresql://db/c", "--state-dir", "/srv/state"]) }
        #expect(throws: ValidationError.self) { _ = try configuration([], ["CONTAINMENT_STATE_URL": "mysql://db/c"]) }
    }

    @Test func badValuesAreRefused() {
        #expect(throws: ValidationError.self) { _ = try configuration(["--state-sync", "sometimes"]) }
        #expect(throws: ValidationError.self) { _ = try configuration([], ["CONTAINMENT_STATE_SYNC": "off"]) }
        #expect(throws: ValidationError.self) { _ = try configuration(["--state-snapshot-every", "0"]) }
    }
}
