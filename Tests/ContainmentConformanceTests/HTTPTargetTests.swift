import Containment
import ContainmentConformance
import Testing

/// How the runner reads an adapter's answers: not implemented (skip), transport and protocol
/// errors (error), refusals (compared); and a run that stops when the adapter stops answering.
@Suite struct HTTPTargetTests {
    /// Answers by request; records each request as `METHOD path`.
    final class ScriptedTransport: HTTPTransport {
        var requests: [String] = []
        let answer: (String, String) -> Result<HTTPExchange, ScenarioTargetError>

        init(_ answer: @escaping (String, String) -> Result<HTTPExchange, ScenarioTargetError>) { self.answer = answer }

        func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
            requests.append("\(method) \(path)")
            return try answer(method, path).get()
        }
    }

    static func reply(_ status: Int, _ body: String) -> Result<HTTPExchange, ScenarioTargetError> {
        .success(HTTPExchange(status: status, body: Array(body.utf8)))
    }

    static let created = reply(201, #"{"tree": {"id": "t"}, "events": []}"#)

    /// A one-step scenario: a tree, then one raw call.
    static let scenario = Scenario(
        id: "sample", title: "t", rule: RuleReference(number: 1, uikit: ["addChild(_:)"]), documentation: [], tags: [],
        tree: ScenarioTree(root: ControllerSpec(id: "root"), expect: StepOutcome()),
        steps: [ScenarioStep(.calls([RawCall(receiver: "root", method: "loadViewIfNeeded")]), expect: StepOutcome())])

    /// `count` copies of `scenario`, named s1, s2, …
    static func scenarios(_ count: Int) -> [Scenario] {
        (1...count).map { index in
            var copy = scenario
            copy.id = "s\(index)"
            return copy
        }
    }

    func result(_ step: Result<HTTPExchange, ScenarioTargetError>) -> (ScenarioDiff, [String]) {
        let transport = ScriptedTransport { method, path in
            switch (method, path) {
            case ("POST", "/v1/trees"): Self.created
            case ("DELETE", _): Self.reply(204, "")
            default: step
            }
        }
        var target = HTTPTarget(transport: transport)
        return (ConformanceReport.run([Self.scenario], on: &target).results[0], transport.requests)
    }

    @Test func answersThatPass() {
        #expect(result(Self.reply(200, #"{"events": []}"#)).0.outcome == .pass)
        #expect(result(Self.reply(202, #"{"events": [], "transition": {"id": "t1"}}"#)).0.outcome == .pass)
    }

    @Test(arguments: [
        (501, #"{"title": "Not Implemented", "detail": "loadViewIfNeeded is not implemented"}"#, ": loadViewIfNeeded is not implemented"),
        (501, "", ""),
        (404, "Cannot POST /v1/trees/t/calls\n<html>", ": Cannot POST /v1/trees/t/calls"),
        (405, #"{"detail": "Method Not Allowed"}"#, ": Method Not Allowed"),
    ])
    func notImplementedSkips(_ status: Int, _ body: String, _ reason: String) {
        let (diff, requests) = result(Self.reply(status, body))
        #expect(diff.outcome == .skip)
        #expect(diff.verdict == "SKIP sample: step 0: POST /v1/trees/t/calls answered \(status)\(reason)")
        #expect(requests.last == "DELETE /v1/trees/t")
    }

    @Test(arguments: [
        (200, "{}", "answered 200 without `events`"),
        (200, #"{"events": null}"#, "answered 200 without `events`"),
        (302, #"{"events": []}"#, #"answered 302: {"events": []}"#),
        (500, #"{"title": "Internal Server Error", "detail": "KeyError: 'child'"}"#, "answered 500: KeyError: 'child'"),
        (409, #"{"detail": "no title"}"#, "answered 409 without a problem title"),
        (200, "<html>", "answered 200 with a body that is not the API's JSON: <html>"),
    ])
    func protocolViolationsAreErrors(_ status: Int, _ body: String, _ reason: String) {
        let (diff, _) = result(Self.reply(status, body))
        #expect(diff.outcome == .error)
        #expect(diff.verdict == "ERROR sample: step 0: POST /v1/trees/t/calls \(reason)")
    }

    /// A refusal is compared: here UIKit raised nothing, so it fails with a diff.
    @Test func refusalsAreCompared() {
        let (diff, _) = result(Self.reply(409, #"{"title": "NSInvalidArgumentException", "detail": "x"}"#))
        #expect(diff.outcome == .fail)
        #expect(diff.verdict == "FAIL sample: step 0: unexpected NSInvalidArgumentException")
    }

    /// After no answer, the runner does not ask again to delete the tree.
    @Test func noAnswerIsAnErrorWithoutATeardownRequest() {
        let (diff, requests) = result(.failure(ScenarioTargetError("POST /v1/trees/t/calls: no answer", kind: .transport)))
        #expect(diff.verdict == "ERROR sample: step 0: POST /v1/trees/t/calls: no answer")
        #expect(requests == ["POST /v1/trees", "POST /v1/trees/t/calls"])
    }

    /// A hung adapter costs three timeouts, not one per scenario: the rest are errors, not run.
    @Test func aRunStopsAfterThreeTransportErrorsInARow() {
        let transport = ScriptedTransport { method, path in .failure(ScenarioTargetError("\(method) \(path): no answer", kind: .transport)) }
        var target = HTTPTarget(transport: transport)
        let scenarios = Self.scenarios(5)
        let report = ConformanceReport.run(scenarios, on: &target)
        #expect(transport.requests == ["POST /v1/trees", "POST /v1/trees", "POST /v1/trees"])
        #expect(report.errors == 5)
        #expect(report.stopped == "the run stopped after 3 transport errors in a row")
        #expect(report.results[2].verdict == "ERROR s3: tree: POST /v1/trees: no answer")
        #expect(report.results[3].verdict == "ERROR s4: not run: the run stopped after 3 transport errors in a row")
        #expect(
            report.text.hasSuffix(
                "5 scenarios: 0 passed, 0 failed, 0 skipped, 5 errors\nthe run stopped after 3 transport errors in a row; 2 scenarios not run\n"))
        #expect(report.runs.map(\.error) == report.results.map(\.error))
    }

    /// Errors that are the adapter's answers, not its absence, do not stop the run; an answer
    /// between transport errors starts the count again.
    @Test func onlyTransportErrorsInARowStopARun() {
        var count = 0
        let transport = ScriptedTransport { method, path in
            guard method == "POST", path == "/v1/trees" else { return Self.reply(204, "") }
            count += 1
            return count % 3 == 0 ? Self.reply(200, "{}") : .failure(ScenarioTargetError("no answer", kind: .transport))
        }
        var target = HTTPTarget(transport: transport)
        let scenarios = Self.scenarios(7)
        let report = ConformanceReport.run(scenarios, on: &target)
        #expect(report.stopped == nil)
        #expect(report.errors == 7)
        let forever = ConformanceReport.run(scenarios, on: &target, stopAfterTransportErrors: 0)
        #expect(forever.stopped == nil)
    }
}
