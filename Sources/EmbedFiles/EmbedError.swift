/// Why a file could not be embedded, for the build log.
struct EmbedError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
