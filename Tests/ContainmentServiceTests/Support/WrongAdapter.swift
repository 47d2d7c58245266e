import Containment
import ContainmentConformance
import Foundation

/// A deliberately wrong runtime adapter: it passes every request on to a correct service and
/// rewrites the answers' events with one known mistake. The conformance runner must flag
/// exactly the scenarios that mistake touches.
struct WrongAdapter: HTTPTransport {
    var upstream: any HTTPTransport
    var mistake: RuntimeMistake

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        let request = RuntimeMistake.Request(method: method, path: path)
        var answer = try upstream.send(method, path, json: body.map { mistake.rewriteRequest($0, for: request) })
        answer.body = Self.rewriteEvents(answer.body, mistake: mistake, request: request)
        return answer
    }

    /// The answer with its `events` list rewritten (and reduced to what the suite compares).
    private static func rewriteEvents(_ body: [UInt8], mistake: RuntimeMistake, request: RuntimeMistake.Request) -> [UInt8] {
        guard case .object(var fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)),
            let events = fields["events"],
            let traced = try? JSONDecoder().decode([TraceEvent].self, from: JSONEncoder().encode(events)),
            let rewritten = try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(mistake.rewrite(traced, for: request)))
        else { return body }
        fields["events"] = rewritten
        return (try? Array(JSONEncoder().encode(JSONValue.object(fields)))) ?? body
    }
}
