import ArgumentParser

/// `containment`: serve the REST API, or probe a running one.
@main
struct ContainmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containment",
        abstract: "UIKit view controller containment, reproduced exactly, over HTTP.",
        subcommands: [Serve.self, HealthCheck.self, Conformance.self],
        defaultSubcommand: Serve.self
    )
}
