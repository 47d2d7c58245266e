import Testing

@testable import ContainmentService

/// Metric labels come from a fixed set: no request, however made up, adds a series.
@Suite struct MetricLabelTests {
    private func requestSeries(_ service: TestService) throws -> [String] {
        try service.request("GET", "/metrics").text.split(separator: "\n")
            .filter { $0.hasPrefix("containment_http_request_duration_seconds_count{") }.map(String.init)
    }

    @Test func madeUpMethodsShareOneSeriesPerRouteAndStatus() throws {
        let service = try TestService(.router)
        // One request per kind of answer first (404, 405), so the `other` series exist.
        try service.request("FIRSTJUNK", "/v1/trees")
        try service.request("FIRSTJUNK", "/nowhere")
        let before = try requestSeries(service)
        for index in 0..<2_000 {
            let path = index.isMultiple(of: 2) ? "/v1/trees" : "/nowhere-\(index)"
            let reply = try service.request("JUNK\(index)", path)
            #expect(reply.status == (index.isMultiple(of: 2) ? 405 : 404))
        }
        let after = try requestSeries(service)
        // The scrape itself adds its own GET /metrics series once.
        #expect(after.count <= before.count + 1, "series grew from \(before.count) to \(after.count)")
        #expect(!after.contains { $0.contains("JUNK") })
        #expect(after.contains { $0.contains(#"route="/v1/trees",method="other",status="405"} 1001"#) })
        #expect(after.contains { $0.contains(#"route="unmatched",method="other",status="404"} 1001"#) })
    }

    @Test func standardMethodsKeepTheirNames() {
        #expect(ServiceMetrics.methodLabel("DELETE") == "DELETE")
        #expect(ServiceMetrics.methodLabel("delete") == "other")
        #expect(ServiceMetrics.methodLabel("BREW") == "other")
    }
}
