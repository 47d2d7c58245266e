import FoundationEssentials

/// YAML request bodies (tree and controller specs), decoded into the same models as JSON and
/// refused with the same field-naming problems.
enum YAMLCoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(Problem) -> Value {
        // YAML is read into the JSON text it stands for, so a YAML spec builds exactly as its JSON twin.
        let json = try YAMLDocumentReader.json(from: bytes)
        do {
            return try StrictDecoder.decode(type, from: Data(json))
        } catch let problem as Problem {
            throw problem
        } catch let error as DecodingError {
            throw Problem(decodingError: error, format: .yaml)
        } catch {
            throw Problem.badRequest("The body is not valid YAML: \(error).", code: "malformed_yaml")
        }
    }
}
