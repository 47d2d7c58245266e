import ContainmentConformance
import Foundation
import Synchronization
import Testing

/// The conformance corpus as a Swift Testing suite of a runtime adapted in process
/// (`ConformanceRuntime`): one test case per scenario, a skip as a cancelled test case, an
/// expected failure as a known issue, and an issue (the verdict, the differences, the diff)
/// for what fails the run's exit status. Under expectations that is only what got worse:
///
///     let suite = ConformanceSuite(expectations: "conformance-expectations.json") { recorder in
///         MyRuntimeAdapter(recorder: recorder)
///     }
///
///     @Test(arguments: try suite.scenarios())
///     func conformance(_ scenario: ConformanceScenario) throws { try suite.check(scenario) }
///
/// Test cases run in parallel, each on a runtime of its own: the runtime must share no
/// mutable state between instances.
public struct ConformanceSuite<Runtime: ConformanceRuntime>: Sendable {
    /// Every scenario there is; the selection picks from it.
    public let corpus: [Scenario]
    public let selection: ScenarioSelection
    public let options: CompareOptions
    /// The expectations file's path, when the suite is held to one.
    public let expectationsFile: String?
    private let makeRuntime: @Sendable (EventRecorder) -> Runtime
    private let expected = ExpectationsCache()

    /// `expectations` is an expectations file (docs/conformance.md, 3.1), relative to the
    /// directory of the source file that makes the suite unless absolute, read once and again
    /// after the suite writes it; a file that cannot be read fails every test case with why. `runtime` makes a fresh
    /// runtime per scenario.
    public init(
        corpus: [Scenario] = ScenarioCorpus.scenarios, selection: ScenarioSelection = ScenarioSelection(),
        options: CompareOptions = CompareOptions(), expectations: String? = nil, filePath: String = #filePath,
        runtime makeRuntime: @escaping @Sendable (EventRecorder) -> Runtime
    ) {
        self.corpus = corpus
        self.selection = selection
        self.options = options
        self.makeRuntime = makeRuntime
        expectationsFile = expectations.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent($0).standardizedFileURL.path
        }
    }

    /// The chosen scenarios, as test arguments; a filter or tag that matches nothing throws.
    public func scenarios() throws -> [ConformanceScenario] {
        try selection.choose(from: corpus).map(ConformanceScenario.init)
    }

    /// Runs `scenario` on a fresh runtime and records what it came to (`ScenarioCheck`): a
    /// failure is an issue, an expected failure a known issue, a skip cancels the test case,
    /// and a scenario better than expected, or not in the expectations, is a warning.
    public func check(_ scenario: ConformanceScenario, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try run([scenario.scenario])
        let check = ScenarioCheck(report.results[0], expectations: report.expectations)
        if let note = check.note { Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: sourceLocation) }
        switch check.verdict {
        case .passed:
            return
        case .skipped(let why):
            try Test.cancel(Comment(rawValue: "SKIP \(scenario.id): \(why)"), sourceLocation: sourceLocation)
        case .expectedFailure(let text):
            withKnownIssue(sourceLocation: sourceLocation) { Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation) }
        case .failure(let text):
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
    }

    /// The chosen scenarios in one run, held to the expectations: the report
    /// `containment conformance run` prints and exports (`text`, `exitStatus`, TAP, JUnit,
    /// HTML), and with `files` the files it writes (`ReportFiles.environment()` names them as
    /// the command's options do). Writing expectations needs none to hold to: a file that
    /// cannot be read then leaves the run unheld, so the first file can be written.
    public func run(writing files: ReportFiles = ReportFiles()) throws -> ConformanceReport {
        let chosen = try selection.choose(from: corpus)
        let report = try run(chosen, needsExpectations: files.writeExpectations == nil)
        defer { expected.forget() }
        for file in try files.contents(of: report, scenarios: chosen, corpus: corpus.count, selection: selection, options: options) {
            do {
                try Data(file.bytes).write(to: URL(fileURLWithPath: file.path))
            } catch {
                throw SuiteError(description: "cannot write \(file.path): \(error)")
            }
        }
        return report
    }

    private func run(_ scenarios: [Scenario], needsExpectations: Bool = true) throws -> ConformanceReport {
        var target = InProcessTarget(makeRuntime)
        var report = ConformanceReport.run(scenarios, on: &target, options: options)
        if let expectationsFile {
            let expected = expected.read(expectationsFile)
            if needsExpectations || (try? expected.get()) != nil {
                report.expectations = ExpectationsComparison(try expected.get(), source: expectationsFile, report: report, corpus: Set(corpus.map(\.id)))
            }
        }
        return report
    }
}

/// Why a suite could not run: its expectations file, or a report file it could not write.
public struct SuiteError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension ConformanceExpectations {
    /// The expectations file at `path`, or why it is not one.
    static func read(_ path: String) -> Result<ConformanceExpectations, SuiteError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SuiteError(description: "cannot read the expectations file \(path)"))
        }
        do {
            return .success(try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(data)))
        } catch {
            return .failure(SuiteError(description: "\(path) is not an expectations file: \(error)"))
        }
    }
}

/// The expectations file as last read: test cases running in parallel read it once, and a run
/// that writes it reads it again afterwards.
private final class ExpectationsCache: Sendable {
    private let state = Mutex<Result<ConformanceExpectations, SuiteError>?>(nil)

    func read(_ path: String) -> Result<ConformanceExpectations, SuiteError> {
        state.withLock { cached in
            let result = cached ?? ConformanceExpectations.read(path)
            cached = result
            return result
        }
    }

    func forget() { state.withLock { $0 = nil } }
}
