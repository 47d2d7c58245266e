/// TAP version 13: one test point per scenario, a failure's diff as a YAML block, a scenario
/// the runtime does not implement `# SKIP`. Under expectations, a failure or error that was
/// expected carries `# TODO` (TAP's expected failure; a pass then is a bonus), and a skip
/// where a pass was expected is `not ok`.
public enum TAPReport {
    public static func text(_ report: ConformanceReport) -> String {
        var lines = ["TAP version 13", "1..\(report.results.count)"]
        for (index, result) in report.results.enumerated() {
            let name = "\(index + 1) - \(result.scenario)" + (result.rule.map { " (rule \($0))" } ?? "")
            let expected = report.expectations?.toleratedOutcome(of: result.scenario)
            let todo = expected.map { $0 == .fail || $0 == .error } == true ? " # TODO expected \(expected?.rawValue ?? "")" : ""
            switch result.outcome {
            case .pass:
                lines.append("ok \(name)\(todo)")
            case .skip where expected.map { result.outcome < $0 } == true:
                lines.append("not ok \(name)")
                lines += block(message: "expected \(expected?.rawValue ?? ""): \(result.verdict)", text: "")
            case .skip:
                lines.append("ok \(name) # SKIP \(result.skipped ?? "")")
            case .fail, .error:
                lines.append("not ok \(name)\(expected.map { result.outcome >= $0 } == true ? todo : "")")
                lines += block(message: result.verdict, text: result.text)
            }
        }
        let summary = "# \(report.results.count) scenarios: \(report.passed) passed, \(report.failed) failed, "
        lines.append(summary + "\(report.skipped) skipped, \(report.errors) error\(report.errors == 1 ? "" : "s")")
        if let stopped = report.stopped { lines.append("# \(stopped)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The YAML diagnostic block after a test point.
    private static func block(message: String, text: String) -> [String] {
        var lines = ["  ---", "  message: \(DiffRendering.compactJSON(.string(message)))"]
        if !text.isEmpty {
            lines.append("  diff: |")
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }
        }
        lines.append("  ...")
        return lines
    }
}
