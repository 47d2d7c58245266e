import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The README's walkthrough through the generated client, with swift-openapi-runtime's
/// default configuration: a tree on a manual clock, add, transition, clock advance, remove,
/// the atomic batch UIKit refuses, a conditional read, and both live streams as the tree is
/// deleted. Prints every event as `[seq, controller, callback, args]`.
/// Usage: ContainmentWalkthrough http://127.0.0.1:8080

let base = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
let client = Client(serverURL: URL(string: base)!, transport: URLSessionTransport())
let tree = "swift-\(UInt32.random(in: 0...UInt32.max))"

struct UnexpectedResponse: Error, CustomStringConvertible {
    var description: String
}

func print(_ step: String, _ events: [Components.Schemas.Event]) {
    Swift.print("== \(step)")
    for event in events {
        var args = "{}"
        if let value = event.args, let data = try? JSONEncoder.sorted.encode(value) {
            args = String(decoding: data, as: UTF8.self)
        }
        Swift.print("[\(event.seq),\"\(event.controller ?? "")\",\"\(event.callback?.rawValue ?? "warning")\",\(args)]")
    }
}

extension JSONEncoder {
    static let sorted: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

let content = Components.Schemas.Rect(x: 0, y: 100, width: 390, height: 744)
let created = try await client.createTree(body: .json(.init(
    id: tree, root: .init(id: "root", title: "Container", containerViews: [.init(id: "content", frame: content)]),
    clock: .manual)))
guard case .created(let createdTree) = created else { throw UnexpectedResponse(description: "create: \(created)") }
print("create the tree \(tree) (manual clock)", try createdTree.body.json.events)

for id in ["map", "list"] {
    guard case .created = try await client.createController(path: .init(tree: tree), body: .json(.init(id: id))) else {
        throw UnexpectedResponse(description: "create controller \(id)")
    }
}

let added = try await client.addChild(
    path: .init(tree: tree, parent: "root"),
    body: .json(.init(child: "map", containerView: "content", frame: .init(x: 0, y: 0, width: 390, height: 744))))
guard case .ok(let addedChild) = added else { throw UnexpectedResponse(description: "add: \(added)") }
print("add map (displayContentController)", try addedChild.body.json.events)

let transition = try await client.transition(
    path: .init(tree: tree, parent: "root"), body: .json(.init(from: "map", to: "list", duration: 0.25)))
guard case .accepted(let running) = transition else { throw UnexpectedResponse(description: "transition: \(transition)") }
let state = try running.body.json.transition
print("transition map → list (cycleFromViewController), \(state.state.rawValue) until \(state.completesAt)", try running.body.json.events)

let advanced = try await client.advanceClock(path: .init(tree: tree), body: .json(.init(advance: 0.25)))
guard case .ok(let clock) = advanced else { throw UnexpectedResponse(description: "advance: \(advanced)") }
let advancedTo = try clock.body.json.time
print("advance the clock 0.25 s, now \(advancedTo)", try clock.body.json.events)

let removed = try await client.removeChild(path: .init(tree: tree, parent: "root", child: "list"))
guard case .ok(let removedChild) = removed else { throw UnexpectedResponse(description: "remove: \(removed)") }
print("remove list (hideContentController)", try removedChild.body.json.events)

let refused = try await client.performCalls(
    path: .init(tree: tree),
    body: .json(.init(calls: [
        .init(receiver: "list", method: "addChild", args: .init(additionalProperties: try .init(unvalidatedValue: ["child": "map"]))),
        .init(receiver: "content", method: "addSubview", args: .init(additionalProperties: try .init(unvalidatedValue: ["view": "map.view"]))),
    ], atomic: true)))
guard case .conflict(let conflict) = refused else { throw UnexpectedResponse(description: "calls: \(refused)") }
let problem = try conflict.body.applicationProblemJson
Swift.print("== the atomic batch UIKit refuses")
Swift.print("\(problem.status) \(problem.title) (\(problem.code)) at call \(problem.callIndex ?? -1), applied \(problem.applied ?? -1): \(problem.detail)")

// A conditional read: the runtime percent-encodes the entity tag's quotes (`%22…%22`), and
// the service still recognises it.
guard case .ok(let read) = try await client.getTree(path: .init(tree: tree)), let tag = read.headers.eTag else {
    throw UnexpectedResponse(description: "get tree")
}
let again = try await client.getTree(path: .init(tree: tree), headers: .init(ifNoneMatch: tag))
guard case .notModified = again else { throw UnexpectedResponse(description: "If-None-Match: \(again)") }
Swift.print("== GET the tree again with If-None-Match: \(tag): 304 Not Modified")

// Both live stream formats, read with the runtime's typed decoders: every SSE `data:` and every
// NDJSON line is one StreamLine. They replay from seq 40, then the tree is deleted under them.
typealias StreamLine = Components.Schemas.StreamLine

func stream(_ format: Operations.ListEvents.AcceptableContentType) async throws -> [StreamLine] {
    let response = try await client.listEvents(
        path: .init(tree: tree), query: .init(after: 40), headers: .init(accept: [.init(contentType: format)]))
    guard case .ok(let ok) = response else { throw UnexpectedResponse(description: "stream: \(response)") }
    var lines: [StreamLine] = []
    if format == .textEventStream {
        for try await message in try ok.body.textEventStream.asDecodedServerSentEventsWithJSONData(of: StreamLine.self) {
            guard let line = message.data else { continue }
            lines.append(line)
            if case .StreamTreeDeletedMessage = line { break }
        }
    } else {
        for try await line in try ok.body.applicationXNdjson.asDecodedJSONLines(of: StreamLine.self) {
            lines.append(line)
            if case .StreamTreeDeletedMessage = line { break }
        }
    }
    return lines
}

func describe(_ line: StreamLine) -> String {
    switch line {
    case .Event(let event): "[\(event.seq),\"\(event.controller ?? "")\",\"\(event.callback?.rawValue ?? "warning")\"]"
    case .StreamResetMessage(let message): "reset: replay from \(message.reset.oldestSeq)"
    case .StreamTreeDeletedMessage(let message): "treeDeleted: \(message.treeDeleted.tree) after \(message.treeDeleted.lastSeq)"
    case .StreamTreeMovedMessage(let message): "treeMoved: \(message.treeMoved.tree)"
    case .StreamShutdownMessage(let message): "shutdown: \(message.shutdown.reason)"
    case .StreamHeartbeatMessage: "heartbeat"
    }
}

async let serverSentEvents = stream(.textEventStream)
async let jsonLines = stream(.applicationXNdjson)
// The streams subscribe while this waits; deleting the tree then ends both.
try await Task.sleep(for: .seconds(1))
guard case .ok = try await client.deleteTree(path: .init(tree: tree)) else { throw UnexpectedResponse(description: "delete") }
// Heartbeats come when a stream's turn is due (NDJSON lines; SSE comments never reach here).
let isHeartbeat: (StreamLine) -> Bool = { if case .StreamHeartbeatMessage = $0 { true } else { false } }
let (sse, ndjsonWithHeartbeats) = try await (serverSentEvents, jsonLines)
let ndjson = ndjsonWithHeartbeats.filter { !isHeartbeat($0) }
Swift.print("== delete the tree while streaming: SSE")
sse.forEach { Swift.print(describe($0)) }
Swift.print(
    "== the same on NDJSON: \(ndjson.map(describe) == sse.map(describe) ? "identical" : "DIFFERENT")"
        + " (and \(ndjsonWithHeartbeats.count - ndjson.count) heartbeat lines)")
guard ndjson.map(describe) == sse.map(describe), case .StreamTreeDeletedMessage? = sse.last else {
    throw UnexpectedResponse(description: "streams: \(ndjson.map(describe)) vs \(sse.map(describe))")
}
Swift.print("== done")
