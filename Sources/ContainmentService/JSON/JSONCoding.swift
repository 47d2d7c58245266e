import Foundation

/// The service's one way to turn values into JSON and back, so every response has the same
/// shape rules and every decoding failure names the field at fault.
enum JSONCoding {
    static func encode<Value: Encodable>(_ value: Value, pretty: Bool) -> [UInt8] {
        let encoder = JSONEncoder()
        // Sorted keys: the same state always prints the same bytes, so clients can diff responses.
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Our models always encode; reaching this is a bug worth a 500, not a crash.
            return Array(#"{"type":"about:blank","title":"Internal Server Error","status":500,"code":"encoding_failed","detail":"Response could not be encoded."}"#.utf8)
        }
    }

    /// Decodes `bytes`, turning Foundation's errors into a 400 that names the field.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(Problem) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw Problem(decodingError: error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.badRequest("The body could not be decoded: \(error).", code: "malformed_json")
        }
    }
}

extension Problem {
    init(decodingError error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            let field = JSONFieldPath(context.codingPath + [key]).description
            self = .badRequest("Missing required field `\(field)`.", field: field, code: "missing_field")
        case .typeMismatch(let type, let context):
            let field = JSONFieldPath(context.codingPath).description
            self = .badRequest(
                "Field `\(field)` has the wrong type (expected \(JSONFieldPath.jsonTypeName(type))).",
                field: field.isEmpty ? nil : field, code: "invalid_field")
        case .valueNotFound(let type, let context):
            let field = JSONFieldPath(context.codingPath).description
            self = .badRequest(
                "Field `\(field)` must not be null (expected \(JSONFieldPath.jsonTypeName(type))).",
                field: field.isEmpty ? nil : field, code: "invalid_field")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self = .badRequest("The body is not valid JSON.", code: "malformed_json")
            } else {
                let field = JSONFieldPath(context.codingPath).description
                self = .badRequest("Field `\(field)` is invalid: \(context.debugDescription)", field: field, code: "invalid_field")
            }
        @unknown default:
            self = .badRequest("The body could not be decoded.", code: "malformed_json")
        }
    }
}

/// A coding path written the way a JSON user reads it: `calls[3].args.child`.
struct JSONFieldPath: CustomStringConvertible {
    var keys: [any CodingKey]

    init(_ keys: [any CodingKey]) { self.keys = keys }

    var description: String {
        var path = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        case is Double.Type, is Float.Type: "number"
        case is Int.Type, is Int64.Type, is UInt64.Type, is UInt.Type, is Int32.Type: "integer"
        case is [Any].Type: "array"
        case is [String: Any].Type: "object"
        default: "\(type)"
        }
    }
}
