import ArgumentParser
import ContainmentConformance

/// `containment conformance record`: runs each scenario on the engine and writes what it did
/// as the scenario's expectations. Expectations are recorded, never typed; recording twice
/// writes the same bytes, so a change of behaviour is a diff of the corpus.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every scenario on the engine and write its expectations into the scenario files.",
        discussion: """
            Also writes the reference's run of the corpus as a summary (as `conformance run --summary` writes it): by default \
            \(defaultSummary) when --dir is the default.
            """)

    /// The reference's summary beside the corpus, for dashboards to compare runtimes with.
    static let defaultSummary = "conformance/reference-summary.json"

    @Option(help: "The scenario directory.")
    var dir = ScenarioFiles.defaultDirectory

    @Option(help: "Where to write the reference's summary (default: \(defaultSummary) with the default --dir; none otherwise).")
    var summary: String?

    func run() throws {
        let files = ScenarioFiles(directory: dir)
        var changed = 0
        var recorded: [Scenario] = []
        let names = try files.names()
        for name in names {
            let (bytes, scenario) = try files.read(name)
            guard name == "\(scenario.id).json" else {
                throw ValidationError("\(dir)/\(name) holds scenario \(scenario.id): the file must be named \(scenario.id).json")
            }
            var target = EngineTarget()
            let run = ScenarioRun.run(scenario, on: &target)
            if let error = run.error { throw ValidationError("\(scenario.id): \(error)") }
            let recording = scenario.recording(run)
            recorded.append(recording)
            let recordedBytes = try ConformanceJSON.fileBytes(recording)
            if recordedBytes != bytes {
                try files.write(recordedBytes, to: name)
                changed += 1
                print("recorded \(scenario.id)")
            }
        }
        if let path = summary ?? (dir == ScenarioFiles.defaultDirectory ? Self.defaultSummary : nil) {
            try writeSummary(of: recorded, to: path)
        }
        print("\(names.count) scenarios, \(changed) changed")
    }

    /// The reference's run of the recorded scenarios, as a summary; written only when it changed.
    private func writeSummary(of scenarios: [Scenario], to path: String) throws {
        let bytes = try ConformanceJSON.fileBytes(ConformanceSummary.reference(scenarios))
        if (try? ScenarioFiles.readBytes(path)) != bytes {
            try ReportOptions.write(bytes, to: path)
            print("wrote \(path)")
        }
    }
}
