import Foundation
import Testing

/// A test that cannot start the toy runtime says why and how to fix it: which tool is missing
/// and how to get it, or what the script printed before it exited.
@Suite struct ToyRuntimeTests {
    @Test func withoutPython3SaysHowToGetIt() throws {
        let emptyDirectory = try TemporaryDirectory()
        let error = #expect(throws: ToyRuntime.Failure.self) { try ToyRuntime(searchPath: emptyDirectory.url.path) }
        #expect(error?.description == "python3 is not installed: apt-get install python3 (scripts/test installs it)")
    }

    @Test func anEarlyExitCarriesTheScriptsStderr() throws {
        let error = #expect(throws: ToyRuntime.Failure.self) { try ToyRuntime(bugs: ["no-such-bug"]) }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("the toy runtime (python3 toy_runtime.py) exited with status 2 before listening: usage:"))
        #expect(description.contains("argument --bug: invalid choice: 'no-such-bug'"))
    }
}
