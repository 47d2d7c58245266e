import ArgumentParser

/// `containment conformance`: the UIKit containment conformance suite (docs/conformance.md).
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record, run and check the UIKit containment conformance suite.",
        subcommands: [Record.self, Run.self, Check.self])
}
