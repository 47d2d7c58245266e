import ArgumentParser
import ContainmentConformance

/// `containment conformance run --target URL`: runs the corpus against any server that speaks
/// the API (a runtime's adapter, or this service) and reports each scenario's diff.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the conformance scenarios against a server that speaks the Containment API.",
        discussion: """
            Trees are created on a manual clock and deleted after each scenario. Answers larger than \(BlockingHTTPClient.maxResponseBytes >> 20) MiB \
            are refused. Exits 0 when every scenario passes, 1 otherwise. See docs/conformance.md.
            """)

    @Option(help: "The server's base URL (plain http), e.g. http://127.0.0.1:8080.")
    var target: String

    @Option(help: "Seconds each request may take.")
    var timeout = 10

    @OptionGroup var report: ReportOptions

    func run() throws {
        guard let base = HTTPURL(target) else { throw ValidationError("--target must look like http://host:port") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        var runner = HTTPTarget(transport: SocketTransport(base: base, client: BlockingHTTPClient(timeoutSeconds: timeout)))
        try report.finish(ConformanceReport.run(try report.scenarios(), on: &runner, options: report.compareOptions))
    }
}
