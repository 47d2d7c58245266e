import Containment

extension CallsBody {
    /// The batch `bytes` hold when they are plain JSON of the expected shape; nil leaves the
    /// decision (and any 400 naming the field) to JSONDecoder. Unknown keys are ignored, as
    /// JSONDecoder ignores them.
    init?(quickJSON bytes: [UInt8]) {
        guard case .object(let members) = JSONQuickParser.parse(bytes),
              case .array(let elements) = members["calls"] else { return nil }
        switch members["atomic"] {
        case nil, .null?: atomic = nil
        case .bool(let flag)?: atomic = flag
        default: return nil
        }
        var calls: [RawCall] = []
        calls.reserveCapacity(elements.count)
        for element in elements {
            guard case .object(let call) = element,
                  case .string(let receiver) = call["receiver"],
                  case .string(let method) = call["method"] else { return nil }
            switch call["args"] {
            case nil, .null?: calls.append(RawCall(receiver: receiver, method: method))
            case .object(let args)?: calls.append(RawCall(receiver: receiver, method: method, args: args))
            default: return nil
            }
        }
        self.calls = calls
    }
}
