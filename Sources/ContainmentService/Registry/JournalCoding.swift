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

    /// Starts a snapshot whose controller and view tables follow its JSON (see `encodeSnapshot`);
    /// one that starts with `{` is JSON only, as the first persisting build wrote them.
    private static let tablesMagic = Array("CTS2".utf8)

    /// `CTS2`, the JSON's length (4 bytes, little-endian), `{"events": [...], "state": {...}}`
    /// (the retained events as clients get them, the rest of the state through `JSONEncoder`)
    /// and then the controller and view tables in `TreeState`'s compact form, which restores
    /// a big tree several times faster than `JSONDecoder` reads it.
    static func encodeSnapshot(_ state: TreeState) -> [UInt8] {
        var state = state
        let tables = state.takeTables()
        // A tree's retained events make most of a snapshot (about a megabyte at 10,000): the
        // writer starts big enough for them and the parts are copied once, into a buffer of
        // the final size, not through a chain of `+`.
        var writer = JSONWriter(reservingCapacity: 64 + 160 * state.retainedEvents.count)
        state.retainedEvents.writeJSON(to: &writer)
        state.retainedEvents = []
        let events = writer.bytes
        let rest = JSONCoding.encodeWithFoundation(state, pretty: false)
        let eventsKey = #"{"events":"#.utf8
        let stateKey = #","state":"#.utf8
        let jsonCount = eventsKey.count + events.count + stateKey.count + rest.count + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tablesMagic.count + 4 + jsonCount + tables.count)
        bytes += tablesMagic
        withUnsafeBytes(of: UInt32(jsonCount).littleEndian) { bytes += $0 }
        bytes += eventsKey
        bytes += events
        bytes += stateKey
        bytes += rest
        bytes.append(UInt8(ascii: "}"))
        bytes += tables
        return bytes
    }

    static func decodeSnapshot(_ bytes: [UInt8]) throws -> TreeState {
        guard bytes.starts(with: tablesMagic) else { return try decodeEnvelope(bytes[...]) }
        let lengthEnd = tablesMagic.count + 4
        guard bytes.count >= lengthEnd else { throw TreeStateError(message: "the snapshot ends early") }
        let length = bytes[tablesMagic.count..<lengthEnd].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - lengthEnd else { throw TreeStateError(message: "the snapshot ends early") }
        var state = try decodeEnvelope(bytes[lengthEnd..<lengthEnd + length])
        try state.restoreTables(from: Array(bytes[(lengthEnd + length)...]))
        return state
    }

    private static func decodeEnvelope(_ bytes: ArraySlice<UInt8>) throws -> TreeState {
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
