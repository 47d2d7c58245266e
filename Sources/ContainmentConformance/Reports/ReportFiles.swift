/// The files a run writes besides its printed report, each asked for by path: what `conformance
/// run` and `check` take as `--junit`, `--html`, `--summary`, `--write-expectations` and
/// `--update-expectations`, and the Swift Testing helper from the environment. This module
/// does no I/O: callers write the bytes, so both write the same files from the same report.
public struct ReportFiles: Sendable, Equatable {
    public var junit: String?
    public var html: String?
    public var summary: String?
    /// Every scenario's outcome, and each failure's differences, as expectations read them.
    public var writeExpectations: String?
    /// Whether the expectations the report was held to are written back to their file, moved
    /// on where the run did better (`ExpectationsComparison.ratcheted`).
    public var updateExpectations: Bool

    public init(
        junit: String? = nil, html: String? = nil, summary: String? = nil, writeExpectations: String? = nil, updateExpectations: Bool = false
    ) {
        self.junit = junit
        self.html = html
        self.summary = summary
        self.writeExpectations = writeExpectations
        self.updateExpectations = updateExpectations
    }

    /// Each file asked for, with its bytes, in the order above. `scenarios` are the chosen
    /// scenarios, `corpus` how many there are in all.
    public func contents(
        of report: ConformanceReport, scenarios: [Scenario], corpus: Int, selection: ScenarioSelection, options: CompareOptions
    ) throws -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        if let junit { files.append((junit, Array(JUnitReport.xml(report).utf8))) }
        if let html { files.append((html, Array(HTMLReport.page(report, scenarios: scenarios).utf8))) }
        if let summary {
            let counts = ConformanceSummary(report, scenarios: scenarios, corpus: corpus, selection: selection, options: options)
            files.append((summary, try ConformanceJSON.fileBytes(counts)))
        }
        if let writeExpectations { files.append((writeExpectations, try ConformanceJSON.fileBytes(ConformanceExpectations(report)))) }
        if updateExpectations, let comparison = report.expectations {
            files.append((comparison.source, try ConformanceJSON.fileBytes(comparison.ratcheted)))
        }
        return files
    }
}
