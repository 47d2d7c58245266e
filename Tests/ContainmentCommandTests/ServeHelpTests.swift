import ContainmentService
import Testing

@testable import ContainmentCommand

@Suite struct ServeHelpTests {
    /// `serve --help` without wrapping, so each option's text is on one line.
    private let help = Serve.helpMessage(columns: 10_000)

    /// Each option's help names its variable and the default the service really starts with:
    /// a changed default in `ServiceConfiguration` shows in `--help` without touching it.
    @Test func namesEveryDefaultOfTheConfiguration() {
        let configuration = ServiceConfiguration()
        let defaults: [(variable: String, value: String)] = [
            ("HOST", configuration.http.host),
            ("PORT", "\(configuration.http.port)"),
            ("CONTAINMENT_MAX_BODY_BYTES", "\(configuration.http.maxBodySize)"),
            ("CONTAINMENT_MAX_TREES", "\(configuration.maxTrees)"),
            ("CONTAINMENT_MAX_CONTROLLERS", "\(configuration.maxControllersPerTree)"),
            ("CONTAINMENT_EVENTS_RETAINED", "\(configuration.eventsRetainedPerTree)"),
            (
                "CONTAINMENT_MEMORY_BUDGET",
                "a quarter of the container's memory limit (cgroup) or else of physical memory, at most \(configuration.memoryBudget)"
            ),
            ("CONTAINMENT_MAX_CONNECTIONS", "\(configuration.http.connectionLimit)"),
            ("CONTAINMENT_CONNECTION_TIMEOUT", "\(configuration.http.connectionTimeout)"),
            ("CONTAINMENT_HEARTBEAT_INTERVAL", "\(configuration.heartbeatInterval)"),
            ("CONTAINMENT_STREAM_FLUSH_DELAY", "\(configuration.streamFlushDelay)"),
        ]
        for (variable, value) in defaults {
            #expect(help.contains("(env \(variable)). [default: \(value)]"), "\(variable) should default to \(value)")
        }
    }

    /// The two defaults that are not in the configuration: the thread count follows the
    /// machine, the log level is the command's own.
    @Test func namesTheCommandsOwnDefaults() {
        #expect(help.contains("(env CONTAINMENT_THREADS). [default: number of cores available]"))
        #expect(help.contains("(env LOG_LEVEL). [default: info]"))
    }

    /// `healthcheck` probes the port `serve` binds by default.
    @Test func healthcheckProbesTheDefaultPort() {
        #expect(Serve.defaultPort == ServiceConfiguration().http.port)
    }

    /// Every option states a variable and a default, so a new option cannot leave either out.
    @Test func everyOptionHasAVariableAndADefault() {
        let options = optionEntries().filter { !$0.hasPrefix("-h, --help") }
        #expect(options.count >= 13)
        for option in options {
            #expect(option.contains("(env ") && option.contains("[default: "), "\(option)")
        }
    }

    /// The OPTIONS section split into one string per option: its label line and the lines of
    /// help below it (a long label puts its help on the next line).
    private func optionEntries() -> [String] {
        var entries: [String] = []
        for line in help.split(separator: "\n").drop(while: { $0 != "OPTIONS:" }).dropFirst() {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("-") {
                entries.append(String(text))
            } else if !entries.isEmpty {
                entries[entries.count - 1] += " " + text
            }
        }
        return entries
    }
}
