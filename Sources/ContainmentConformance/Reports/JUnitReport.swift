/// JUnit XML as CI systems read it: one `<testsuite>` per rule, one `<testcase>` per scenario;
/// a failure's diff in its `<failure>`, an adapter that could not be asked in `<error>`, a
/// scenario the runtime does not implement `<skipped>`. Under expectations, a failure or error
/// that was expected is `<skipped>` too (as pytest reports an expected failure), and a skip
/// where a pass was expected is a `<failure>`.
public enum JUnitReport {
    public static func xml(_ report: ConformanceReport) -> String {
        let cases = report.results.map { testCase($0, expected: report.expectations?.toleratedOutcome(of: $0.scenario)) }
        func count(_ kind: Verdict.Kind, among indices: [Int]) -> Int { indices.count { cases[$0].kind == kind } }
        let all = Array(report.results.indices)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="UIKit containment conformance" tests="\#(all.count)" failures="\#(count(.failure, among: all))" errors="\#(count(.error, among: all))" skipped="\#(count(.skipped, among: all))">"#,
        ]
        var groups = report.perRule.map { rule, _ in
            let title = ConformanceRule.all.first { $0.number == rule }?.title ?? ""
            return (name: "rule \(rule): \(title)", className: "conformance.rule\(rule)", indices: all.filter { report.results[$0].rule == rule })
        }
        let unruled = all.filter { report.results[$0].rule == nil }
        if !unruled.isEmpty { groups.append((name: "traces without a scenario", className: "conformance", indices: unruled)) }
        for group in groups {
            let counts = [Verdict.Kind.failure, .error, .skipped].map { count($0, among: group.indices) }
            lines.append(
                #"  <testsuite name="\#(Markup.escape(group.name))" tests="\#(group.indices.count)" failures="\#(counts[0])" errors="\#(counts[1])" skipped="\#(counts[2])">"#
            )
            for index in group.indices {
                let head = #"    <testcase classname="\#(group.className)" name="\#(Markup.escape(report.results[index].scenario))""#
                let verdict = cases[index]
                guard let element = verdict.element else {
                    lines.append(head + "/>")
                    continue
                }
                lines.append(head + ">")
                let text = verdict.text.isEmpty ? "/>" : ">\(Markup.escape(verdict.text))</\(element)>"
                lines.append(#"      <\#(element) message="\#(Markup.escape(verdict.message))""# + text)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    struct Verdict {
        enum Kind { case passed, failure, error, skipped }
        var kind: Kind
        var message = ""
        var text = ""

        var element: String? {
            switch kind {
            case .passed: nil
            case .failure: "failure"
            case .error: "error"
            case .skipped: "skipped"
            }
        }
    }

    static func testCase(_ result: ScenarioDiff, expected: ScenarioOutcome?) -> Verdict {
        switch result.outcome {
        case .pass:
            return Verdict(kind: .passed)
        case .skip:
            if let expected, result.outcome < expected {
                return Verdict(kind: .failure, message: "expected \(expected.rawValue): \(result.verdict)")
            }
            return Verdict(kind: .skipped, message: result.verdict)
        case .fail, .error:
            if let expected, result.outcome >= expected {
                return Verdict(kind: .skipped, message: "expected \(expected.rawValue): \(result.verdict)", text: result.text)
            }
            return Verdict(kind: result.outcome == .fail ? .failure : .error, message: result.verdict, text: result.text)
        }
    }
}
