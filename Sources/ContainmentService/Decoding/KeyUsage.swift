import FoundationEssentials

/// The keys of each object in one request body, and those a model read; what is left over
/// names an unknown field. Lives for one decode on one thread.
final class KeyUsage: @unchecked Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "containment.keyUsage")!

    /// Objects by their field path, in the order the models opened them.
    private var paths: [String] = []
    private var present: [String: [String]] = [:]
    private var read: [String: Set<String>] = [:]

    func opened(_ codingPath: [any CodingKey], keys: [String]) {
        let path = JSONFieldPath(codingPath).description
        guard present[path] == nil else { return }
        paths.append(path)
        present[path] = keys.sorted()
    }

    func read(_ key: any CodingKey, in codingPath: [any CodingKey]) {
        read[JSONFieldPath(codingPath).description, default: []].insert(key.stringValue)
    }

    /// The first key no model read (objects in the order opened, keys sorted), as a field path.
    var firstUnknownField: String? {
        for path in paths {
            let known = read[path] ?? []
            if let key = present[path]?.first(where: { !known.contains($0) }) {
                return path.isEmpty ? key : "\(path).\(key)"
            }
        }
        return nil
    }
}
