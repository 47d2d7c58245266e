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
    static func rows(
        wanted: [(offset: Int, element: TraceEvent)], seen: [(offset: Int, element: TraceEvent)], pairs: [(Int, Int)],
        diff: StepDiff
    ) -> [DiffRow] {
        let movedFrom = Set(diff.outOfOrder.map(\.expectedPosition))
        let movedTo = Dictionary(diff.outOfOrder.map { ($0.observedPosition, $0) }, uniquingKeysWith: { first, _ in first })
        let differing = Dictionary(diff.differing.map { ($0.expectedPosition, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var rows: [DiffRow] = []
        var (i, j) = (0, 0)
        func flush(upTo left: Int, _ right: Int) {
            while i < left {
                let event = wanted[i].element
                let moved = movedFrom.contains(wanted[i].offset)
                rows.append(
                    DiffRow(
                        kind: moved ? .expectedHere : .missing, expected: line(event), controller: event.controller,
                        note: moved ? "expected here" : "missing"))
                i += 1
            }
            while j < right {
                let event = seen[j].element
                let moved = movedTo[seen[j].offset]
                let note = moved.map { "\($0.explanation)\($0.rule.map { ", rule \($0)" } ?? "")" } ?? "unexpected"
                rows.append(DiffRow(kind: moved == nil ? .unexpected : .moved, observed: line(event), controller: event.controller, note: note))
                j += 1
            }
        }
        for (left, right) in pairs {
            flush(upTo: left, right)
            let event = wanted[left].element
            if let fields = differing[wanted[left].offset] {
                rows.append(
                    DiffRow(
                        kind: .differs, expected: line(event), observed: line(seen[right].element), controller: event.controller,
                        note: "differs: \(fields.joined(separator: ", "))"))
            } else {
                rows.append(DiffRow(kind: .same, expected: line(event), observed: line(seen[right].element), controller: event.controller))
            }
            i = left + 1
            j = right + 1
        }
        flush(upTo: wanted.count, seen.count)
        if let problem = diff.problem {
            rows.append(
                DiffRow(
                    kind: .problem, expected: problem.expected.map { "\($0.title): \($0.detail)" },
                    observed: problem.observed.map { "\($0.title): \($0.detail)" }))
        }
        return rows
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
