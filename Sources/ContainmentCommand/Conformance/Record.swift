import ArgumentParser
import ContainmentConformance

/// `containment conformance record`: runs each scenario on the engine and writes what it did
/// as the scenario's expectations. Expectations are recorded, never typed; recording twice
/// writes the same bytes, so a change of behaviour is a diff of the corpus.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every scenario on the engine and write its expectations into the scenario files.")

    @Option(help: "The scenario directory.")
    var dir = ScenarioFiles.defaultDirectory

    func run() throws {
        let files = ScenarioFiles(directory: dir)
        var changed = 0
        let names = try files.names()
        for name in names {
            let (bytes, scenario) = try files.read(name)
            guard name == "\(scenario.id).json" else {
                throw ValidationError("\(dir)/\(name) holds scenario \(scenario.id): the file must be named \(scenario.id).json")
            }
            var target = EngineTarget()
            let run = ScenarioRun.run(scenario, on: &target)
            if let error = run.error { throw ValidationError("\(scenario.id): \(error)") }
            let recorded = try ConformanceJSON.fileBytes(scenario.recording(run))
            if recorded != bytes {
                try files.write(recorded, to: name)
                changed += 1
                print("recorded \(scenario.id)")
            }
        }
        print("\(names.count) scenarios, \(changed) changed")
    }
}
