import ArgumentParser
import ContainmentConformance
import FoundationEssentials

/// What `run` and `check` share: which scenarios, what to leave out, where reports go, and
/// the expectations the outcomes are held to.
struct ReportOptions: ParsableArguments {
    @Option(help: "Only scenarios whose id matches this glob (* and ?), e.g. 'rule13-*'. Repeatable: any of them.")
    var filter: [String] = []

    @Option(help: "Only scenarios with this tag, e.g. 'navigation'. Repeatable: any of them; with --filter, both must hold.")
    var tag: [String] = []

    @Option(help: "Scenario directory to use instead of the corpus built into the binary.")
    var dir: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write a self-contained HTML report to this file: the rules × outcomes matrix and each failure drawn side by side.")
    var html: String?

    @Flag(help: "Print TAP version 13 instead of the text report.")
    var tap = false

    @Option(help: "Write the counts per rule and per tag as JSON to this file (the same run writes the same bytes).")
    var summary: String?

    @Option(help: "Write every scenario's outcome (pass, fail, skip, error), and each failure's differences, to this file, as --expectations reads it.")
    var writeExpectations: String?

    @Option(help: "Compare the outcomes with this file (from --write-expectations): exit 0 unless a scenario got worse or failed with a new difference.")
    var expectations: String?

    @Flag(help: "With --expectations: write the scenarios that got better (and new ones) back into its file.")
    var updateExpectations = false

    @Flag(help: "Leave out viewWillLayoutSubviews/viewDidLayoutSubviews.")
    var ignoreLayout = false

    @Flag(help: "Leave out viewIsAppearing (pre-iOS 13 behaviour).")
    var ignoreViewIsAppearing = false

    @Flag(help: "Compare callbacks and order only, not their args.")
    var ignoreArgs = false

    var compareOptions: CompareOptions {
        CompareOptions(ignoreLayout: ignoreLayout, ignoreViewIsAppearing: ignoreViewIsAppearing, ignoreArgs: ignoreArgs)
    }

    var selection: ScenarioSelection { ScenarioSelection(filters: filter, tags: tag) }

    func validate() throws {
        if updateExpectations, expectations == nil { throw ValidationError("--update-expectations needs --expectations FILE") }
    }

    /// Every scenario there is: from `--dir` or the embedded corpus.
    func corpus() throws -> [Scenario] {
        try dir.map { try ScenarioFiles(directory: $0).scenarios() } ?? ScenarioCorpus.scenarios
    }

    /// The chosen scenarios, narrowed by `--filter` and `--tag`.
    func scenarios(of corpus: [Scenario]) throws -> [Scenario] {
        do {
            return try selection.choose(from: corpus)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The files asked for besides the printed report.
    var files: ReportFiles {
        ReportFiles(junit: junit, html: html, summary: summary, writeExpectations: writeExpectations, updateExpectations: updateExpectations)
    }

    /// The report in the chosen format, with the files asked for written, and the exit code
    /// (`ConformanceReport.exitStatus`).
    func finish(_ report: ConformanceReport, scenarios: [Scenario], corpus: [Scenario]) throws -> (output: String, exitCode: Int32) {
        var report = report
        if let expectations {
            let expected = try Self.decode(ConformanceExpectations.self, from: expectations, what: "an expectations file")
            report.expectations = ExpectationsComparison(expected, source: expectations, report: report, corpus: Set(corpus.map(\.id)))
        }
        for file in try files.contents(of: report, scenarios: scenarios, corpus: corpus.count, selection: selection, options: compareOptions) {
            try Self.write(file.bytes, to: file.path)
        }
        return (tap ? TAPReport.text(report) : report.text, report.exitStatus)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from path: String, what: String) throws -> Value {
        let bytes = try ScenarioFiles.readBytes(path)
        do {
            return try ConformanceJSON.decode(type, from: bytes)
        } catch {
            throw ValidationError("\(path) is not \(what): \(error)")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("cannot write \(path): \(error)")
        }
    }
}

extension ParsableCommand {
    /// Prints a conformance report and exits with its code.
    func exit(printing result: (output: String, exitCode: Int32)) throws {
        print(result.output, terminator: "")
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
