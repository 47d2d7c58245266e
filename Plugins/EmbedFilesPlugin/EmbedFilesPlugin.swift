import Foundation
import PackagePlugin

/// Embeds the files the binary serves (the OpenAPI document, the inspector page, the
/// conformance corpus) as Swift string constants at build time, so the product stays one binary
/// without resource bundles and nothing generated is committed. Each command declares what it
/// reads and SwiftPM reruns it when that changes. The corpus is declared as its directory,
/// which the build tracks by content: a scenario edited, added or removed is picked up without
/// the plan being redone.
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
        command(type: type, members: files.map { "\($0)=\($1.path)" }, inputs: files.map(\.value))
    }

    /// `static let NAME: [(name: String, text: String)]` of every `*SUFFIX` file of a directory,
    /// which is the one input: a new file is found without SwiftPM redoing its plan.
    func command(type: String, table name: String, directory: URL, suffix: String) -> Command {
        command(type: type, members: ["\(name)=\(directory.path)/*\(suffix)"], inputs: [directory])
    }

    /// Both: the files one by one and the table of a directory's files, in one type.
    func command(type: String, files: KeyValuePairs<String, URL>, table name: String, directory: URL, suffix: String) -> Command {
        command(
            type: type, members: files.map { "\($0)=\($1.path)" } + ["\(name)=\(directory.path)/*\(suffix)"],
            inputs: files.map(\.value) + [directory])
    }

    private func command(type: String, members: [String], inputs: [URL]) -> Command {
        let output = outputDirectory.appending(path: "\(type)+Embedded.swift")
        return .buildCommand(
            displayName: "Embedding \(inputs.map(\.lastPathComponent).joined(separator: ", ")) as \(type)",
            executable: tool, arguments: [output.path, type] + members, inputFiles: inputs, outputFiles: [output])
    }
}

private struct EmbedFilesPluginError: Error, CustomStringConvertible {
    let description: String
}
