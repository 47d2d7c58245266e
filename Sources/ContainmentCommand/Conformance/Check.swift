import ArgumentParser
import ContainmentConformance

/// `containment conformance check TRACES.json`: for runtimes that can only record traces,
/// compares them offline with the corpus (the traces format is in docs/conformance.md).
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare recorded traces (a traces file) with the conformance scenarios.",
        discussion: "Exits 0 when every trace matches its scenario, 1 otherwise. See docs/conformance.md.")

    @Argument(help: "A traces file: {\"runs\": [{\"scenario\": id, \"creation\": {...}, \"steps\": [{...}]}]}.")
    var traces: String

    @OptionGroup var report: ReportOptions

    func run() throws {
        let bytes = try ScenarioFiles.readBytes(traces)
        let file: TracesFile
        do {
            file = try ConformanceJSON.decode(TracesFile.self, from: bytes)
        } catch {
            throw ValidationError("\(traces) is not a traces file: \(error)")
        }
        let scenarios = try report.scenarios()
        let chosen = Set(scenarios.map(\.id))
        let runs = report.filter == nil ? file.runs : file.runs.filter { chosen.contains($0.scenario) }
        try report.finish(ConformanceReport.check(runs, against: scenarios, options: report.compareOptions))
    }
}
