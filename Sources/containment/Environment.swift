import ArgumentParser
import FoundationEssentials

/// Reads option fallbacks from the environment: the flag wins, then the variable, then the default.
struct Environment {
    let variables = ProcessInfo.processInfo.environment

    func value<Value: LosslessStringConvertible>(_ option: Value?, _ name: String, default fallback: Value) throws -> Value {
        if let option { return option }
        guard let text = variables[name], !text.isEmpty else { return fallback }
        guard let value = Value(text) else {
            throw ValidationError("Environment variable \(name)=\(text) is not a valid value.")
        }
        return value
    }
}
