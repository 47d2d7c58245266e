import ArgumentParser
import ContainmentConformance
import FoundationEssentials

/// What `run` and `check` share: which scenarios, what to leave out, where reports go.
struct ReportOptions: ParsableArguments {
    @Option(help: "Only scenarios whose id matches this glob (* and ?), e.g. 'rule13-*'.")
    var filter: String?

    @Option(help: "Scenario directory to use instead of the corpus built into the binary.")
    var dir: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Print TAP version 13 instead of the text report.")
    var tap = false

    @Flag(help: "Leave out viewWillLayoutSubviews/viewDidLayoutSubviews.")
    var ignoreLayout = false

    @Flag(help: "Leave out viewIsAppearing (pre-iOS 13 behaviour).")
    var ignoreViewIsAppearing = false

    @Flag(help: "Compare callbacks and order only, not their args.")
    var ignoreArgs = false

    var compareOptions: CompareOptions {
        CompareOptions(ignoreLayout: ignoreLayout, ignoreViewIsAppearing: ignoreViewIsAppearing, ignoreArgs: ignoreArgs)
    }

    /// The chosen scenarios: from `--dir` or the embedded corpus, narrowed by `--filter`.
    func scenarios() throws -> [Scenario] {
        let all = try dir.map { try ScenarioFiles(directory: $0).scenarios() } ?? ScenarioCorpus.scenarios
        guard let filter else { return all }
        let glob = ScenarioFilter(filter)
        let chosen = all.filter { glob.matches($0.id) }
        guard !chosen.isEmpty else { throw ValidationError("--filter \(filter) matches no scenario") }
        return chosen
    }

    /// Prints the report (text or TAP), writes JUnit if asked, and fails if any scenario failed.
    func finish(_ report: ConformanceReport) throws {
        print(tap ? TAPReport.text(report) : report.text, terminator: "")
        if let junit {
            do {
                try Data(JUnitReport.xml(report).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw ValidationError("cannot write \(junit): \(error)")
            }
        }
        if report.failed > 0 { throw ExitCode.failure }
    }
}
