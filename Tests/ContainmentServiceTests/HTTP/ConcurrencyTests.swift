import Dispatch
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    /// Many clients on many trees at once: every request succeeds and each tree's log is
    /// exactly its own requests' events, in order.
    @Test func concurrentAddRemoveCyclesOnManyTrees() throws {
        let service = try TestService { $0.http.threads = 4 }
        let trees = 16
        let cycles = 10
        for index in 0..<trees {
            try service.createTree("tree\(index)", root: #"{"id": "root"}"#)
            try service.request("POST", "/v1/trees/tree\(index)/controllers", json: #"{"id": "map"}"#)
        }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: trees) { index in
            do {
                for _ in 0..<cycles {
                    let add = try service.request("POST", "/v1/trees/tree\(index)/controllers/root/children", json: #"{"child": "map"}"#)
                    let remove = try service.request("DELETE", "/v1/trees/tree\(index)/controllers/root/children/map")
                    if add.status != 200 || remove.status != 200 {
                        failures.withLock { $0.append("tree\(index): \(add.status) \(remove.status)") }
                    }
                }
            } catch {
                failures.withLock { $0.append("tree\(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])

        let first = try service.request("GET", "/v1/trees/tree0/events?limit=1000").json["events"].array
        for index in 1..<trees {
            let log = try service.request("GET", "/v1/trees/tree\(index)/events?limit=1000").json["events"].array
            #expect(log.map { $0["callback"] } == first.map { $0["callback"] }, "tree\(index) saw the same sequence")
            #expect(log.compactMap { $0["seq"].int } == Array(1...log.count))
        }
    }

    /// Concurrent mutations of one tree serialize: the log has no gaps or duplicates.
    @Test func concurrentRequestsOnOneTreeSerialize() throws {
        let service = try TestService { $0.http.threads = 4 }
        try service.createTree("shared", root: #"{"id": "root"}"#)
        let workers = 8
        DispatchQueue.concurrentPerform(iterations: workers) { index in
            _ = try? service.request("POST", "/v1/trees/shared/controllers", json: #"{"id": "c\#(index)"}"#)
            _ = try? service.request("POST", "/v1/trees/shared/controllers/root/children", json: #"{"child": "c\#(index)"}"#)
        }
        let root = try service.request("GET", "/v1/trees/shared/controllers/root").json
        #expect(Set(root["children"].array.compactMap(\.string)) == Set((0..<workers).map { "c\($0)" }))
        let log = try service.request("GET", "/v1/trees/shared/events?limit=1000").json["events"].array
        #expect(log.compactMap { $0["seq"].int } == Array(1...log.count))
    }
}
