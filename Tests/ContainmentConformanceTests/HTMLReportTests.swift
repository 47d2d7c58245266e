import ContainmentConformance
import Testing

/// `--html`: one self-contained page, the rules matrix, and each failure drawn from the same
/// diff rows the text report prints.
@Suite struct HTMLReportTests {
    static func page() throws -> String {
        let broken = try ExpectationsTests.subtree(ExpectationsTests.withoutWillMove)
        let report = ConformanceReport.check([broken, try OutcomeReportTests.recorded("rule13-push")], against: ScenarioCorpus.scenarios)
        return HTMLReport.page(report, scenarios: ScenarioCorpus.scenarios)
    }

    @Test func matrixCountsEachRuleAndLinksItsFailures() throws {
        let page = try Self.page()
        #expect(page.contains(#"<tr><th scope="row">7</th><td>Appearance order: parent before child</td>"#))
        #expect(page.contains(##"<a class="fail" href="#scenario-rule07-added-subtree-parent-first">rule07-added-subtree-parent-first</a>"##))
        #expect(page.contains(#"<tr><th scope="row">13</th>"#))
        #expect(page.contains(#"<section class="failure" id="scenario-rule07-added-subtree-parent-first">"#))
        #expect(!page.contains("scenario-rule13-push\""), "a pass has no section")
    }

    /// Each failing step is a diagram whose rows are the diff's: the missing event drawn in its
    /// lane on the expected side only, named, and the whole line kept as the text diff.
    @Test func failingStepsAreDrawnSideBySide() throws {
        let page = try Self.page()
        #expect(page.contains("<li>missing child.willMove</li>"))
        #expect(page.components(separatedBy: "<svg class=\"sequence\" role=\"img\"").count - 1 == 2)
        #expect(page.contains("child.willMove {&quot;parent&quot;:&quot;parent&quot;} · missing</text>"))
        #expect(page.contains("<pre>-child.willMove {&quot;parent&quot;:&quot;parent&quot;}   (missing)&#10;"))
    }

    /// Opens from a file with no network: nothing to load, everything escaped.
    @Test func pageLoadsNothing() throws {
        let page = try Self.page()
        for tag in ["<script", "<link", "<img", "<iframe", " src="] { #expect(!page.contains(tag), "\(tag)") }
        #expect(HTMLReport.page(ConformanceReport(results: []), scenarios: []).contains("<p>None.</p>"))
    }
}
