/// The generated Swift file: an extension of a hand-written type with one constant per member.
enum EmbeddedSource {
    static func file(type: String, members: [EmbeddedMember]) throws -> String {
        var source = "// Generated at build time by Plugins/EmbedFilesPlugin from \(members.map(\.sourceName).joined(separator: ", ")).\n"
        source += "// Never edit: change the files it embeds, then `swift build`.\n\n"
        source += "extension \(type) {\n"
        for member in members { source += try member.declaration() }
        return source + "}\n"
    }
}
