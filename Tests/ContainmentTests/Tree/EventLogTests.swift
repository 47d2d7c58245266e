import Foundation
import PropertyBased
import Testing

@testable import Containment

@Suite struct EventLogTests {
    @Test func seqIsStrictlyIncreasingAndNeverReusedAcrossRejectedCalls() throws {
        let tree = try visibleTree(others: ["a", "b"])
        var seen: [UInt64] = tree.creationEvents.map(\.seq)
        seen += try tree.displayContentController("a", in: "root", now: t0).map(\.seq)
        let rejected = tree.perform([call("a", "addChild", ["child": "a"])], atomic: false, now: t0)
        #expect(rejected.events.isEmpty)
        seen += try tree.displayContentController("b", in: "root", now: t0).map(\.seq)
        #expect(seen == Array(1...UInt64(seen.count)))
        #expect(tree.lastSeq == UInt64(seen.count))
    }

    @Test func eachMutationsEventsShareOneBatchAndRejectedCallsTakeNone() throws {
        let tree = try visibleTree(others: ["a", "b"])
        #expect(Set(tree.creationEvents.map(\.batch)) == [1])
        let added = try tree.displayContentController("a", in: "root", now: t0)
        #expect(added.count > 1 && added.allSatisfy { $0.batch == 2 })
        let rejected = tree.perform([call("a", "addChild", ["child": "a"])], atomic: true, now: t0)
        #expect(rejected.events.isEmpty && rejected.failure != nil)
        let quiet = tree.advance(to: t0)
        #expect(quiet.isEmpty)
        let next = try tree.displayContentController("b", in: "root", now: t0)
        #expect(!next.isEmpty && next.allSatisfy { $0.batch == 3 })
    }

    @Test func retentionIsBoundedWithAKnownOldestSeq() throws {
        let tree = try visibleTree(others: ["c"], configuration: TreeConfiguration(eventRetention: 5))
        for _ in 0..<5 {
            _ = tree.run([call("c", "willMove", ["toParent": .null])])
        }
        #expect(tree.lastSeq == UInt64(tree.creationEvents.count + 5))
        #expect(tree.oldestRetainedSeq == tree.lastSeq - 4)
        let tail = try tree.events(after: tree.oldestRetainedSeq - 1, limit: 100)
        #expect(tail.map(\.seq) == Array(tree.oldestRetainedSeq...tree.lastSeq))
        #expect(try tree.events(after: tree.lastSeq - 2, limit: 1).map(\.seq) == [tree.lastSeq - 1])
        #expect(try tree.events(after: tree.lastSeq, limit: 10).isEmpty)
        #expect(try tree.events(after: .max, limit: 10).isEmpty)
        #expect(throws: ContainmentError.self) { try tree.events(after: 0, limit: 10) }
        do {
            _ = try tree.events(after: tree.oldestRetainedSeq - 2, limit: 10)
            Issue.record("expected eventsGone")
        } catch {
            #expect(error.kind == .eventsGone)
            #expect(error.oldestSeq == tree.oldestRetainedSeq)
        }
    }

    /// A call's events go into the retention buffer at once: filling it, then wrapping
    /// around, must keep the newest in order as appending them one by one did.
    @Test func aCallsEventsFillThenWrapTheRetentionBufferInOrder() {
        func events(_ seqs: ClosedRange<UInt64>) -> [Event] {
            seqs.map { Event(seq: $0, batch: 1, tree: "t", time: 0, controller: "c", callback: "viewDidLoad") }
        }
        var log = EventLog(capacity: 4)
        log.append(contentsOf: events(1...3))
        #expect(log.events(after: 0, limit: 10).map(\.seq) == [1, 2, 3])
        log.append(contentsOf: events(4...6))
        #expect(log.oldestRetainedSeq == 3)
        #expect(log.events(after: 0, limit: 10).map(\.seq) == [3, 4, 5, 6])
        log.append(contentsOf: events(7...16))
        #expect(log.events(after: 0, limit: 10).map(\.seq) == [13, 14, 15, 16])
        log.append(contentsOf: [])
        #expect(log.lastSeq == 16)
        #expect(log.count == 4)
    }

    /// The log keeps each call's list as it was returned; against a flat list of every
    /// event ever appended, for random call sizes, capacities and reads.
    @Test func logAgreesWithAFlatListOfTheNewestEvents() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...40).array(of: 1...60)) { sizes in
            let capacity = sizes[0] % 25 + 1
            var log = EventLog(capacity: capacity)
            var all: [Event] = []
            for (step, size) in sizes.enumerated() {
                let next = UInt64(all.count) + 1
                let events = (0..<UInt64(size)).map { Event(seq: next + $0, batch: 1, tree: "t", time: 0, controller: "c", callback: "viewDidLoad") }
                log.append(contentsOf: events)
                all += events
                let kept = all.suffix(capacity)
                #expect(log.count == kept.count)
                #expect(log.lastSeq == UInt64(all.count))
                #expect(log.oldestRetainedSeq == (kept.first?.seq ?? UInt64(all.count) + 1))
                let after = UInt64(sizes[step % sizes.count] % (all.count + 2))
                let limit = size % 7 + 1
                let expected = Array(kept.filter { $0.seq > after }.prefix(limit))
                #expect(log.events(after: after, limit: limit) == expected)
                #expect(log.events(after: 0, limit: .max) == Array(kept))
            }
        }
    }

    /// Dropping the events after a seq (a past version of the tree) leaves the log as a flat
    /// list of the newest events, cut there, shows it: partly dropped lists and retention
    /// included; appends after it go on from the cut.
    @Test func droppingTheEventsAfterASeqAgreesWithAFlatListCutThere() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...40).array(of: 2...40)) { sizes in
            let capacity = sizes[0] % 25 + 1
            var log = EventLog(capacity: capacity)
            var all: [Event] = []
            func append(_ size: Int) {
                let next = UInt64(all.count) + 1
                let events = (0..<UInt64(size)).map { Event(seq: next + $0, batch: 1, tree: "t", time: 0, controller: "c", callback: "viewDidLoad") }
                log.append(contentsOf: events)
                all += events
            }
            sizes.dropFirst().forEach(append)
            let cut = UInt64(sizes[1] * 7 % (all.count + 1))
            let retained = all.suffix(capacity).filter { $0.seq <= cut }
            log.dropEvents(after: cut)
            all = Array(all.prefix(Int(cut)))
            #expect(log.lastSeq == cut)
            #expect(log.count == retained.count)
            #expect(log.oldestRetainedSeq == (retained.first?.seq ?? cut + 1))
            #expect(log.events(after: 0, limit: .max) == retained)
            append(sizes[0] % 5 + 1)
            let kept = Array((retained + all.suffix(from: Int(cut))).suffix(capacity))
            #expect(log.events(after: 0, limit: .max) == kept)
            #expect(log.count == kept.count)
        }
    }

    @Test func eventsEncodeAsDesignedWithISOTimes() throws {
        let event = Event(
            seq: 17, batch: 4, tree: "demo", time: 1_795_255_200.123, controller: "map", callback: "viewWillAppear",
            args: ["animated": false], isMovingToParent: true, isMovingFromParent: false)
        let data = try JSONEncoder().encode(event)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["time"] as? String == "2026-11-21T10:00:00.123Z")
        #expect(object["warning"] == nil)
        #expect(try JSONDecoder().decode(Event.self, from: data) == event)
        let warning = Event(seq: 1, batch: 1, tree: "demo", time: 0, controller: "map", callback: nil, warning: "Unbalanced")
        let warningObject = try #require(
            JSONSerialization.jsonObject(with: try JSONEncoder().encode(warning)) as? [String: Any])
        #expect(Set(warningObject.keys) == ["seq", "batch", "tree", "time", "controller", "warning"])
        #expect(ISOTime.string(from: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISOTime.string(from: -0.001) == "1969-12-31T23:59:59.999Z")
        #expect(ISOTime.seconds(from: "2000-02-29T12:34:56.789Z") == 951_827_696.789)
        #expect(ISOTime.seconds(from: "2000-02-29T12:34:56Z") == 951_827_696)
        #expect(ISOTime.seconds(from: "not a time") == nil)
        #expect(ISOTime.seconds(from: "2000-02-29T12:34:56.1234567890123456789012Z") == nil)
        // Out-of-range times clamp instead of trapping.
        #expect(ISOTime.string(from: 1e300) == "9999-12-31T23:59:59.999Z")
        #expect(ISOTime.string(from: -.infinity) == "0001-01-01T00:00:00.000Z")
        #expect(ISOTime.string(from: .nan) == "1970-01-01T00:00:00.000Z")
    }

    @Test func snapshotsEncodeNullsForAbsentLinksAndLeaveOutUnloadedViews() throws {
        let tree = try visibleTree(others: ["map"])
        let data = try JSONEncoder().encode(try tree.controller("map"))
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["parent"] is NSNull)
        #expect(object["view"] == nil, "an unloaded view is left out: the contract's View is never null")
        #expect(try JSONDecoder().decode(ControllerSnapshot.self, from: data) == tree.controller("map"))
        let treeData = try JSONEncoder().encode(tree.snapshot())
        #expect(try JSONDecoder().decode(TreeSnapshot.self, from: treeData) == tree.snapshot())
    }
}
