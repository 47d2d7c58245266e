import Foundation
import PackagePlugin

/// Embeds the files the binary serves (the OpenAPI document, the inspector page, the
/// conformance corpus) as Swift string constants at build time, so the product stays one binary
/// without resource bundles and nothing generated is committed. Each command declares what it
/// reads and SwiftPM reruns it when that changes. A directory (the corpus, the inspector's
/// scripts) is declared with each file it holds: a file edited, added or removed is picked up.
@main struct EmbedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let embed = Embedding(tool: try context.tool(named: "EmbedFiles").url, outputDirectory: context.pluginWorkDirectoryURL)
        switch target.name {
        case "ContainmentService":
            let inspector = target.directoryURL.appending(path: "Inspector")
            return [
                embed.command(type: "OpenAPIDocument", files: ["yaml": package.appending(path: "openapi.yaml")]),
                embed.command(
                    type: "InspectorPage",
                    files: ["html": inspector.appending(path: "inspector.html"), "css": inspector.appending(path: "inspector.css")],
                    table: "scripts", directory: inspector.appending(path: "Scripts"), suffix: ".js"),
            ]
        case "ContainmentConformance":
            return [embed.command(type: "ScenarioCorpus", table: "files", directory: package.appending(path: "conformance/scenarios"), suffix: ".json")]
        default:
            throw EmbedFilesPluginError(description: "EmbedFilesPlugin does not know what \(target.name) embeds")
        }
    }
}

/// The EmbedFiles tool's command lines, each writing `TYPE+Embedded.swift`.
private struct Embedding {
    let tool: URL
    let outputDirectory: URL

    /// `static let NAME` for each file, declared as inputs one by one.
    func command(type: String, files: KeyValuePairs<String, URL>) -> Command {
        command(type: type, members: files.map { "\($0)=\($1.path)" }, shown: files.map(\.value), inputs: files.map(\.value))
    }

    /// `static let NAME: [(name: String, text: String)]` of every `*SUFFIX` file of a directory.
    /// The directory is an input (a new or removed file is found without SwiftPM redoing its
    /// plan), and so is each file it holds now (an edit in place leaves the listing as it was).
    func command(type: String, table name: String, directory: URL, suffix: String) -> Command {
        command(type: type, files: [:], table: name, directory: directory, suffix: suffix)
    }

    /// Both: the files one by one and the table of a directory's files, in one type.
    func command(type: String, files: KeyValuePairs<String, URL>, table name: String, directory: URL, suffix: String) -> Command {
        let listed = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(suffix) }.sorted().map { directory.appending(path: $0) }
        return command(
            type: type, members: files.map { "\($0)=\($1.path)" } + ["\(name)=\(directory.path)/*\(suffix)"],
            shown: files.map(\.value) + [directory], inputs: files.map(\.value) + [directory] + listed)
    }

    private func command(type: String, members: [String], shown: [URL], inputs: [URL]) -> Command {
        let output = outputDirectory.appending(path: "\(type)+Embedded.swift")
        return .buildCommand(
            displayName: "Embedding \(shown.map(\.lastPathComponent).joined(separator: ", ")) as \(type)",
            executable: tool, arguments: [output.path, type] + members, inputFiles: inputs, outputFiles: [output])
    }
}

private struct EmbedFilesPluginError: Error, CustomStringConvertible {
    let description: String
}
