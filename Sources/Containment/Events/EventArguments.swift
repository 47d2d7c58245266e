/// The argument lists most callbacks repeat, built once: a fresh dictionary is an allocation
/// and a hash per event, and events share these copy-on-write for the cost of a retain.
enum EventArguments {
    private static let animatedTrue: [String: JSONValue] = ["animated": true]
    private static let animatedFalse: [String: JSONValue] = ["animated": false]
    private static let parentNil: [String: JSONValue] = ["parent": .null]

    /// `["animated": flag]`, as appearance callbacks carry it.
    static func animated(_ flag: Bool) -> [String: JSONValue] {
        flag ? animatedTrue : animatedFalse
    }

    /// `["parent": id or null]`, as `willMove`/`didMove` carry it.
    static func parent(_ id: String?) -> [String: JSONValue] {
        guard let id else { return parentNil }
        return ["parent": .string(id)]
    }
}
