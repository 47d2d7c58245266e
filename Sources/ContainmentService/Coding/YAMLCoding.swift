import Yams

/// YAML request bodies (tree and controller specs), decoded into the same models as JSON and
/// refused with the same field-naming problems.
enum YAMLCoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(Problem) -> Value {
        do {
            return try YAMLDecoder().decode(type, from: String(decoding: bytes, as: UTF8.self))
        } catch let error as DecodingError {
            throw Problem(decodingError: error, format: .yaml)
        } catch {
            throw Problem.badRequest("The body is not valid YAML: \(error).", code: "malformed_yaml")
        }
    }
}
