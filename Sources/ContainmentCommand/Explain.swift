import ArgumentParser

/// `containment explain FILE.swift`: the callbacks UIKit would make for the code, each with
/// the line that caused it (docs/swift.md), without a server. `run()`: Explain+Run.swift, or
/// Explain+NotBuilt.swift in a build without the `SwiftSource` trait.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the callbacks UIKit would make for a Swift file, line by line (docs/swift.md).")

    @Argument(help: "A Swift file: view controller classes and top-level statements that launch the app.")
    var file: String

    @Option(help: "phone or pad.")
    var idiom: String = "phone"

    @Option(help: "portrait or landscape.")
    var orientation: String = "portrait"

    @Flag(help: "Print the answer of POST /v1/swift (JSON) instead of text.")
    var json = false
}
