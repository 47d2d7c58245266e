/// TAP version 13: one test point per scenario, a failure's diff as a YAML block.
public enum TAPReport {
    public static func text(_ report: ConformanceReport) -> String {
        var lines = ["TAP version 13", "1..\(report.results.count)"]
        for (index, result) in report.results.enumerated() {
            let rule = result.rule.map { " (rule \($0))" } ?? ""
            lines.append("\(result.passed ? "ok" : "not ok") \(index + 1) - \(result.scenario)\(rule)")
            if !result.passed {
                lines.append("  ---")
                lines.append("  message: \(DiffRendering.compactJSON(.string(result.verdict)))")
                lines.append("  diff: |")
                lines += result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }
                lines.append("  ...")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
