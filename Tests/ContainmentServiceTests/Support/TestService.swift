import Containment
import ContainmentPersistence
import Foundation
import MicroHTTPTestSupport
import Testing

@testable import ContainmentService

/// A service under test, shut down when the test drops it, in one of two modes (as
/// hummingbird's tests have): `.router` runs each request through the service's request
/// pipeline in this process, with no socket (routing, validation, problems, fields: all a
/// route test needs); `.live` serves on an ephemeral loopback port, for what only a server
/// does (streams, limits, framing, timeouts, shutdown, concurrent connections).
final class TestService: Sendable {
    enum Mode {
        case router
        case live
    }

    let service: ContainmentService
    /// Set in `.router` mode.
    private let client: InProcessHTTPClient<RequestPipeline.RouteMatch>?

    /// The live server's port.
    var port: Int {
        precondition(client == nil, "a .router service has no port: make it .live")
        return service.port
    }

    init(_ mode: Mode = .live, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configure(&configuration)
        service = try ContainmentService(configuration: configuration)
        switch mode {
        case .router:
            client = InProcessHTTPClient(handlers: service.pipeline.handlers, maxBodySize: configuration.http.maxBodySize)
            service.core.markReady()
        case .live:
            client = nil
            try service.start()
        }
    }

    /// A service whose journal commits to `store` (a test's stand-in for a disk).
    init(store: any JournalStore, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configure(&configuration)
        service = try ContainmentService(configuration: configuration, store: store)
        client = nil
        try service.start()
    }

    deinit { service.shutdown() }

    /// One request (live: on a fresh connection); `json` goes as an `application/json` body.
    @discardableResult
    func request(
        _ method: String, _ target: String, json: String? = nil, headers: [(String, String)] = []
    ) throws -> Reply {
        var headers = headers
        if json != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            headers.append(("Content-Type", "application/json"))
        }
        let body = Array((json ?? "").utf8)
        let response: TestHTTPResponse
        if let client {
            response = try client.request(method, target, headers: headers, body: body)
        } else {
            let connection = try TestHTTPConnection(port: port)
            defer { connection.close() }
            response = try connection.request(method, target, headers: headers, body: body)
        }
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }

    /// Creates a tree (manual clock unless said) and returns its creation reply.
    @discardableResult
    func createTree(_ id: String, root: String? = nil, clock: String = "manual", onScreen: Bool = true) throws -> Reply {
        let rootField = root.map { #", "root": \#($0)"# } ?? ""
        let reply = try request(
            "POST", "/v1/trees", json: #"{"id": "\#(id)", "clock": "\#(clock)", "onScreen": \#(onScreen)\#(rootField)}"#)
        try #require(reply.status == 201, "create tree \(id): \(reply.text)")
        return reply
    }
}

/// A response as tests read it.
struct Reply {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var json: JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) ?? .null
    }

    /// The reply's events as `controller.callback(arg)` lines, the way the tests spell UIKit's order.
    var callbacks: [String] { json["events"].callbackLines }
}

extension JSONValue {
    subscript(key: String) -> JSONValue {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }

    subscript(index: Int) -> JSONValue {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return .null
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var int: Int? {
        if case .number(let value) = self { return Int(exactly: value) }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [JSONValue] {
        if case .array(let value) = self { return value }
        return []
    }

    var isNull: Bool { self == .null }

    /// Events written compactly: `map.willMove(root)`, `map.viewWillAppear`, `warning(map)`.
    var callbackLines: [String] {
        array.map { event in
            let controller = event["controller"].string ?? "?"
            guard let callback = event["callback"].string else { return "warning(\(controller))" }
            if callback == "willMove" || callback == "didMove" {
                return "\(controller).\(callback)(\(event["args"]["parent"].string ?? "nil"))"
            }
            return "\(controller).\(callback)"
        }
    }
}
