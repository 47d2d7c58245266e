import Containment

/// Read member by member straight into `RawCall`s, without a `JSONValue` (a dictionary per
/// call) for the whole body first.
extension CallsBody: QuickJSONDecodable {
    init?(quickJSON parser: inout JSONQuickParser) {
        var calls: [RawCall]?
        var atomic: Bool??
        let parsed = parser.object(depth: 0) { parser, key in
            if key == "calls" {
                guard calls == nil else { return false }
                var batch: [RawCall] = []
                let parsed = parser.array(depth: 1) { parser in
                    guard let call = parser.rawCall(depth: 2) else { return false }
                    batch.append(call)
                    return true
                }
                calls = batch
                return parsed
            } else if key == "atomic" {
                guard atomic == nil, let value = parser.nullable({ $0.bool() }) else { return false }
                atomic = value
                return true
            } else {
                return false
            }
        }
        guard parsed, let calls else { return nil }
        self.init(calls: calls, atomic: atomic ?? nil)
    }
}

extension JSONQuickParser {
    /// One call: `receiver` and `method` strings, `args` an object, `null` or left out.
    fileprivate mutating func rawCall(depth: Int) -> RawCall? {
        var receiver: String?
        var method: String?
        var args: [String: JSONValue]?
        var seenArgs = false
        let parsed = object(depth: depth) { parser, key in
            if key == "receiver" {
                guard receiver == nil, let text = parser.string() else { return false }
                receiver = text
                return true
            } else if key == "method" {
                guard method == nil, let text = parser.string() else { return false }
                method = text
                return true
            } else if key == "args" {
                guard !seenArgs else { return false }
                seenArgs = true
                switch parser.value(depth: depth + 1) {
                case .null?: return true
                case .object(let members)?: args = members; return true
                default: return false
                }
            } else {
                return false
            }
        }
        guard parsed, let receiver, let method else { return nil }
        return RawCall(receiver: receiver, method: method, args: args)
    }
}
