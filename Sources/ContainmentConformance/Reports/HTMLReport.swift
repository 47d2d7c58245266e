/// A self-contained HTML page of a run, for people to look at (`--html FILE`): the rules ×
/// outcomes matrix, then each failure with its expected and observed sequences side by side,
/// the differences marked. No script, no network, one file: it opens from a CI artefact.
/// Built on the same results as the text, TAP and JUnit reports.
public enum HTMLReport {
    public static func page(_ report: ConformanceReport, scenarios: [Scenario]) -> String {
        let byID = Dictionary(scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let failures = report.results.filter { $0.outcome == .fail || $0.outcome == .error }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>UIKit containment conformance: \(report.passed) of \(report.results.count) passed</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <h1>UIKit containment conformance</h1>
            <p class="totals">\(Markup.escape(totals(report)))</p>

            """
        if let expectations = report.expectations {
            html += "<h2>Expectations</h2>\n<ul class=\"expectations\">\n"
            html += expectations.lines.map { "<li>\(Markup.escape($0))</li>\n" }.joined()
            html += "</ul>\n"
        }
        html += matrix(report)
        html += "<h2>Failures and errors (\(failures.count))</h2>\n"
        if failures.isEmpty { html += "<p>None.</p>\n" }
        for result in failures {
            html += failure(result, scenario: byID[result.scenario], expectations: report.expectations)
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    private static func totals(_ report: ConformanceReport) -> String {
        "\(report.results.count) scenarios: \(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped, "
            + "\(report.errors) error\(report.errors == 1 ? "" : "s")" + (report.stopped.map { "; \($0)" } ?? "")
    }

    /// One row per rule: its counts, and links to the scenarios that did not pass.
    private static func matrix(_ report: ConformanceReport) -> String {
        var html = """
            <h2>Rules</h2>
            <table class="matrix">
            <caption>Outcomes per rule of docs/uikit-rules*.md</caption>
            <thead><tr><th scope="col">Rule</th><th scope="col">Title</th><th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Skipped</th><th scope="col">Errors</th><th scope="col">Not passed</th></tr></thead>
            <tbody>

            """
        for (rule, counts) in report.perRule {
            let title = ConformanceRule.all.first { $0.number == rule }?.title ?? ""
            let others = report.results.filter { $0.rule == rule && $0.outcome != .pass }
            // Failures and errors link to their section; a skip has none (it has no diff).
            let links = others.map { result in
                result.outcome == .skip
                    ? "<span class=\"skip\">\(Markup.escape(result.scenario)) (skipped)</span>"
                    : "<a class=\"\(result.outcome.rawValue)\" href=\"#\(anchor(result.scenario))\">\(Markup.escape(result.scenario))</a>"
            }
            html += "<tr><th scope=\"row\">\(rule)</th><td>\(Markup.escape(title))</td>"
            html += [("pass", counts.passed), ("fail", counts.failed), ("skip", counts.skipped), ("error", counts.errors)]
                .map { "<td class=\"count\(($0.1 > 0 ? " " + $0.0 : ""))\">\($0.1)</td>" }.joined()
            html += "<td>\(links.joined(separator: " "))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// A failure: its verdict, rule and sources, its differences, and each failing step drawn.
    private static func failure(_ result: ScenarioDiff, scenario: Scenario?, expectations: ExpectationsComparison?) -> String {
        var html = "<section class=\"failure\" id=\"\(anchor(result.scenario))\">\n"
        html += "<h3>\(Markup.escape(result.scenario))</h3>\n<p class=\"verdict \(result.outcome.rawValue)\">\(Markup.escape(result.verdict))</p>\n"
        if let rule = result.rule, let known = ConformanceRule.all.first(where: { $0.number == rule }) {
            html += "<p>Rule \(rule) (\(Markup.escape(known.document))): \(Markup.escape(known.title))</p>\n"
        }
        if let scenario {
            html += "<p>\(Markup.escape(scenario.title))</p>\n"
            if !scenario.documentation.isEmpty {
                html += "<ul class=\"sources\">\n"
                html += scenario.documentation.map { "<li><a href=\"\(Markup.escape($0.url))\">\(Markup.escape($0.title))</a></li>\n" }.joined()
                html += "</ul>\n"
            }
        }
        if let change = expectations?.worse.first(where: { $0.scenario == result.scenario }), !change.newDifferences.isEmpty {
            html += "<p class=\"worse\">New since the expectations: \(Markup.escape(change.newDifferences.joined(separator: "; ")))</p>\n"
        }
        if result.outcome == .fail {
            html += "<h4>Differences</h4>\n<ul class=\"differences\">\n"
            html += result.differences.map { "<li>\(Markup.escape($0))</li>\n" }.joined()
            html += "</ul>\n"
        }
        for step in result.steps where !step.passed && !step.rows.isEmpty {
            html += "<h4>Step \(Markup.escape(step.step))\(step.note.map { ": " + Markup.escape($0) } ?? "") — \(Markup.escape(step.summary ?? ""))</h4>\n"
            html += SequenceDiagram(step: step, scenario: result.scenario).svg
            html += "<details><summary>The step as a text diff</summary><pre>\(Markup.escape(step.lines.joined(separator: "\n")))</pre></details>\n"
        }
        return html + "</section>\n"
    }

    /// An id attribute for a scenario id (letters, digits and `-` are kept).
    static func anchor(_ scenario: String) -> String {
        "scenario-" + String(scenario.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    private static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; color: #1f2328; margin: 0; }
        main { max-width: 1200px; margin: 0 auto; padding: 16px 24px; }
        table.matrix { border-collapse: collapse; width: 100%; }
        .matrix th, .matrix td { border: 1px solid #d0d7de; padding: 3px 6px; text-align: left; vertical-align: top; }
        .matrix td.count { text-align: right; }
        td.pass { background: #dafbe1; } td.fail { background: #ffebe9; } td.skip { background: #fff8c5; } td.error { background: #fbefff; }
        a { color: #0550ae; } a.fail, a.error { color: #a40e26; }
        .verdict { font-family: ui-monospace, monospace; white-space: pre-wrap; }
        .worse { color: #a40e26; font-weight: 600; }
        section.failure { border-top: 2px solid #d0d7de; margin-top: 20px; }
        svg.sequence { display: block; max-width: 100%; height: auto; border: 1px solid #d0d7de; background: #fff; }
        pre { background: #f6f8fa; padding: 8px; overflow-x: auto; }
        """
}
