import ArgumentParser

/// `containment`: serve the REST API, probe a running one, or explain a Swift file.
@main
struct ContainmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containment",
        abstract: "UIKit view controller containment, reproduced exactly, over HTTP.",
        subcommands: [Serve.self, HealthCheck.self, Conformance.self, Explain.self],
        defaultSubcommand: Serve.self
    )
}
