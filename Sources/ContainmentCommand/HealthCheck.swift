import ArgumentParser
import Glibc

/// `containment healthcheck`: exits 0 when the service answers 200, for container health
/// checks on images that carry no curl.
struct HealthCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck", abstract: "Exit 0 if the service answers 200 at --url, else 1.")

    /// Without `--url` the probe finds the service where `serve` binds it in the same container.
    @Option(help: "The URL to probe (plain http only). [default: http://127.0.0.1:$PORT/healthz, PORT as for serve]")
    var url: String?

    @Option(help: "Seconds to wait for connect and answer.")
    var timeout: Int = 5

    func run() throws {
        let url = try url ?? "http://127.0.0.1:\(Environment().value(nil as Int?, "PORT", default: Serve.defaultPort))/healthz"
        guard let target = HTTPURL(url) else { throw ValidationError("--url must look like http://host:port/path") }
        do {
            let status = try BlockingHTTPClient(timeoutSeconds: timeout).exchange("GET", target).status
            guard status == 200 else {
                print("unhealthy: HTTP \(status)")
                throw ExitCode.failure
            }
            print("healthy")
        } catch let error as BlockingHTTPClient.Failure {
            print("unhealthy: \(error.reason)")
            throw ExitCode.failure
        }
    }
}
