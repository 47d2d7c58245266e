/// JUnit XML as CI systems read it: one `<testsuite>` per rule, one `<testcase>` per scenario,
/// a failing scenario's diff in its `<failure>`.
public enum JUnitReport {
    public static func xml(_ report: ConformanceReport) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="UIKit containment conformance" tests="\#(report.results.count)" failures="\#(report.failed)">"#,
        ]
        for row in report.perRule {
            let results = report.results.filter { $0.rule == row.rule }
            let title = ConformanceRule.all.first { $0.number == row.rule }?.title ?? ""
            lines.append(#"  <testsuite name="rule \#(row.rule): \#(escape(title))" tests="\#(results.count)" failures="\#(row.failed)" errors="0">"#)
            for result in results {
                let head = #"    <testcase classname="conformance.rule\#(row.rule)" name="\#(escape(result.scenario))""#
                if result.passed {
                    lines.append(head + "/>")
                } else {
                    lines.append(head + ">")
                    lines.append(#"      <failure message="\#(escape(result.verdict))">\#(escape(result.text))</failure>"#)
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        let unruled = report.results.filter { $0.rule == nil }
        if !unruled.isEmpty {
            lines.append(#"  <testsuite name="traces without a scenario" tests="\#(unruled.count)" failures="\#(unruled.count { !$0.passed })" errors="0">"#)
            for result in unruled {
                lines.append(#"    <testcase classname="conformance" name="\#(escape(result.scenario))">"#)
                lines.append(#"      <failure message="\#(escape(result.verdict))">\#(escape(result.text))</failure>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids become spaces.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default:
                if scalar.value < 0x20 { result += " " } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
