extension Problem {
    /// A 400 naming the field at fault; `format` words the message for a body that didn't parse.
    init(decodingError error: DecodingError, format: BodyFormat) {
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
                self =
                    format != .yaml
                    ? .badRequest("The body is not valid JSON.", code: "malformed_json")
                    : .badRequest("The body is not valid YAML (or nests too deeply).", code: "malformed_yaml")
            } else {
                let field = JSONFieldPath(context.codingPath).description
                self = .badRequest("Field `\(field)` is invalid: \(context.debugDescription)", field: field, code: "invalid_field")
            }
        @unknown default:
            self = .badRequest("The body could not be decoded.", code: format != .yaml ? "malformed_json" : "malformed_yaml")
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
