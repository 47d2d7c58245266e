/// The value a callback was called with (rule 40), which its override's calls pass on where
/// an argument is `{"callbackArgument": name}`: `animated` in the appearance callbacks, the
/// parent in `willMove`/`didMove`, as an app's override writes `animated: animated`.
enum CallbackValue {
    case none
    case animated(Bool)
    case parent(String?)

    /// The argument's key in a raw call: `{"callbackArgument": "animated"}`.
    static let key = "callbackArgument"

    /// The value as an argument, nil for a callback without one.
    private var json: JSONValue? {
        switch self {
        case .none: nil
        case .animated(let animated): .bool(animated)
        case .parent(let parent): parent.map(JSONValue.string) ?? .null
        }
    }

    /// `call` with each `callbackArgument` replaced by the value; the call itself (no copy)
    /// when it passes nothing on.
    func passedOn(into call: RawCall) -> RawCall {
        guard let json, call.passesCallbackArgument else { return call }
        var call = call
        for (name, value) in call.args ?? [:] where Self.isCallbackArgument(value) {
            call.args?[name] = json
        }
        return call
    }

    /// Whether `value` is an object naming a callback's parameter (of any shape).
    static func isCallbackArgument(_ value: JSONValue) -> Bool {
        guard case .object(let fields) = value else { return false }
        return fields[key] != nil
    }
}

extension RawCall {
    /// Whether an argument stands for a callback's parameter: checked without a copy.
    var passesCallbackArgument: Bool {
        args?.values.contains(where: CallbackValue.isCallbackArgument) ?? false
    }
}
