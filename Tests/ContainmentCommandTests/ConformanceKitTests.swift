import Containment
import ContainmentConformance
import Foundation
import Testing

@testable import ContainmentCommand

/// The runner's options for runtimes that do not pass everything yet, driven over HTTP against
/// the toy runtime: expectations, tags and filters, observed traces, the JSON summary, a hung
/// adapter; and the toy runtime without its bugs, which does what docs/conformance.md section 2
/// says, passing every scenario it does not skip.
@Suite struct ConformanceKitTests {
    typealias Outcome = (output: String, exitCode: Int32)

    static func run(_ adapter: ToyRuntime, _ arguments: [String]) throws -> Outcome {
        try Run.parse(["--target", adapter.target] + arguments).outcome()
    }

    /// The partial runtime's expectations: each failure with what it gets wrong.
    static let partialExpectations = """
        {
          "format": "containment-conformance-expectations/2",
          "scenarios": {
            "guide-cycle-from-view-controller": "skip",
            "guide-display-content-controller": "pass",
            "rule07-added-subtree-parent-first": {
              "differences": [
                "out of order child.viewIsAppearing (rule 7)",
                "out of order grandchild.viewDidAppear (rule 7)",
                "out of order grandchild.viewWillAppear (rule 7)"
              ],
              "outcome": "fail"
            },
            "rule11-not-moving-on-window-show": {
              "differences": [
                "out of order child.viewDidAppear (rule 7)",
                "out of order child.viewWillAppear (rule 7)",
                "out of order parent.viewIsAppearing (rule 7)"
              ],
              "outcome": "fail"
            },
            "rule13-push": "skip",
            "rule17-child-size-change-tells-parent": "error"
          }
        }

        """

    /// Write, hold to, fail on worse, report better, ratchet.
    @Test func expectationsRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("expectations.json")
        let partial = try ToyRuntime(bugs: PartialAdapterTests.partial)
        let written = try Self.run(partial, PartialAdapterTests.selection + ["--write-expectations", file])
        #expect(written.exitCode == 1)
        #expect(try directory.read("expectations.json") == Self.partialExpectations)

        // The same runtime again: everything as expected, exit 0.
        let same = try Self.run(partial, PartialAdapterTests.selection + ["--expectations", file])
        #expect(same.exitCode == 0)
        #expect(same.output.hasSuffix("\nexpectations \(file): 6 as expected, 0 worse, 0 better, 0 new\n"))

        // A second bug (addChild without willMove, as WinObjC): a pass that fails, and two
        // expected failures with a difference they did not have, each named; exit 1.
        let worse = try Self.run(
            try ToyRuntime(bugs: PartialAdapterTests.partial + ["no-will-move"]), PartialAdapterTests.selection + ["--expectations", file])
        #expect(worse.exitCode == 1)
        #expect(
            worse.output.hasSuffix(
                """
                expectations \(file): 3 as expected, 3 worse, 0 better, 0 new
                worse: guide-display-content-controller: expected pass, got fail
                worse: rule07-added-subtree-parent-first: fails with 2 new differences: missing child.willMove; missing grandchild.willMove
                worse: rule11-not-moving-on-window-show: fails with 1 new difference: missing child.willMove

                """))

        // The bugs fixed and transitions implemented: better, exit 0; --update-expectations
        // takes the improvements in.
        let better = try Self.run(
            try ToyRuntime(bugs: ["no-transitions"]), PartialAdapterTests.selection + ["--expectations", file, "--update-expectations"])
        #expect(better.exitCode == 0)
        #expect(
            better.output.hasSuffix(
                """
                expectations \(file): 3 as expected, 0 worse, 3 better, 0 new
                better: rule07-added-subtree-parent-first: expected fail, got pass
                better: rule11-not-moving-on-window-show: expected fail, got pass
                better: rule17-child-size-change-tells-parent: expected error, got pass

                """))
        let passing = """
            {
              "format": "containment-conformance-expectations/2",
              "scenarios": {
                "guide-cycle-from-view-controller": "skip",
                "guide-display-content-controller": "pass",
                "rule07-added-subtree-parent-first": "pass",
                "rule11-not-moving-on-window-show": "pass",
                "rule13-push": "skip",
                "rule17-child-size-change-tells-parent": "pass"
              }
            }

            """
        #expect(try directory.read("expectations.json") == passing)
        let updated = try Self.run(try ToyRuntime(bugs: ["no-transitions"]), PartialAdapterTests.selection + ["--expectations", file])
        #expect(updated.exitCode == 0)
        #expect(updated.output.hasSuffix("\nexpectations \(file): 6 as expected, 0 worse, 0 better, 0 new\n"))
    }

    /// `--html` writes the report people look at, beside the text one.
    @Test func htmlReportIsWritten() throws {
        let directory = try TemporaryDirectory()
        let partial = try ToyRuntime(bugs: PartialAdapterTests.partial)
        let run = try Self.run(partial, PartialAdapterTests.selection + ["--html", directory.path("report.html")])
        #expect(run.exitCode == 1)
        let page = try directory.read("report.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>UIKit containment conformance: 1 of 6 passed</title>"))
        #expect(page.contains(#"id="scenario-rule07-added-subtree-parent-first""#))
        #expect(page.contains("<li>out of order grandchild.viewWillAppear (rule 7)</li>"))
    }

    /// A file of outcomes only (the first format) is still read: its failures hold any
    /// difference, and --update-expectations records what they get wrong.
    @Test func outcomeOnlyExpectationsAreReadAndGainTheirDifferences() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("expectations.json")
        let outcomes = """
            {"scenarios": {"guide-cycle-from-view-controller": "skip", "guide-display-content-controller": "pass",
            "rule07-added-subtree-parent-first": "fail", "rule11-not-moving-on-window-show": "fail", "rule13-push": "skip",
            "rule17-child-size-change-tells-parent": "error"}}
            """
        try outcomes.write(toFile: file, atomically: true, encoding: .utf8)
        let partial = try ToyRuntime(bugs: PartialAdapterTests.partial)
        let run = try Self.run(partial, PartialAdapterTests.selection + ["--expectations", file, "--update-expectations"])
        #expect(run.exitCode == 0)
        #expect(run.output.hasSuffix("\nexpectations \(file): 6 as expected, 0 worse, 0 better, 0 new\n"))
        #expect(try directory.read("expectations.json") == Self.partialExpectations)
    }

    /// Each `--tag` and each `--filter` adds scenarios; the two kinds together narrow.
    @Test func tagsAndFiltersAreUnions() throws {
        let adapter = try ToyRuntime(bugs: PartialAdapterTests.partial)
        func reported(_ arguments: [String]) throws -> Set<String> {
            let output = try Self.run(adapter, arguments + ["--tap"]).output
            return Set(
                output.split(separator: "\n").compactMap { line in
                    guard line.hasPrefix("ok ") || line.hasPrefix("not ok ") else { return nil }
                    return line.split(separator: " - ", maxSplits: 1).last?.split(separator: " ").first.map(String.init)
                })
        }
        let corpus = ScenarioCorpus.scenarios
        #expect(try reported(["--tag", "drawer", "--tag", "tunnel"]) == Set(corpus.filter { !Set($0.tags).isDisjoint(with: ["drawer", "tunnel"]) }.map(\.id)))
        #expect(
            try reported(["--filter", "rule03-*", "--filter", "tunnel-launch"])
                == Set(corpus.filter { $0.id.hasPrefix("rule03-") }.map(\.id) + ["tunnel-launch"]))
        #expect(
            try reported(["--filter", "rule1?-*", "--tag", "navigation"])
                == Set(corpus.filter { $0.id.hasPrefix("rule1") && $0.id.dropFirst(6).first == "-" && $0.tags.contains("navigation") }.map(\.id)))
        #expect(throws: (any Error).self) { try Self.run(adapter, ["--tag", "no-such-tag"]) }
    }

    /// `--observed` writes what the runtime did as a traces file; `check` on it reports the same.
    @Test func observedTracesAreWhatCheckReads() throws {
        let directory = try TemporaryDirectory()
        let traces = directory.path("observed.json")
        let adapter = try ToyRuntime(bugs: PartialAdapterTests.partial)
        let ran = try Self.run(adapter, PartialAdapterTests.selection + ["--observed", traces])
        let file = try ConformanceJSON.decode(TracesFile.self, from: Array(try Data(contentsOf: URL(fileURLWithPath: traces))))
        let runs = Dictionary(uniqueKeysWithValues: file.runs.map { ($0.scenario, $0) })
        #expect(file.runs.map(\.scenario) == ran.output.split(separator: "\n").compactMap { Self.scenarioOfVerdict($0) })
        // Passing: exactly what was recorded.
        let display = try #require(ScenarioCorpus.scenario("guide-display-content-controller"))
        #expect(
            runs["guide-display-content-controller"]
                == ScenarioRun(scenario: display.id, creation: display.tree.expect!, steps: display.steps.map { $0.expect! }))
        // Skipped and in error: where and why.
        #expect(
            runs["rule13-push"]
                == ScenarioRun(
                    scenario: "rule13-push", creation: StepOutcome(), steps: [],
                    skipped: "tree: POST /v1/trees answered 501: navigationController is not implemented"))
        let cycle = try #require(runs["guide-cycle-from-view-controller"])
        #expect(cycle.steps.count == 1 && cycle.skipped?.hasPrefix("step 1: POST /v1/trees/tree1/controllers/container/transitions answered 404") == true)
        #expect(runs["rule17-child-size-change-tells-parent"]?.error == "step 0: PATCH /v1/trees/tree6/controllers/child answered 200 without `events`")
        // Failing: the children's callbacks before their parent's.
        let window = try #require(runs["rule11-not-moving-on-window-show"]?.steps.first)
        #expect(
            window.events.map(\.label) == [
                "child.viewWillAppear", "parent.viewWillAppear", "parent.viewWillLayoutSubviews", "parent.viewDidLayoutSubviews",
                "child.viewIsAppearing", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews", "parent.viewIsAppearing",
                "child.viewDidAppear", "parent.viewDidAppear",
            ])
        let checked = try Check.parse([traces]).outcome()
        #expect(checked.exitCode == ran.exitCode)
        #expect(checked.output == ran.output)
    }

    static func scenarioOfVerdict(_ line: Substring) -> String? {
        for prefix in ["PASS ", "FAIL ", "SKIP ", "ERROR "] where line.hasPrefix(prefix) {
            return line.dropFirst(prefix.count).split(separator: ":").first.map(String.init)
        }
        return nil
    }

    /// `--summary`: the same run writes the same bytes.
    @Test func summaryIsStableAcrossRuns() throws {
        let directory = try TemporaryDirectory()
        for name in ["first.json", "second.json"] {
            _ = try Self.run(try ToyRuntime(bugs: PartialAdapterTests.partial), PartialAdapterTests.selection + ["--summary", directory.path(name)])
        }
        let first = try directory.read("first.json")
        #expect(try directory.read("second.json") == first)
        let summary = try ConformanceJSON.decode(ConformanceSummary.self, from: Array(first.utf8))
        let totals = summary.totals
        #expect(totals.passed == 1 && totals.failed == 2 && totals.skipped == 2 && totals.errors == 1 && totals.total == 6)
        #expect(summary.corpus == ScenarioCorpus.scenarios.count)
        #expect(summary.rules.map(\.rule) == [1, 7, 11, 12, 13, 17])
        #expect(summary.scenarios["rule17-child-size-change-tells-parent"] == .error)
    }

    /// The toy runtime without its bugs does what docs/conformance.md ("Implementing an
    /// adapter") says: it fails nothing, and skips exactly the scenarios that need what it does
    /// not implement (built-in containers, presentations).
    @Test func theToyRuntimeFollowingTheGuidePassesEveryScenarioItImplements() throws {
        let (output, exitCode) = try Self.run(try ToyRuntime(), ["--tap"])
        #expect(exitCode == 0, "\(output.split(separator: "\n").filter { $0.hasPrefix("not ok") })")
        let skipped = Set(output.split(separator: "\n").filter { $0.contains(" # SKIP ") }.compactMap { $0.split(separator: " ")[3...].first.map(String.init) })
        let needsMore = Set(ScenarioCorpus.scenarios.filter(Self.needsWhatTheToyLacks).map(\.id))
        #expect(
            skipped == needsMore,
            "skipped but implemented: \(skipped.subtracting(needsMore).sorted()); run but not implemented: \(needsMore.subtracting(skipped).sorted())")
        #expect(ScenarioCorpus.scenarios.count - skipped.count >= 98)
    }

    /// What the toy runtime answers 501 for: built-in containers, presentations, overrides,
    /// segues and setting the window's root.
    static func needsWhatTheToyLacks(_ scenario: Scenario) -> Bool {
        func lacks(_ spec: ControllerSpec) -> Bool {
            (spec.kind ?? .viewController) != .viewController || spec.presentationSettings != PresentationSettings()
                || spec.presented != nil || !spec.answers.isEmpty || spec.overrides != nil || spec.segueSettings != SegueSettings()
                || spec.embedSegue != nil || (spec.children ?? []).contains(where: lacks)
        }
        let lackedCalls: Set<String> = [
            "pushViewController", "popViewController", "popToRootViewController", "popToViewController", "setViewControllers", "setSelectedIndex",
            "present", "dismiss", "beginInteractiveDismissal", "updateInteractiveDismissal", "finishInteractiveDismissal",
            "cancelInteractiveDismissal", "beginInteractiveSwipe", "updateInteractiveSwipe", "finishInteractiveSwipe", "cancelInteractiveSwipe",
            "setViewController", "setRootViewController", "performSegue", "triggerSegue",
            // docs/uikit-rules-adaptivity.md: routing, trait overrides, the home indicator and screen edges, user actions.
            "show", "showDetailViewController", "targetViewController", "setOverrideTraitCollection", "setNeedsUpdateOfHomeIndicatorAutoHidden",
            "setNeedsUpdateOfScreenEdgesDeferringSystemGestures", "tapTabBarItem", "setActivationState", "beginInteractivePop",
        ]
        if let root = scenario.tree.root, lacks(root) { return true }
        return scenario.steps.contains { step in
            switch step.action {
            case .create(let spec): lacks(spec)
            case .calls(let calls): calls.contains { lackedCalls.contains($0.method) }
            case .update(let update):
                update.patch.presentationSettings.modalPresentationStyle != nil || update.patch.presentationSettings.isModalInPresentation != nil
                    || !update.patch.answers.isEmpty || update.patch.overrides != nil
                    || update.patch.segueSettings.allowedChildrenForUnwinding != nil
            default: false
            }
        }
    }

    /// An adapter that accepts connections and never answers costs three timeouts, then the
    /// run stops: every other scenario is an error, not run, and the exit status is 2.
    @Test func aHungAdapterStopsTheRun() throws {
        let adapter = try ToyRuntime(bugs: ["hang"])
        let directory = try TemporaryDirectory()
        let started = Date()
        let (output, exitCode) = try Self.run(adapter, ["--timeout", "1", "--junit", directory.path("junit.xml")])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(exitCode == 2)
        let count = ScenarioCorpus.scenarios.count
        #expect(
            output.hasSuffix(
                "\(count) scenarios: 0 passed, 0 failed, 0 skipped, \(count) errors\nthe run stopped after 3 transport errors in a row; \(count - 3) scenarios not run\n"
            ))
        #expect(try directory.read("junit.xml").contains(#"tests="\#(count)" failures="0" errors="\#(count)" skipped="0">"#))
    }
}
