import ArgumentParser
import ContainmentConformance

/// `containment conformance run --target URL`: runs the corpus against any server that speaks
/// the API (a runtime's adapter, or this service) and reports each scenario's diff.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the conformance scenarios against a server that speaks the Containment API.",
        discussion: """
            Trees are created on a manual clock and deleted after each scenario. Answers larger than \(BlockingHTTPClient.maxResponseBytes >> 20) MiB \
            are refused. A 501 answer (or 404/405 for a whole route) skips the scenario. Exits 0 when every scenario passes or is skipped \
            (with --expectations: when none got worse), 1 otherwise, 2 when the run stopped on transport errors. See docs/conformance.md.
            """)

    @Option(help: "The server's base URL (plain http), e.g. http://127.0.0.1:8080.")
    var target: String

    @Option(help: "Seconds each request may take.")
    var timeout = 10

    @Option(help: "Stop after this many scenarios in a row got no answer (0: never); the rest count as errors.")
    var stopAfterTransportErrors = ConformanceReport.defaultStopAfterTransportErrors

    @Option(help: "Write what the runtime did, as a traces file `conformance check` reads.")
    var observed: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        guard HTTPURL(target) != nil else { throw ValidationError("--target must look like http://host:port") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard stopAfterTransportErrors >= 0 else { throw ValidationError("--stop-after-transport-errors must not be negative") }
    }

    func run() throws {
        try exit(printing: try outcome())
    }

    /// The report and the exit code, as `run` prints and returns them.
    func outcome() throws -> (output: String, exitCode: Int32) {
        guard let base = HTTPURL(target) else { throw ValidationError("--target must look like http://host:port") }
        let corpus = try report.corpus()
        let scenarios = try report.scenarios(of: corpus)
        var runner = HTTPTarget(transport: SocketTransport(base: base, client: BlockingHTTPClient(timeoutSeconds: timeout)))
        let result = ConformanceReport.run(
            scenarios, on: &runner, options: report.compareOptions, stopAfterTransportErrors: stopAfterTransportErrors)
        if let observed {
            try ReportOptions.write(try ConformanceJSON.fileBytes(TracesFile(runs: result.runs)), to: observed)
        }
        return try report.finish(result, scenarios: scenarios, corpus: corpus)
    }
}
