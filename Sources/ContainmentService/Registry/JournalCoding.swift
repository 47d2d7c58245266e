import Containment
import ContainmentPersistence
import FoundationEssentials

/// How the state directory holds mutations and snapshots, the service's side of the store's
/// bytes. Both are on the hot path of every journaled request, so each takes the cheapest
/// exact form: a raw-call batch keeps its request body as received (the route's own decoder
/// reads it back), and a snapshot's event log is written by `JSONWriter`, not `JSONEncoder`.
enum JournalCoding {
    /// Marks a mutation stored as a `/calls` request body; a `TreeMutation`'s JSON starts with `{`.
    private static let callsPrefix = Array("calls ".utf8)

    /// `body`: the request body a raw-call batch was decoded from, kept as is.
    static func encode(_ mutation: TreeMutation, body: [UInt8]?) -> [UInt8] {
        if case .calls = mutation, let body { return callsPrefix + body }
        return JSONCoding.encodeWithFoundation(mutation, pretty: false)
    }

    static func decode(_ bytes: [UInt8]) throws -> TreeMutation {
        guard bytes.starts(with: callsPrefix) else { return try JSONDecoder().decode(TreeMutation.self, from: Data(bytes)) }
        let body = Array(bytes.dropFirst(callsPrefix.count))
        let calls = try CallsBody(quickJSON: body) ?? JSONCoding.decode(CallsBody.self, from: body)
        return .calls(calls.calls, atomic: calls.atomic ?? false)
    }

    /// `{"events": [...], "state": {...}}`: the retained events as clients get them, the rest
    /// of the state through `JSONEncoder`.
    static func encodeSnapshot(_ tree: ContainmentTree) -> [UInt8] {
        var state = tree.state
        var writer = JSONWriter()
        state.retainedEvents.writeJSON(to: &writer)
        state.retainedEvents = []
        return Array(#"{"events":"#.utf8) + writer.bytes + Array(#","state":"#.utf8)
            + JSONCoding.encodeWithFoundation(state, pretty: false) + Array("}".utf8)
    }

    static func decodeSnapshot(_ bytes: [UInt8]) throws -> TreeState {
        let envelope = try JSONDecoder().decode(SnapshotEnvelope.self, from: Data(bytes))
        var state = envelope.state
        state.retainedEvents = envelope.events
        return state
    }

    private struct SnapshotEnvelope: Decodable {
        var events: [Event]
        var state: TreeState
    }
}
