import ContainmentPersistence
import Foundation
import Testing

@testable import ContainmentService

/// `--state-dir`: a restart restores every tree exactly as clients saw it (JSON, ETag,
/// retained events), whatever its kind or clock, with snapshots or without.
@Suite struct PersistenceTests {
    /// Builds one tree of every kind, several mid-transition, through the API.
    static func buildTrees(_ service: TestService) throws -> [String] {
        func ok(_ reply: Reply, _ what: String) throws { try #require((200...202).contains(reply.status), "\(what): \(reply.text)") }
        try service.createTree(
            "plain",
            root:
                #"{"id": "root", "title": "R", "containerViews": [{"id": "slot", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}], "children": [{"id": "a", "containerView": "slot"}]}"#
        )
        try ok(service.request("POST", "/v1/trees/plain/controllers", json: #"{"id": "b", "properties": {"k": [1, "x"]}}"#), "create b")
        try ok(service.request("POST", "/v1/trees/plain/controllers/root/children", json: #"{"child": "b"}"#), "add b")
        try ok(
            service.request("PATCH", "/v1/trees/plain/controllers/a", json: #"{"title": "A", "preferredContentSize": {"width": 3, "height": 4}}"#), "patch a")
        try ok(service.request("DELETE", "/v1/trees/plain/controllers/root/children/b"), "remove b")

        try service.createTree("nav", root: #"{"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "one"}]}"#)
        try ok(service.request("POST", "/v1/trees/nav/controllers", json: #"{"id": "two"}"#), "create two")
        try ok(
            service.request(
                "POST", "/v1/trees/nav/calls",
                json: #"{"calls": [{"receiver": "nav", "method": "pushViewController", "args": {"viewController": "two", "animated": true}}]}"#), "push")

        try service.createTree("tabs", root: #"{"id": "tabs", "kind": "tabBarController", "viewControllers": [{"id": "t1"}, {"id": "t2"}]}"#)
        try ok(
            service.request("POST", "/v1/trees/tabs/calls", json: #"{"calls": [{"receiver": "tabs", "method": "setSelectedIndex", "args": {"index": 1}}]}"#),
            "select")

        try service.createTree("split", root: #"{"id": "split", "kind": "splitViewController", "primary": {"id": "p"}, "secondary": {"id": "s"}}"#)
        try ok(
            service.request(
                "POST", "/v1/trees/split/calls",
                json: #"{"calls": [{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "compact"}}]}"#), "compact")

        try service.createTree("presented", root: #"{"id": "root"}"#)
        try ok(service.request("POST", "/v1/trees/presented/controllers", json: #"{"id": "modal", "modalPresentationStyle": "pageSheet"}"#), "create modal")
        try ok(
            service.request(
                "POST", "/v1/trees/presented/calls",
                json: #"{"calls": [{"receiver": "root", "method": "present", "args": {"viewController": "modal", "animated": true}}]}"#), "present")

        try service.createTree("pages", root: #"{"id": "pages", "kind": "pageViewController", "transitionStyle": "scroll"}"#)
        for page in ["p1", "p2"] { try ok(service.request("POST", "/v1/trees/pages/controllers", json: #"{"id": "\#(page)"}"#), page) }
        try ok(
            service.request(
                "POST", "/v1/trees/pages/calls",
                json:
                    #"{"calls": [{"receiver": "pages", "method": "setViewControllers", "args": {"viewControllers": ["p1"], "direction": "forward", "animated": false}}, {"receiver": "pages", "method": "beginInteractiveSwipe", "args": {"to": "p2", "direction": "forward"}}]}"#
            ), "swipe")

        try service.createTree("manual", root: #"{"id": "root", "children": [{"id": "a"}]}"#)
        try ok(service.request("POST", "/v1/trees/manual/controllers", json: #"{"id": "b"}"#), "create b")
        try ok(service.request("POST", "/v1/trees/manual/controllers/root/transitions", json: #"{"from": "a", "to": "b", "duration": 0.5}"#), "transition")
        try ok(service.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 0.2}"#), "advance")

        // Real clock, due long after the test: restored still running.
        try service.createTree("slow", root: #"{"id": "root", "children": [{"id": "a"}]}"#, clock: "real")
        try ok(service.request("POST", "/v1/trees/slow/controllers", json: #"{"id": "b"}"#), "create b")
        try ok(service.request("POST", "/v1/trees/slow/controllers/root/transitions", json: #"{"from": "a", "to": "b", "duration": 600}"#), "slow transition")

        let scenarios = try service.request("GET", "/v1/scenarios")
        let scenario = try #require(scenarios.json["scenarios"][0]["id"].string)
        let run = try service.request("POST", "/v1/scenarios/\(scenario)/runs", json: "{}")
        try ok(run, "scenario run")
        let runTree = try #require(run.json["tree"].string)

        try service.createTree("gone")
        try ok(service.request("DELETE", "/v1/trees/gone"), "delete")
        return ["plain", "nav", "tabs", "split", "presented", "pages", "manual", "slow", runTree]
    }

    static func observe(_ service: TestService, _ ids: [String]) throws -> [String: ObservedTree] {
        var observed: [String: ObservedTree] = [:]
        for id in ids { observed[id] = try ObservedTree(service, id) }
        return observed
    }

    @Test(arguments: [1_000, 2])
    func everyKindOfTreeComesBackExactly(snapshotEvery: Int) throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service(.router) { $0.journalEntriesPerSnapshot = snapshotEvery }
        let ids = try Self.buildTrees(try #require(service))
        let before = try Self.observe(try #require(service), ids)
        service = nil

        let restarted = try directory.service(.router) { $0.journalEntriesPerSnapshot = snapshotEvery }
        let after = try Self.observe(restarted, ids)
        for id in ids { #expect(after[id] == before[id], "tree \(id)") }
        #expect(try restarted.request("GET", "/v1/trees/gone").status == 404)
        #expect(try restarted.request("GET", "/readyz").status == 200)

        // The restored trees go on: a manual clock finishes its transition where it left off,
        // and a new tree's tags never repeat a restored one's.
        let advanced = try restarted.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 0.3}"#)
        #expect(advanced.json["events"].callbackLines.contains("b.viewDidAppear"))
        let fresh = try restarted.createTree("fresh")
        _ = fresh
        let tags = Set(ids.compactMap { before[$0]?.entityTag?.split(separator: "-").first })
        let freshTag = try #require(try restarted.request("GET", "/v1/trees/fresh").header("ETag"))
        #expect(!tags.contains(freshTag.split(separator: "-").first!))
    }

    @Test func aRealClockTransitionCompletesByTheWallClockAfterARestart() throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service(.router)
        try #require(service).createTree("real", root: #"{"id": "root", "children": [{"id": "a"}]}"#, clock: "real")
        _ = try #require(service).request("POST", "/v1/trees/real/controllers", json: #"{"id": "b"}"#)
        let started = try #require(service).request(
            "POST", "/v1/trees/real/controllers/root/transitions", json: #"{"from": "a", "to": "b", "duration": 0.4}"#)
        try #require(started.status == 202, "\(started.text)")
        let location = try #require(started.header("Location"))
        let due = try #require(started.json["transition"]["completesAt"].string)
        service = nil

        let restarted = try directory.service(.router)
        let deadline = Date().addingTimeInterval(10)
        var state = ""
        while Date() < deadline {
            state = try restarted.request("GET", location).json["state"].string ?? ""
            if state == "finished" { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(state == "finished")
        let events = try restarted.request("GET", "/v1/trees/real/events?after=0").json["events"]
        let completion = events.array.first { $0["callback"].string == "transitionCompletion" }
        #expect(completion?["time"].string == due)
    }

    @Test func ownershipFollowsTheTokenAcrossARestartEvenUnderANewName() throws {
        let directory = StateDirectory()
        let hex = { (token: String) in SHA256.hash(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
        let first = try AccessTokens(fileText: "alice user \(hex("token-alice"))\nbob user \(hex("token-bob"))\n")
        let renamed = try AccessTokens(fileText: "alicia user \(hex("token-alice"))\nbob user \(hex("token-bob"))\n")
        let alice = [("Authorization", "Bearer token-alice")]
        let bob = [("Authorization", "Bearer token-bob")]
        var service: TestService? = try directory.service(.router) { $0.accessTokens = first }
        #expect(try #require(service).request("PUT", "/v1/trees/mine", json: #"{"clock": "manual"}"#, headers: alice).status == 201)
        service = nil

        let restarted = try directory.service(.router) { $0.accessTokens = renamed }
        #expect(try restarted.request("GET", "/v1/trees/mine", headers: alice).status == 200)
        #expect(try restarted.request("GET", "/v1/trees/mine", headers: bob).status == 404)
        #expect(try restarted.request("GET", "/v1/trees", headers: alice).json["trees"][0]["id"].string == "mine")
    }

    /// A tree whose journal no longer replays as recorded is never served as it drifted, and
    /// takes no other tree down with it: it answers 503 naming the entry, every other tree is
    /// served, and deleting it removes it from the state directory.
    @Test func aJournalThatReplaysDifferentlyLeavesOnlyThatTreeUnavailable() throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service(.router)
        try #require(service).createTree("healthy", root: #"{"id": "root"}"#)
        try #require(service).createTree("drifted", root: #"{"id": "root"}"#)
        for title in ["x", "y", "z"] {
            _ = try #require(service).request("PATCH", "/v1/trees/drifted/controllers/root", json: #"{"title": "\#(title)"}"#)
        }
        service = nil
        try directory.sqlite(
            "UPDATE journal SET digest = digest + 1 WHERE version = (SELECT max(version) FROM journal WHERE tree = 'drifted') AND tree = 'drifted'")
        try directory.resealJournal()
        var restarted: TestService? = try directory.service(.router)
        let unavailable = try #require(restarted).request("GET", "/v1/trees/drifted")
        #expect(unavailable.status == 503)
        #expect(unavailable.json["code"].string == "tree_unavailable")
        #expect(unavailable.json["detail"].string?.contains("journal entry") == true, "\(unavailable.text)")
        #expect(try #require(restarted).request("PATCH", "/v1/trees/drifted/controllers/root", json: #"{"title": "w"}"#).status == 503)
        #expect(try #require(restarted).request("GET", "/v1/trees/healthy").status == 200)
        #expect(try #require(restarted).request("PATCH", "/v1/trees/healthy/controllers/root", json: #"{"title": "h"}"#).status == 200)
        // Nothing of it was overwritten, and the next start contains it again; deleting it is
        // the way out.
        restarted = nil
        #expect(try directory.integer("SELECT count(*) FROM journal WHERE tree = 'drifted'") == 3)
        restarted = try directory.service(.router)
        #expect(try #require(restarted).request("GET", "/v1/trees/drifted").status == 503)
        let deletion = try #require(restarted).request("DELETE", "/v1/trees/drifted")
        #expect(deletion.status == 200, "\(deletion.text)")
        #expect(try #require(restarted).request("GET", "/v1/trees/drifted").status == 404)
        restarted = nil
        let clean = try directory.service(.router)
        #expect(try clean.request("GET", "/v1/trees/drifted").status == 404)
        #expect(try clean.request("GET", "/v1/trees/healthy").json["controllers"]["root"]["title"].string == "h")
    }

    /// A byte changed inside a stored record (a title in a tree's creation, a snapshot, a
    /// journal entry) passes SQLite's structural check; its checksum does not, and the start
    /// stops naming the tree and the record, leaving the database as it was.
    @Test(arguments: [
        ("UPDATE trees SET creation = CAST(replace(CAST(creation AS TEXT), 'Alpha', 'Alpho') AS BLOB)", "its creation"),
        ("snapshots.state", "its snapshot"),
        ("UPDATE journal SET mutation = CAST(replace(CAST(mutation AS TEXT), 'Delta', 'Delto') AS BLOB)", "journal entry"),
        ("UPDATE journal SET time = time + 1 WHERE seq = (SELECT max(seq) FROM journal)", "journal entry"),
        ("UPDATE journal_starts SET seq = seq + 1", "journal starts"),
    ])
    func aChangedByteInAStoredRecordStopsTheStartNamingTheTree(edit: String, record: String) throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service { $0.journalEntriesPerSnapshot = 2 }
        try #require(service).createTree("edited", root: #"{"id": "root", "title": "Alpha"}"#)
        for title in ["Bravo", "Charlie", "Bravo", "Charlie"] {
            try #require(try #require(service).request("PATCH", "/v1/trees/edited/controllers/root", json: #"{"title": "\#(title)"}"#).status == 200)
        }
        try #require(try #require(service).request("PATCH", "/v1/trees/edited/controllers/root", json: #"{"title": "Delta"}"#).status == 200)
        service = nil
        if edit == "snapshots.state" {
            try directory.flipByte(in: "snapshots", column: "state", at: 40)
        } else {
            try directory.sqlite(edit)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.databasePath))
        #expect {
            _ = try directory.service { $0.journalEntriesPerSnapshot = 2 }
        } throws: { error in
            let text = "\(error)"
            return text.contains("tree edited") && text.contains(record) && text.contains("checksum")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.databasePath)) == before)
    }

    @Test func aCorruptStateDirectoryStopsTheStartAndIsLeftAlone() throws {
        let directory = StateDirectory()
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5a, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: directory.databasePath))
        #expect {
            _ = try directory.service(.router)
        } throws: { error in
            if case .notAStateDatabase = error as? StateStoreError { return true }
            return false
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.databasePath)) == garbage)
    }

    @Test func snapshotsKeepEachTreesJournalUnderItsLimit() throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service(.router) { $0.journalEntriesPerSnapshot = 10 }
        try #require(service).createTree("busy", root: #"{"id": "root"}"#)
        for index in 0..<250 {
            let patched = try #require(service).request("PATCH", "/v1/trees/busy/controllers/root", json: #"{"title": "t\#(index)"}"#)
            try #require(patched.status == 200)
        }
        let before = try ObservedTree(try #require(service), "busy")
        service = nil
        // 10 × 10 entries at most, whatever the snapshot's size.
        #expect(try directory.liveJournalEntries("busy") < 100)
        #expect(try directory.integer("SELECT count(*) FROM snapshots WHERE tree = 'busy'") == 1)
        let restarted = try directory.service(.router) { $0.journalEntriesPerSnapshot = 10 }
        #expect(try ObservedTree(restarted, "busy") == before)
    }

    /// Two entries that add 300 controllers cause far more than 2 events per controller: a
    /// snapshot replaces them, so a restore reads the tree instead of replaying its history.
    @Test func aJournalWhoseReplayWouldOutweighASnapshotIsCompacted() throws {
        let directory = StateDirectory()
        var service: TestService? = try directory.service(.router) { $0.replayedEventsPerSnapshot = 100 }
        try #require(service).createTree("grown", root: #"{"id": "root"}"#)
        let children = (0..<300).map { #"{"id": "c\#($0)"}"# }.joined(separator: ", ")
        let created = try #require(service).request("POST", "/v1/trees/grown/controllers", json: #"{"id": "group", "children": [\#(children)]}"#)
        try #require(created.status == 201, "\(created.text)")
        let added = try #require(service).request("POST", "/v1/trees/grown/controllers/root/children", json: #"{"child": "group"}"#)
        try #require(added.status == 200, "\(added.text)")
        let before = try ObservedTree(try #require(service), "grown")
        service = nil
        #expect(try directory.liveJournalEntries("grown") == 0)
        #expect(try directory.integer("SELECT count(*) FROM snapshots WHERE tree = 'grown'") == 1)
        let restarted = try directory.service(.router) { $0.replayedEventsPerSnapshot = 100 }
        #expect(try ObservedTree(restarted, "grown") == before)
    }

    @Test func afterAFailedCommitChangesAre503AndTheInstanceIsNotReady() throws {
        let directory = StateDirectory()
        let service = try directory.service(.router)
        try service.createTree("t", root: #"{"id": "root"}"#)
        #expect(try service.request("GET", "/readyz").status == 200)
        // The journal closed under the service stands in for a disk that stopped taking writes.
        service.service.core.journal?.close()
        let refused = try service.request("PATCH", "/v1/trees/t/controllers/root", json: #"{"title": "lost"}"#)
        #expect(refused.status == 503)
        #expect(refused.json["code"].string == "state_not_durable")
        #expect(refused.json["changeOutcome"].string == "notApplied")
        #expect(try service.request("GET", "/v1/trees/t").json["controllers"]["root"]["title"] == .null)
        let readiness = try service.request("GET", "/readyz")
        #expect(readiness.status == 503)
        #expect(readiness.json["code"].string == "state_not_durable")
        #expect(readiness.json["changeOutcome"] == .null)
    }

    /// A deletion refused because the state directory failed changes nothing: the tree stays
    /// listed and readable (it was unlisted until the next restart).
    @Test func aRefusedDeletionChangesNothing() throws {
        let directory = StateDirectory()
        let service = try directory.service()
        try service.createTree("kept", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees/kept")
        service.service.core.journal?.close()
        let refused = try service.request("DELETE", "/v1/trees/kept")
        #expect(refused.status == 503)
        #expect(refused.json["code"].string == "state_not_durable")
        let after = try service.request("GET", "/v1/trees/kept")
        #expect(after.status == 200)
        #expect(after.text == before.text)
        #expect(try service.request("GET", "/v1/trees").json["trees"][0]["id"].string == "kept")
    }
}
