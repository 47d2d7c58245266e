import FoundationEssentials

/// One `MEMBER=FILE` or `MEMBER=DIRECTORY/*.EXT` argument: a static constant to declare.
struct EmbeddedMember {
    let name: String
    let path: String

    init(_ argument: String) throws {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw EmbedError("\(argument): expected MEMBER=FILE or MEMBER=DIRECTORY/*.EXT")
        }
        name = String(argument[..<equals])
        path = String(argument[argument.index(after: equals)...])
    }

    /// `DIRECTORY/*.EXT` names every `.EXT` file of a directory; anything else one file.
    private var pattern: (directory: String, suffix: String)? {
        guard let slash = path.lastIndex(of: "/"), path[path.index(after: slash)...].hasPrefix("*") else { return nil }
        return (String(path[..<slash]), String(path[path.index(slash, offsetBy: 2)...]))
    }

    /// What the generated file's header names as its source: `openapi.yaml`, `scenarios/*.json`.
    var sourceName: String {
        path.split(separator: "/").suffix(pattern == nil ? 1 : 2).joined(separator: "/")
    }

    /// The `static let` holding the file's text, or the table of the directory's files.
    func declaration() throws -> String {
        guard let pattern else {
            return "    static let \(name) = \(try StringLiteral.make(Self.text(of: path), source: path))\n"
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: pattern.directory).filter { $0.hasSuffix(pattern.suffix) }.sorted()
        var table = "    static let \(name): [(name: String, text: String)] = [\n"
        for file in names {
            let filePath = "\(pattern.directory)/\(file)"
            // `debugDescription` is the name as a Swift string literal, quotes and escapes included.
            table += "        (\(file.debugDescription), \(try StringLiteral.make(Self.text(of: filePath), source: filePath))),\n"
        }
        return table + "    ]\n"
    }

    private static func text(of path: String) throws -> String {
        let bytes = try Data(contentsOf: URL(filePath: path))
        guard let text = String(validating: bytes, as: UTF8.self) else { throw EmbedError("\(path) is not UTF-8") }
        return text
    }
}
