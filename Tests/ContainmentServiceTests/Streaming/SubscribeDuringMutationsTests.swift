import Containment
import Dispatch
import Foundation
import Synchronization
import Testing

/// Batches of a tree without streams skip the fan-out. A stream that subscribes while
/// mutations run must still get every event after its resume point exactly once, in order:
/// the replay covers what was published before it subscribed, live delivery what came after.
@Suite struct SubscribeDuringMutationsTests {
    private static let batchesPerWriter = 120
    private static let writers = 2

    /// One add+remove cycle of `child` (9 events).
    private static func cycle(_ child: String) -> String {
        #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "\#(child)"}}, "#
            + #"{"receiver": "root.view", "method": "addSubview", "args": {"view": "\#(child).view"}}, "#
            + #"{"receiver": "\#(child)", "method": "didMove", "args": {"toParent": "root"}}, "#
            + #"{"receiver": "\#(child)", "method": "willMove", "args": {"toParent": null}}, "#
            + #"{"receiver": "\#(child).view", "method": "removeFromSuperview"}, "#
            + #"{"receiver": "\#(child)", "method": "removeFromParent"}]}"#
    }

    /// Writers mutate the tree while streams open one after another (each on a tree that,
    /// between them, often has no stream: the previous one was closed), resuming from the
    /// start, from `?after=` and from `Last-Event-ID`. Streams closed early saw an exact run
    /// of the log; the streams kept to the end saw everything after their resume point.
    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func streamsOpenedDuringMutationsMissAndRepeatNothing(format: EventStreamClient.Format) throws {
        let service = try TestService()
        let children = (0..<Self.writers).map { "w\($0)" }
        let spec = #"{"id": "root", "children": ["# + children.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ") + "]}"
        try service.createTree("race", root: spec)
        for child in children {
            let detach =
                #"{"calls": [{"receiver": "\#(child)", "method": "willMove", "args": {"toParent": null}}, "#
                + #"{"receiver": "\#(child).view", "method": "removeFromSuperview"}, "#
                + #"{"receiver": "\#(child)", "method": "removeFromParent"}]}"#
            try #require(try service.request("POST", "/v1/trees/race/calls", json: detach).status == 200)
        }

        let completed = Atomic<Int>(0)
        // Past half their batches the writers wait for 8 streams (2 kept): on a loaded machine
        // they could otherwise finish before the test opened any, and nothing would be raced.
        let streamsOpened = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        let writersDone = DispatchGroup()
        for child in children {
            DispatchQueue.global().async(group: writersDone) {
                for batch in 0..<Self.batchesPerWriter {
                    while batch >= Self.batchesPerWriter / 2, streamsOpened.load(ordering: .relaxed) < 8 { usleep(1_000) }
                    do {
                        let reply = try service.request("POST", "/v1/trees/race/calls", json: Self.cycle(child))
                        if reply.status != 200 { failures.withLock { $0.append("\(reply.status) \(reply.text)") } }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                    completed.add(1, ordering: .relaxed)
                }
            }
        }

        // Streams opened while the writers run: most are read a little and closed, every
        // fourth stays open to the end. Each remembers its resume point.
        var kept: [(stream: EventStreamClient, after: Int)] = []
        var closedEarly: [(messages: [EventStreamClient.Message], after: Int)] = []
        var lastSeen = 0
        var opened = 0
        let total = Self.batchesPerWriter * Self.writers
        while completed.load(ordering: .relaxed) < total * 9 / 10 {
            let after: Int
            var headers: [(String, String)] = []
            var target = "/v1/trees/race/events"
            switch opened % 3 {
            case 0: after = 0
            case 1:
                after = lastSeen
                target += "?after=\(after)"
            default:
                after = lastSeen
                headers = [("Last-Event-ID", String(after))]
            }
            let stream = try EventStreamClient(port: service.port, target, format: format, headers: headers)
            try #require(stream.status == 200)
            opened += 1
            streamsOpened.store(opened, ordering: .relaxed)
            if opened % 4 == 0 {
                kept.append((stream, after))
                continue
            }
            // A few messages, so that the stream lives across some batches, then gone.
            var messages: [EventStreamClient.Message] = []
            for _ in 0..<(opened % 5 + 1) * 4 {
                guard let message = try stream.next() else { break }
                messages.append(message)
            }
            lastSeen = messages.last?.data["seq"].int ?? lastSeen
            stream.connection.close()
            closedEarly.append((messages, after))
        }
        writersDone.wait()
        #expect(failures.withLock { $0 } == [])
        try #require(kept.count >= 2, "the writers finished before the test could open streams")

        let log = try Self.wholeLog(service, tree: "race")
        let lastSeq = try #require(log.last?["seq"].int)
        #expect(log.compactMap { $0["seq"].int } == Array(1...lastSeq))

        for (stream, after) in kept {
            let messages = try stream.messages { $0.data["seq"].int == lastSeq }
            #expect(messages.map(\.data) == Array(log[after...]), "stream after \(after): every later event once, in order")
            if format == .sse {
                #expect(messages.map(\.id) == log[after...].map { $0["seq"].int.map(String.init) })
            }
        }
        for (messages, after) in closedEarly {
            #expect(messages.map(\.data) == Array(log[after...].prefix(messages.count)), "early stream after \(after)")
        }
    }

    /// An all-trees stream opened during mutations (while no tree has a stream of its own)
    /// gets, for each tree, one unbroken run of its events up to the last: never a gap, a
    /// repeat or an event out of order.
    @Test func allTreesStreamOpenedDuringMutationsGetsAnUnbrokenRun() throws {
        let service = try TestService()
        let trees = ["a", "b"]
        for tree in trees {
            try service.createTree(tree, root: #"{"id": "root", "children": [{"id": "map"}]}"#)
            let detach =
                #"{"calls": [{"receiver": "map", "method": "willMove", "args": {"toParent": null}}, "#
                + #"{"receiver": "map.view", "method": "removeFromSuperview"}, "#
                + #"{"receiver": "map", "method": "removeFromParent"}]}"#
            try #require(try service.request("POST", "/v1/trees/\(tree)/calls", json: detach).status == 200)
        }
        let started = Atomic<Int>(0)
        let writersDone = DispatchGroup()
        for tree in trees {
            DispatchQueue.global().async(group: writersDone) {
                for _ in 0..<Self.batchesPerWriter {
                    _ = try? service.request("POST", "/v1/trees/\(tree)/calls", json: Self.cycle("map"))
                    started.add(1, ordering: .relaxed)
                }
            }
        }
        while started.load(ordering: .relaxed) < Self.batchesPerWriter / 2 { usleep(500) }
        let stream = try EventStreamClient(port: service.port, "/v1/events", format: .ndjson)
        try #require(stream.status == 200)
        writersDone.wait()

        var lastSeqs: [String: Int] = [:]
        for tree in trees {
            lastSeqs[tree] = try #require(try Self.wholeLog(service, tree: tree).last?["seq"].int)
        }
        var received: [String: [Int]] = [:]
        while received.keys.count < trees.count || trees.contains(where: { received[$0]?.last != lastSeqs[$0] }) {
            guard let message = try stream.next() else { break }
            guard let tree = message.data["tree"].string, let seq = message.data["seq"].int else { continue }
            received[tree, default: []].append(seq)
        }
        for tree in trees {
            let seqs = received[tree] ?? []
            let last = try #require(lastSeqs[tree])
            #expect(seqs.last == last, "tree \(tree) reached its last event")
            #expect(seqs == Array((last - seqs.count + 1)...last), "tree \(tree): one unbroken run")
        }
    }

    /// The tree's log, page by page.
    private static func wholeLog(_ service: TestService, tree: String) throws -> [JSONValue] {
        var events: [JSONValue] = []
        while true {
            let page = try service.request("GET", "/v1/trees/\(tree)/events?after=\(events.count)&limit=1000").json["events"].array
            if page.isEmpty { return events }
            events += page
        }
    }
}
