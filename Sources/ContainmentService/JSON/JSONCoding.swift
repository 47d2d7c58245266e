import FoundationEssentials

/// The service's one way to turn values into JSON and back, so every response has the same
/// shape rules and every decoding failure names the field at fault.
enum JSONCoding {
    /// Every response body and stream frame comes from here. Compact JSON, the hot path, is
    /// written by `JSONWriter`; `?pretty` JSON, for humans, goes through `JSONEncoder`, whose
    /// compact output `JSONWriter` reproduces byte for byte (sorted keys, unescaped slashes).
    static func encode<Value: Encodable & JSONWritable>(_ value: Value, pretty: Bool) -> [UInt8] {
        guard pretty else {
            var writer = JSONWriter()
            value.writeJSON(to: &writer)
            return writer.bytes
        }
        return encodeWithFoundation(value, pretty: true)
    }

    /// Through `JSONEncoder`: for `?pretty`, and for the few bodies off the hot path that have
    /// no `JSONWriter` form (the conformance routes).
    static func encodeWithFoundation<Value: Encodable>(_ value: Value, pretty: Bool) -> [UInt8] {
        let encoder = JSONEncoder()
        // Sorted keys: the same state always prints the same bytes, so clients can diff responses.
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Our models always encode; reaching this is a bug worth a 500, not a crash.
            return Array(
                #"{"type":"about:blank","title":"Internal Server Error","status":500,"code":"encoding_failed","detail":"Response could not be encoded."}"#.utf8)
        }
    }

    /// Decodes `bytes` strictly (an unknown field is refused, see `StrictDecoder`, and so is a
    /// key given twice in one object, which JSONDecoder would let one value win), turning
    /// Foundation's errors into a 400 that names the field.
    /// `limit`: how many JSON objects the body may hold, and the problem past it.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], limit: (objects: Int, problem: Problem)? = nil
    ) throws(Problem) -> Value {
        switch JSONBodyCheck.check(bytes, maxObjects: limit?.objects ?? .max) {
        case .duplicateKey(let key, let path)?:
            let field = path.isEmpty ? key : path + "." + key
            throw .badRequest("The body gives the key `\(field)` twice.", field: field, code: "duplicate_key")
        case .tooManyObjects?:
            throw limit?.problem ?? .internalError("no object limit was set")
        case nil:
            break
        }
        do {
            return try StrictDecoder.decode(type, from: Data(bytes))
        } catch let problem as Problem {
            throw problem
        } catch let error as DecodingError {
            throw Problem(decodingError: error, format: .json)
        } catch {
            throw Problem.badRequest("The body could not be decoded: \(error).", code: "malformed_json")
        }
    }
}
