import FoundationEssentials
import Glibc

/// Writes a Swift file that declares files' text as static string constants of one type, so the
/// binary carries them without a resource bundle. Plugins/EmbedFilesPlugin runs it at build time:
///
///     EmbedFiles OUTPUT TYPE MEMBER=FILE...             `static let MEMBER`: FILE's text
///     EmbedFiles OUTPUT TYPE MEMBER=DIRECTORY/*.EXT     `static let MEMBER: [(name: String, text: String)]`:
///                                                       every `*.EXT` file of DIRECTORY, sorted by name
@main enum EmbedFiles {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 3 else {
            fail("usage: EmbedFiles OUTPUT TYPE MEMBER=FILE|MEMBER=DIRECTORY/*.EXT...")
        }
        do {
            let source = Data(try EmbeddedSource.file(type: arguments[1], members: arguments.dropFirst(2).map(EmbeddedMember.init)).utf8)
            let output = URL(filePath: arguments[0])
            // An unchanged file keeps its date, so what compiles it is not redone (SwiftPM reruns
            // every command after it plans again, whatever changed).
            if (try? Data(contentsOf: output)) != source { try source.write(to: output) }
        } catch {
            fail("\(error)")
        }
    }

    private static func fail(_ message: String) -> Never {
        let line = Array("EmbedFiles: \(message)\n".utf8)
        _ = write(STDERR_FILENO, line, line.count)
        exit(1)
    }
}
