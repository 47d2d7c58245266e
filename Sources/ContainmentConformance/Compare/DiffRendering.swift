import Containment

/// Text renderings of events and diffs, for terminals, issues and JUnit failure messages.
public enum DiffRendering {
    /// One event on one line: `child.viewWillAppear {"animated":false} movingToParent`.
    public static func line(_ event: TraceEvent) -> String {
        if let warning = event.warning {
            return "warning " + (event.controller.map { "\($0): " } ?? "") + warning
        }
        var text = "\(event.controller ?? "-").\(event.callback ?? "-")"
        if !event.args.isEmpty { text += " " + compactJSON(.object(event.args)) }
        if event.isMovingToParent == true { text += " isMovingToParent" }
        if event.isMovingFromParent == true { text += " isMovingFromParent" }
        if event.isBeingPresented == true { text += " isBeingPresented" }
        if event.isBeingDismissed == true { text += " isBeingDismissed" }
        return text
    }

    /// Merges the two lists along their alignment, as a unified diff shows them.
    static func lines(
        wanted: [(offset: Int, element: TraceEvent)], seen: [(offset: Int, element: TraceEvent)], pairs: [(Int, Int)],
        diff: StepDiff
    ) -> [String] {
        let movedFrom = Set(diff.outOfOrder.map(\.expectedPosition))
        let movedTo = Dictionary(diff.outOfOrder.map { ($0.observedPosition, $0) }, uniquingKeysWith: { first, _ in first })
        let differing = Dictionary(diff.differing.map { ($0.expectedPosition, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        var (i, j) = (0, 0)
        func flush(upTo left: Int, _ right: Int) {
            while i < left {
                let position = wanted[i].offset
                let note = movedFrom.contains(position) ? "   (expected here)" : "   (missing)"
                lines.append("-" + line(wanted[i].element) + note)
                i += 1
            }
            while j < right {
                let position = seen[j].offset
                let note = movedTo[position].map { "   (\($0.explanation)\($0.rule.map { ", rule \($0)" } ?? ""))" } ?? "   (unexpected)"
                lines.append("+" + line(seen[j].element) + note)
                j += 1
            }
        }
        for (left, right) in pairs {
            flush(upTo: left, right)
            if let fields = differing[wanted[left].offset] {
                lines.append("-" + line(wanted[left].element))
                lines.append("+" + line(seen[right].element) + "   (differs: \(fields.joined(separator: ", ")))")
            } else {
                lines.append(" " + line(wanted[left].element))
            }
            i = left + 1
            j = right + 1
        }
        flush(upTo: wanted.count, seen.count)
        if let problem = diff.problem {
            if let expected = problem.expected { lines.append("-problem \(expected.title): \(expected.detail)") }
            if let observed = problem.observed { lines.append("+problem \(observed.title): \(observed.detail)") }
        }
        return lines
    }

    /// JSON with sorted keys and no spaces, for args on one line.
    public static func compactJSON(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(compactJSON).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + compactJSON($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
