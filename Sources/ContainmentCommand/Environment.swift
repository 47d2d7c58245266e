import ArgumentParser
import Glibc

/// Reads option fallbacks from the environment: the flag wins, then the variable, then the default.
///
/// Variables are read with `getenv` rather than `ProcessInfo`, which would pull Foundation's
/// code pages into the idle service's memory.
struct Environment {
    /// The variable's value, or nil when unset; tests pass a dictionary's lookup.
    var variable: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }

    func value<Value: LosslessStringConvertible>(_ option: Value?, _ name: String, default fallback: Value) throws -> Value {
        if let option { return option }
        guard let text = variable(name), !text.isEmpty else { return fallback }
        guard let value = Value(text) else {
            throw ValidationError("Environment variable \(name)=\(text) is not a valid value.")
        }
        return value
    }
}
