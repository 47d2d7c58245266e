/// The conformance corpus built into the binary, decoded once: `files` holds each file of
/// `conformance/scenarios/`, embedded at build time by Plugins/EmbedFilesPlugin.
public enum ScenarioCorpus {
    /// Every scenario, sorted by id. A file that does not decode is a build defect the tests
    /// catch (`embeddedCorpusDecodes`); it is left out here rather than stopping the service.
    public static let scenarios: [Scenario] = files.compactMap { file in
        try? ConformanceJSON.decode(Scenario.self, from: Array(file.text.utf8))
    }.sorted { $0.id < $1.id }

    private static let byID: [String: Scenario] = Dictionary(scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func scenario(_ id: String) -> Scenario? { byID[id] }

    /// The text of each scenario file, by file name, sorted.
    public static var fileTexts: [(name: String, text: String)] { files }
}
