import Containment
import FoundationEssentials

/// Why an in-process runtime did not do a step: UIKit refuses it (compared with the
/// scenario's expectation), the runtime lacks it (the scenario is skipped), or the adapter
/// failed (the scenario is an error), as an HTTP adapter's 4xx, 501 and other answers.
public enum RuntimeError: Error, Sendable, Equatable {
    /// What UIKit raises: its exception's name (`NSInvalidArgumentException`) and reason
    /// (docs/conformance.md, 2.11). The step's expected problem is compared with it.
    case exception(name: String, reason: String)
    /// What the runtime does not do yet, e.g. `pushViewController is not implemented`.
    case notImplemented(String)
    /// The adapter could not do the step (an id it does not know, a bug of its own).
    case adapterError(String)

    /// `notImplemented` naming the JSON fields `value` (a `ControllerSpec`, a
    /// `ControllerPatch`) sets outside `supported`, or nil when it sets none: a runtime refuses
    /// what it would otherwise silently ignore. Nested specs are not looked into.
    public static func unsupportedFields<Value: Encodable>(of value: Value, supported: Set<String>) -> RuntimeError? {
        guard let bytes = try? ConformanceJSON.compactEncoder.encode(value),
            case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: bytes)
        else { return .adapterError("\(Value.self) could not be read as JSON") }
        let unsupported = fields.keys.filter { !supported.contains($0) }.sorted()
        guard !unsupported.isEmpty else { return nil }
        let name = fields["id"]?.stringValue.map { " " + $0 } ?? ""
        return .notImplemented("\(Value.self)\(name): \(unsupported.joined(separator: ", ")) \(unsupported.count == 1 ? "is" : "are") not implemented")
    }
}
