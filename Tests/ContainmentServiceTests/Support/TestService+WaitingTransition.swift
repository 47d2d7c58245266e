import Foundation
import MicroHTTPTestSupport
import Testing

extension TestService {
    /// On manual tree `tree` (root with child `map`, detached `list`), sends a `?wait=true`
    /// transition from `map` to `list` lasting 2 s and returns its connection once the
    /// transition is running: the response waits there until the clock or the service acts.
    func waitingTransition(tree: String) throws -> TestHTTPConnection {
        try createTree(tree, root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try request("POST", "/v1/trees/\(tree)/controllers", json: #"{"id": "list"}"#)
        let waiting = try TestHTTPConnection(port: port)
        try waiting.sendRequest(
            "POST", "/v1/trees/\(tree)/controllers/root/transitions?wait=true",
            headers: [("Content-Type", "application/json")], body: Array(#"{"from": "map", "to": "list", "duration": 2}"#.utf8))
        var started = false
        for _ in 0..<500 where !started {
            started = try request("GET", "/v1/trees/\(tree)/transitions/t1").status == 200
            if !started { Thread.sleep(forTimeInterval: 0.01) }
        }
        try #require(started)
        return waiting
    }
}
