import Containment
import ContainmentConformance
import Foundation
import FoundationXML
import Glibc
import Testing

/// The conformance runner's HTTP target: the whole corpus through our own routes, and through a
/// deliberately wrong adapter per known re-implementation mistake.
@Suite struct ConformanceRunnerTests {
    /// Every scenario through the REST API matches the expectations recorded on the engine
    /// (the same files `CorpusTests` replays on the engine: one set of expectations, two targets).
    @Test func corpusPassesOverHTTP() throws {
        let service = try TestService(.router)
        var target = HTTPTarget(transport: TestTransport(service: service))
        let report = ConformanceReport.run(ScenarioCorpus.scenarios, on: &target)
        #expect(report.results.count == ScenarioCorpus.scenarios.count)
        for result in report.results where !result.passed {
            Issue.record("\(result.verdict)\n\(result.text)")
        }
        #expect(report.passed == ScenarioCorpus.scenarios.count, "nothing failed, was skipped or was an error")
        // The runner leaves no tree behind.
        #expect(try service.request("GET", "/v1/trees").json["trees"] == .array([]))
    }

    /// Each mistake is flagged in exactly the scenarios whose content exposes it.
    @Test(arguments: RuntimeMistake.allCases)
    func wrongAdapterIsFlaggedExactly(_ mistake: RuntimeMistake) throws {
        var target = HTTPTarget(transport: WrongAdapter(upstream: TestTransport(service: try TestService(.router)), mistake: mistake))
        let report = ConformanceReport.run(ScenarioCorpus.scenarios, on: &target)
        let flagged = Set(report.results.filter { !$0.passed }.map(\.scenario))
        let touched = Set(ScenarioCorpus.scenarios.filter(mistake.touches).map(\.id))
        #expect(!touched.isEmpty, "no scenario exposes \(mistake)")
        #expect(touched.count < ScenarioCorpus.scenarios.count, "every scenario exposes \(mistake)")
        #expect(flagged == touched, "missed: \(touched.subtracting(flagged).sorted()), wrongly flagged: \(flagged.subtracting(touched).sorted())")
        // Failures carry a diff, not a transport error.
        #expect(report.results.allSatisfy { $0.error == nil }, "\(report.results.compactMap(\.error))")
        #expect(report.results.filter { !$0.passed }.allSatisfy { $0.text.contains("@@ step") })
        // The JUnit report says the same: one failure per flagged scenario.
        let junit = try XMLDocument(xmlString: JUnitReport.xml(report))
        #expect(junit.rootElement()?.attribute(forName: "failures")?.stringValue == String(touched.count))
        let failed = try junit.nodes(forXPath: "//testcase[failure]").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(Set(failed) == touched)
    }

    /// A pre-iOS 13 runtime passes once `viewIsAppearing` is left out of the comparison.
    @Test func ignoringViewIsAppearingExcusesAPreIOS13Runtime() throws {
        var target = HTTPTarget(transport: WrongAdapter(upstream: TestTransport(service: try TestService(.router)), mistake: .noViewIsAppearing))
        let report = ConformanceReport.run(ScenarioCorpus.scenarios, on: &target, options: CompareOptions(ignoreViewIsAppearing: true))
        #expect(report.failed == 0, "\(report.results.filter { !$0.passed }.map(\.verdict))")
    }

    /// A server that is not there: each scenario is an error with the transport's reason.
    @Test func unreachableTargetFailsEveryScenario() throws {
        // A port bound but never listened on: connections are refused, and no other test can
        // take the port while this one holds it.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                try #require(bind(fd, socketAddress, length) == 0)
                try #require(getsockname(fd, socketAddress, &length) == 0)
            }
        }
        var target = HTTPTarget(transport: SocketTransport(port: Int(UInt16(bigEndian: address.sin_port))))
        let report = ConformanceReport.run(Array(ScenarioCorpus.scenarios.prefix(3)), on: &target)
        #expect(report.errors == 3 && report.failed == 0)
        #expect(report.results.allSatisfy { $0.error != nil && $0.verdict.hasPrefix("ERROR") })
    }
}
