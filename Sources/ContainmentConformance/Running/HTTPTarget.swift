import Containment
import FoundationEssentials

/// Runs scenarios against any server that speaks the REST API (docs/conformance.md lists the
/// calls an adapter must answer): our own service, or a runtime's adapter.
public struct HTTPTarget<Transport: HTTPTransport>: ScenarioTarget {
    public let transport: Transport
    private var treeID: String?
    /// Whether the last request got no answer at all.
    private var lastExchangeFailed = false

    public init(transport: Transport) { self.transport = transport }

    public mutating func start(_ scenario: Scenario) throws(ScenarioTargetError) -> StepOutcome {
        treeID = nil
        let body = CreateTree(root: scenario.tree.root, onScreen: scenario.tree.onScreen, window: scenario.tree.window)
        let reply = try exchange("POST", "/v1/trees", body)
        if reply.problem == nil {
            guard let id = reply.tree?.id else { throw ScenarioTargetError("POST /v1/trees answered without `tree.id`") }
            treeID = id
        }
        return reply.outcome
    }

    public mutating func perform(_ action: StepAction) throws(ScenarioTargetError) -> StepOutcome {
        guard let treeID else { throw ScenarioTargetError("the scenario's tree could not be built") }
        let tree = "/v1/trees/\(Self.escape(treeID))"
        let reply: Reply
        switch action {
        case .calls(let calls):
            reply = try exchange("POST", "\(tree)/calls", Calls(calls: calls))
        case .window(let window):
            reply = try exchange("POST", "\(tree)/calls", Calls(calls: window.calls))
        case .add(let add):
            reply = try exchange(
                "POST", "\(tree)/controllers/\(Self.escape(add.parent))/children",
                Add(child: add.child, containerView: add.containerView, frame: add.frame))
        case .remove(let remove):
            reply = try exchange("DELETE", "\(tree)/controllers/\(Self.escape(remove.parent))/children/\(Self.escape(remove.child))", nil as Calls?)
        case .transition(let transition):
            reply = try exchange(
                "POST", "\(tree)/controllers/\(Self.escape(transition.parent))/transitions",
                Transition(from: transition.from, to: transition.to, duration: transition.duration, options: transition.options))
        case .advance(let seconds):
            reply = try exchange("POST", "\(tree)/clock", Advance(advance: seconds))
        case .create(let spec):
            reply = try exchange("POST", "\(tree)/controllers", spec)
        case .update(let update):
            reply = try exchange("PATCH", "\(tree)/controllers/\(Self.escape(update.controller))", update.patch)
        }
        return reply.outcome
    }

    public mutating func finish() {
        defer { treeID = nil }
        // After a transport failure the adapter is gone or busy: another request would only
        // cost another timeout.
        guard let treeID, !lastExchangeFailed else { return }
        _ = try? transport.send("DELETE", "/v1/trees/\(Self.escape(treeID))", json: nil)
    }

    /// One request and its answer read as the API's (docs/conformance.md, "What an answer
    /// must carry"): a 2xx with `events`, or a 4xx problem; 501, and 404/405 for a route the
    /// adapter lacks, mean not implemented; anything else is the adapter's error.
    private mutating func exchange<Body: Encodable>(_ method: String, _ path: String, _ body: Body?) throws(ScenarioTargetError) -> Reply {
        let bytes: [UInt8]?
        do {
            bytes = try body.map { Array(try ConformanceJSON.compactEncoder.encode($0)) }
        } catch {
            throw ScenarioTargetError("\(method) \(path): the request could not be encoded: \(error)")
        }
        lastExchangeFailed = true
        let answer = try transport.send(method, path, json: bytes)
        lastExchangeFailed = false
        let request = "\(method) \(path)"
        // 501 Not Implemented; 404 and 405 are what a web framework answers for a route the
        // adapter does not have.
        if answer.status == 501 || answer.status == 404 || answer.status == 405 {
            throw ScenarioTargetError("\(request) answered \(answer.status)\(Self.reason(answer.body))", kind: .notImplemented)
        }
        let reply: Reply
        do {
            reply = try JSONDecoder().decode(Reply.self, from: Data(answer.body))
        } catch {
            let text = String(decoding: answer.body.prefix(200), as: UTF8.self)
            throw ScenarioTargetError("\(request) answered \(answer.status) with a body that is not the API's JSON: \(text)")
        }
        switch answer.status {
        case 200..<300:
            guard reply.events != nil else { throw ScenarioTargetError("\(request) answered \(answer.status) without `events`") }
            return reply
        case 400..<500:
            guard reply.title != nil else { throw ScenarioTargetError("\(request) answered \(answer.status) without a problem title") }
            return reply.asProblem
        default:
            throw ScenarioTargetError("\(request) answered \(answer.status)\(Self.reason(answer.body))")
        }
    }

    /// `: detail` of a problem (or its title), else the start of the body's first line.
    private static func reason(_ body: [UInt8]) -> String {
        if case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) {
            for key in ["detail", "title"] {
                if case .string(let text)? = fields[key], !text.isEmpty { return ": " + text }
            }
        }
        let line = String(decoding: body.prefix(200), as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" }
        return line.isEmpty ? "" : ": " + line
    }

    /// Ids are `[A-Za-z0-9._-]`, safe in a path; anything else is percent-encoded.
    private static func escape(_ segment: String) -> String {
        var escaped = ""
        for byte in segment.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || "._-~".unicodeScalars.contains(scalar)
            {
                escaped.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                escaped += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return escaped
    }

    private struct CreateTree: Encodable {
        var clock = "manual"
        var root: ControllerSpec?
        var onScreen: Bool?
        var window: ScenarioWindow?
    }

    private struct Calls: Encodable { var calls: [RawCall] }

    private struct Add: Encodable {
        var child: String
        var containerView: String?
        var frame: Rect?
    }

    private struct Transition: Encodable {
        var from: String
        var to: String
        var duration: Double?
        var options: [String]?
    }

    private struct Advance: Encodable { var advance: Double }

    /// Any answer of the API: a mutation's `events` (and, for a new tree, `tree.id`), or a
    /// problem's `title` and `detail` with the events kept before it.
    private struct Reply: Decodable {
        var events: [TraceEvent]?
        var tree: TreeReference?
        var title: String?
        var detail: String?
        var isProblem = false

        struct TreeReference: Decodable { var id: String }

        enum CodingKeys: String, CodingKey { case events, tree, title, detail }

        var asProblem: Reply {
            var copy = self
            copy.isProblem = true
            return copy
        }

        var problem: TraceProblem? {
            guard isProblem, let title else { return nil }
            return TraceProblem(title: title, detail: detail ?? "")
        }

        var outcome: StepOutcome { StepOutcome(events: events ?? [], problem: problem) }
    }
}
