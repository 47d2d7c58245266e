import CYAML

/// The 400s a YAML body gets, each saying where in the text the trouble is.
enum YAMLProblem {
    static let empty = Problem.badRequest("The body is not valid YAML: it holds no document.", code: "malformed_yaml")

    static func at(_ mark: yaml_mark_t, _ reason: String) -> Problem {
        Problem.badRequest(
            "The body is not valid YAML: \(reason) at line \(mark.line + 1), column \(mark.column + 1).",
            code: "malformed_yaml")
    }

    static func parserError(_ parser: yaml_parser_t) -> Problem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable input"
        let reason = parser.context.map { "\(problem) \(String(cString: $0))" } ?? problem
        return at(parser.problem_mark, reason)
    }
}
