import CLibFuzzerDriver
import Containment
import FoundationEssentials
import Logging

@testable import ContainmentService

/// libFuzzer's entry point: every input goes through each request-body decoder and the router.
/// Besides "never crash, never hang", two decoders are checked against a second opinion:
/// - the quick body parsers (`/calls`, transitions, add-child), when they accept a body, must
///   agree with JSONDecoder;
/// - the YAML reader, when it accepts a body, must write JSON that JSONDecoder reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func containmentFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    FuzzChecks.quickAgreesWithJSONDecoder(CallsBody.self, bytes)
    FuzzChecks.quickAgreesWithJSONDecoder(TransitionBody.self, bytes)
    FuzzChecks.quickAgreesWithJSONDecoder(AddChildBody.self, bytes)
    FuzzChecks.yamlBecomesValidJSON(bytes)
    FuzzChecks.bodiesDecodeOrRefuse(bytes)
    FuzzChecks.routerMatchesFirstLine(bytes)
    return 0
}

/// SwiftPM links a debug executable with its entry point renamed to `<module>_main` (so tests
/// can import it) and `main` pointing there: this is that entry point, handing over to
/// libFuzzer's driver, which then runs as its own `main` would.
@_cdecl("ContainmentFuzz_main")
public func containmentFuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var argc = argc
    var argv = argv
    return CLibFuzzerDriver_run(&argc, &argv) { containmentFuzz($0, $1) }
}

enum FuzzChecks {
    static func quickAgreesWithJSONDecoder<Body: QuickJSONDecodable & Equatable>(_ type: Body.Type, _ bytes: [UInt8]) {
        guard let quick = Body(quickJSON: bytes) else { return }
        guard let full = try? JSONCoding.decode(type, from: bytes) else {
            fatalError("the quick parser accepted a \(type) JSONDecoder refuses: \(String(decoding: bytes, as: UTF8.self))")
        }
        precondition(quick == full, "the quick parser and JSONDecoder disagree on a \(type): \(String(decoding: bytes, as: UTF8.self))")
    }

    static func yamlBecomesValidJSON(_ bytes: [UInt8]) {
        guard let json = try? YAMLDocumentReader.json(from: bytes) else { return }
        guard (try? JSONCoding.decode(JSONValue.self, from: json)) != nil else {
            fatalError("the YAML reader wrote invalid JSON: \(String(decoding: json, as: UTF8.self))")
        }
    }

    /// Every body type a route reads, as JSON and as YAML: a value or a problem, nothing else.
    static func bodiesDecodeOrRefuse(_ bytes: [UInt8]) {
        _ = try? JSONCoding.decode(CreateTreeBody.self, from: bytes)
        _ = try? JSONCoding.decode(ControllerSpec.self, from: bytes)
        _ = try? JSONCoding.decode(ControllerPatch.self, from: bytes)
        _ = try? JSONCoding.decode(AddChildBody.self, from: bytes)
        _ = try? JSONCoding.decode(TransitionBody.self, from: bytes)
        _ = try? JSONCoding.decode(ClockBody.self, from: bytes)
        if let spec = try? YAMLCoding.decode(ControllerSpec.self, from: bytes) {
            _ = try? FieldLimits.check(spec, field: nil)
        }
    }

    /// The first line as `METHOD path`.
    static func routerMatchesFirstLine(_ bytes: [UInt8]) {
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
        let method = String(decoding: line[..<space], as: UTF8.self)
        let path = String(decoding: line[(space + 1)...], as: UTF8.self)
        _ = router.match(method: method, path: path)
    }

    /// The service's real routes, over a core that never serves.
    static let router = Router.containment(
        ServiceCore(configuration: ServiceConfiguration(), logger: Logger(label: "fuzz")))
}
