/// RFC 9110 entity tags, as far as `If-None-Match` needs them.
public enum HTTPEntityTag {
    /// Whether the `If-None-Match` field value `list` is `*` or names `tag` (weak comparison:
    /// a `W/` prefix is ignored). A list sent percent-encoded (`%22…%22`, as
    /// swift-openapi-runtime escapes header values) is decoded first: no entity tag holds a
    /// `%`, so this cannot misread one.
    public static func list(_ list: String, matches tag: String) -> Bool {
        Self.list(list) { $0 == tag }
    }

    /// The same with `names` telling which tags name the representation.
    public static func list(_ list: String, matches names: (Substring) -> Bool) -> Bool {
        list.percentDecoded(onlyUnreserved: false).split(separator: ",").contains { candidate in
            var trimmed = candidate.trimmedASCIIWhitespace
            if trimmed.hasPrefix("W/") { trimmed = trimmed.dropFirst(2) }
            return trimmed == "*" || names(trimmed)
        }
    }
}
