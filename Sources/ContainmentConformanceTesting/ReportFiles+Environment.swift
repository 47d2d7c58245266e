import ContainmentConformance
import Foundation

extension ReportFiles {
    /// The files the environment asks for, one variable per option of `containment conformance
    /// run`: `CONTAINMENT_CONFORMANCE_JUNIT`, `…_HTML`, `…_SUMMARY` and `…_WRITE_EXPECTATIONS`
    /// name a file, `…_UPDATE_EXPECTATIONS=1` writes the improvements back into the suite's
    /// expectations file. Relative paths are from the test process's working directory.
    public static func environment(_ variables: [String: String] = ProcessInfo.processInfo.environment) -> ReportFiles {
        func value(_ name: String) -> String? { variables["CONTAINMENT_CONFORMANCE_" + name].flatMap { $0.isEmpty ? nil : $0 } }
        return ReportFiles(
            junit: value("JUNIT"), html: value("HTML"), summary: value("SUMMARY"), writeExpectations: value("WRITE_EXPECTATIONS"),
            updateExpectations: value("UPDATE_EXPECTATIONS") == "1")
    }
}
