import Containment

extension CallsBody {
    /// The batch `bytes` hold when they are plain JSON of the expected shape; nil leaves the
    /// decision (and any 400 naming the field) to the strict decoder, which refuses unknown
    /// keys: a key the quick reader does not know makes it step aside. Read member by member straight into `RawCall`s: building
    /// a `JSONValue` for the whole body first cost a dictionary per call.
    init?(quickJSON bytes: [UInt8]) {
        guard let body = JSONQuickParser.reading(bytes, { $0.callsBody() }) else { return nil }
        self = body
    }
}

extension JSONQuickParser {
    /// The whole document as a batch.
    fileprivate mutating func callsBody() -> CallsBody? {
        var calls: [RawCall]?
        var atomic: Bool?
        var seenAtomic = false
        let parsed = object(depth: 0) { parser, key in
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
                guard !seenAtomic else { return false }
                seenAtomic = true
                switch parser.value(depth: 1) {
                case .null?: return true
                case .bool(let flag)?: atomic = flag; return true
                default: return false
                }
            } else {
                return false
            }
        }
        guard parsed, isAtEnd(), let calls else { return nil }
        return CallsBody(calls: calls, atomic: atomic)
    }

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
