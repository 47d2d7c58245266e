import ContainmentConformance
import ContainmentConformanceTesting
import Foundation
import Testing
import TinyUIKit

/// The conformance corpus on TinyUIKit, held to the expectations committed beside this package.
enum TinyUIKitConformance {
    /// `TINY_UIKIT_DEFECT=children-first swift test` runs the corpus with that mistake made, to
    /// see what a regression looks like.
    static let defects = Set([ProcessInfo.processInfo.environment["TINY_UIKIT_DEFECT"].flatMap(UIApplication.Defect.init(rawValue:))].compactMap { $0 })

    static let suite = suite(defects: defects)

    /// TinyUIKit has no layout pass: layout callbacks are left out of the comparison.
    static func suite(defects: Set<UIApplication.Defect>) -> ConformanceSuite<TinyUIKitAdapter> {
        ConformanceSuite(options: CompareOptions(ignoreLayout: true), expectations: "../../conformance-expectations.json") { recorder in
            TinyUIKitAdapter(recorder: recorder, defects: defects)
        }
    }
}

@Suite struct CorpusTests {
    /// One test case per scenario: a pass, a skip (cancelled), an expected failure (a known
    /// issue), or an issue naming what got worse.
    @Test(arguments: try TinyUIKitConformance.suite.scenarios())
    func scenario(_ scenario: ConformanceScenario) throws {
        try TinyUIKitConformance.suite.check(scenario)
    }

    /// The whole corpus in one run, as `containment conformance run --expectations` judges it,
    /// writing the files the environment names (`CONTAINMENT_CONFORMANCE_HTML=report.html`, …).
    @Test func theWholeRunIsNoWorseThanExpected() throws {
        let report = try TinyUIKitConformance.suite.run(writing: .environment())
        // Held to expectations, what got worse; else each failure's verdict.
        let said = ["expectations ", "worse: "] + (report.expectations == nil ? ["FAIL ", "ERROR "] : [])
        let lines = report.text.split(separator: "\n").filter { line in said.contains { line.hasPrefix($0) } }
        #expect(report.exitStatus == 0, Comment(rawValue: lines.joined(separator: "\n")))
    }
}
