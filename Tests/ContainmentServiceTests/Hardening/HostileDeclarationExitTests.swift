import Containment
import Foundation
import Glibc
import MicroHTTPTestSupport
import Synchronization
import Testing

extension HostileServerTests {
    /// Issue 44, items 1–3: the `containment` process survives each hostile declaration found so
    /// far. Each test starts its own server (`HostileBounds.serveArguments`), watches it from another
    /// thread (alive, `/healthz` within 2 s, RSS within the budget and its allowance), makes the
    /// attack, and ends with SIGTERM, which must end the process cleanly within the drain's bound.
    @Suite struct HostileDeclarationExitTests {
        /// An unwind segue no controller takes, performed from `source`.
        private static let unwindNowhere = #"[{"identifier": "back", "kind": "unwind", "action": "nowhere", "animated": false}]"#

        /// The root lists the source's parent twice; the search went down into it twice and
        /// trapped the process (SIGILL, `WalkBudget`'s precondition) at the fourth controller asked.
        @Test func anUnwindWhoseAllowedChildrenNameTheSourcesAncestorTwiceLeavesTheProcessServing() throws {
            try attack { server in
                let tree = #"""
                    {"id": "u", "clock": "manual", "root": {"id": "root", "allowedChildrenForUnwinding": ["mid", "mid"],
                     "children": [{"id": "mid", "children": [{"id": "source", "segues": \#(Self.unwindNowhere)}]}]}}
                    """#
                try Self.create(tree, on: server)
                try Self.unwind(from: "source", of: "u", on: server)
            }
        }

        /// Each controller of a chain lists its one child, as UIKit allows; at every level
        /// the search went back down the subtree it came from, past the walk's budget.
        @Test func anUnwindUpAChainWhereEachControllerListsItsOneChildLeavesTheProcessServing() throws {
            try attack { server in
                var spec = #"{"id": "c7", "segues": \#(Self.unwindNowhere)}"#
                for level in (0..<7).reversed() {
                    spec = #"{"id": "c\#(level)", "allowedChildrenForUnwinding": ["c\#(level + 1)"], "children": [\#(spec)]}"#
                }
                try Self.create(#"{"id": "chain", "clock": "manual", "root": \#(spec)}"#, on: server)
                try Self.unwind(from: "c7", of: "chain", on: server)
            }
        }

        /// Two `viewDidAppear` overrides start each other's transitions on a real clock.
        /// Each completion is work no request caused; it must stop (a budget across consecutive
        /// completions), and reads, `DELETE` and SIGTERM must get in meanwhile. At 1 µs the tree's
        /// lock was never released (GET and DELETE unanswered, SIGTERM ignored); at 1 ms the loop
        /// ran until the tree was deleted.
        @Test(arguments: [0.000_001, 0.001])
        func viewDidAppearOverridesStartingEachOthersTransitionsStopAndLeaveTheTreeReachable(duration: Double) throws {
            try attack { server in
                try Self.create(#"{"id": "loop", "root": {"id": "root", "children": [{"id": "a"}]}}"#, on: server)
                try Self.expect(201, "POST", "/v1/trees/loop/controllers", #"{"id": "b"}"#, on: server)
                try Self.expect(
                    200, "POST", "/v1/trees/loop/calls", #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "b"}}]}"#, on: server)
                let transition = { (from: String, to: String) in
                    #"[{"receiver": "root", "method": "transition", "args": {"from": "\#(from)", "to": "\#(to)", "duration": \#(duration)}}]"#
                }
                try Self.expect(200, "PATCH", "/v1/trees/loop/controllers/a", #"{"overrides": {"viewDidAppear": \#(transition("a", "b"))}}"#, on: server)
                try Self.expect(200, "PATCH", "/v1/trees/loop/controllers/b", #"{"overrides": {"viewDidAppear": \#(transition("b", "a"))}}"#, on: server)
                let started = try server.request("POST", "/v1/trees/loop/calls", json: #"{"calls": \#(transition("a", "b"))}"#, within: HostileBounds.request)
                try #require([200, 202].contains(started.status), "\(started.status): \(started.text)")

                // The loop must end by itself: the tree's last seq stops moving.
                var seen: [Int] = []
                let deadline = Date().addingTimeInterval(HostileBounds.request)
                while Date() < deadline, seen.count < 2 || seen[seen.count - 1] != seen[seen.count - 2] {
                    Thread.sleep(forTimeInterval: 0.5)
                    let read = try server.request("GET", "/v1/trees/loop", within: HostileBounds.request)
                    try #require(read.status == 200, "GET: \(read.status)")
                    seen.append(try #require(read.json["lastSeq"].int, "GET without lastSeq: \(read.text.prefix(200))"))
                }
                #expect(seen.count >= 2 && seen[seen.count - 1] == seen[seen.count - 2], "the loop never stopped: lastSeq \(seen)")
                let deleted = try server.request("DELETE", "/v1/trees/loop", within: HostileBounds.request)
                #expect(deleted.status == 200, "DELETE: \(deleted.status)")
            }
        }

        /// A window shown (one 85-byte request) over a tree whose 31 controllers each flip
        /// the size class 32 times in `viewWillAppear`, 200 plain controllers beside them, twice at
        /// once. Each answer took 13 s of a debug build and 120 MB (460,000 events), RSS 435 MiB
        /// against a 64 MiB budget. Bounded, it is refused or answered within the request's bound,
        /// and RSS stays within the budget and its allowance.
        @Test func showingWindowsWhoseControllersFlipTheSizeClassInViewWillAppearStaysWithinBounds() throws {
            try attack { server in
                let flips = (0..<32).map {
                    #"{"receiver": "window", "method": "setHorizontalSizeClass", "args": {"sizeClass": "\#($0 % 2 == 0 ? "compact" : "regular")"}}"#
                }
                let overrides = #""overrides": {"viewWillAppear": [\#(flips.joined(separator: ", "))]}"#
                let children = (1..<31).map { #"{"id": "c\#($0)", \#(overrides)}"# } + (0..<200).map { #"{"id": "p\#($0)"}"# }
                let root = #"{"id": "c0", \#(overrides), "children": [\#(children.joined(separator: ", "))]}"#
                let trees = ["flip0", "flip1"]
                for tree in trees { try Self.create(#"{"id": "\#(tree)", "clock": "manual", "onScreen": false, "root": \#(root)}"#, on: server) }
                let answers = Mutex([String: Result<TimedReply, any Error>]())
                let group = DispatchGroup()
                for tree in trees {
                    onThread(in: group) {
                        let answer = Result {
                            try server.request(
                                "POST", "/v1/trees/\(tree)/calls", json: #"{"calls": [{"receiver": "window", "method": "makeKeyAndVisible"}]}"#,
                                within: HostileBounds.request)
                        }
                        answers.withLock { $0[tree] = answer }
                    }
                }
                group.wait()
                for (tree, answer) in answers.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
                    let reply = try answer.get()
                    #expect(reply.status < 500 || reply.status == 507, "\(tree): \(reply.status) \(reply.text.prefix(300))")
                }
            }
        }

        // MARK: The attack and its checks

        /// Starts a watched server, runs `body` against it, then checks what the watch saw and that
        /// SIGTERM ends the process cleanly within `HostileBounds.shutdown`; the server is killed by
        /// its PID whatever happens.
        private func attack(_ body: (WatchedServer) throws -> Void) throws {
            let server = try WatchedServer(arguments: HostileBounds.serveArguments)
            defer { server.killIfRunning() }
            _ = try server.waitForPort()
            let watch = HealthWatch(
                server, healthBound: HostileBounds.health, stallBound: HostileBounds.stall, residentLimit: HostileBounds.residentLimit)
            var thrown: (any Error)?
            do { try body(server) } catch { thrown = error }
            let findings = watch.stop()
            #expect(
                findings.largestResident <= HostileBounds.residentLimit,
                "RSS reached \(findings.largestResident >> 20) MiB, over the budget and its allowance (\(HostileBounds.residentLimit >> 20) MiB)")
            #expect(findings.breach == nil, "\(findings.breach ?? ""); slowest /healthz answered \(findings.slowestHealth) s")
            let stopped = server.terminate(within: HostileBounds.shutdown)
            #expect(stopped, "SIGTERM did not end the process within \(HostileBounds.shutdown) s")
            if stopped { #expect(server.exitedCleanly, "after SIGTERM the process \(server.exitDescription); its log ends: \(server.logTail)") }
            if let thrown { throw thrown }
        }

        private static func create(_ tree: String, on server: WatchedServer) throws {
            try expect(201, "POST", "/v1/trees", tree, on: server)
        }

        private static func expect(_ status: Int, _ method: String, _ target: String, _ json: String, on server: WatchedServer) throws {
            let reply = try server.request(method, target, json: json, within: HostileBounds.request)
            try #require(reply.status == status, "\(method) \(target): \(reply.status) \(reply.text.prefix(300))")
        }

        /// Performs `source`'s unwind segue `back`: answered, every controller asked
        /// `canPerformUnwindSegueAction` at most once (UIKit skips the child the search came from),
        /// and the tree still readable.
        private static func unwind(from source: String, of tree: String, on server: WatchedServer) throws {
            let reply = try server.request(
                "POST", "/v1/trees/\(tree)/calls", json: #"{"calls": [{"receiver": "\#(source)", "method": "performSegue", "args": {"identifier": "back"}}]}"#,
                within: HostileBounds.request)
            #expect(reply.status == 200, "\(reply.status): \(reply.text.prefix(300))")
            let asked = reply.json["events"].array.filter { $0["callback"].string == "canPerformUnwindSegueAction" }.compactMap { $0["controller"].string }
            #expect(Set(asked).count == asked.count, "a controller was asked twice: \(asked)")
            #expect(try server.request("GET", "/v1/trees/\(tree)", within: HostileBounds.request).status == 200)
        }
    }
}
