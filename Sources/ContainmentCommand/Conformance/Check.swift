import ArgumentParser
import ContainmentConformance

/// `containment conformance check TRACES.json`: for runtimes that can only record traces,
/// compares them offline with the corpus (the traces format is in docs/conformance.md).
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare recorded traces (a traces file) with the conformance scenarios.",
        discussion: """
            Exits 0 when every trace matches its scenario or is skipped (with --expectations: when none got worse), 1 otherwise. \
            See docs/conformance.md.
            """)

    @Argument(help: "A traces file: {\"runs\": [{\"scenario\": id, \"creation\": {...}, \"steps\": [{...}]}]}.")
    var traces: String

    @OptionGroup var report: ReportOptions

    func run() throws {
        try exit(printing: try outcome())
    }

    /// The report and the exit code, as `run` prints and returns them.
    func outcome() throws -> (output: String, exitCode: Int32) {
        let file = try ReportOptions.decode(TracesFile.self, from: traces, what: "a traces file")
        let corpus = try report.corpus()
        let scenarios = try report.scenarios(of: corpus)
        let chosen = Set(scenarios.map(\.id))
        let runs = report.selection.choosesAll ? file.runs : file.runs.filter { chosen.contains($0.scenario) }
        let traced = Set(runs.map(\.scenario))
        let result = ConformanceReport.check(runs, against: corpus, options: report.compareOptions)
        return try report.finish(result, scenarios: scenarios.filter { traced.contains($0.id) }, corpus: corpus)
    }
}
