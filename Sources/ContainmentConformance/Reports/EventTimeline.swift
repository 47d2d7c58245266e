import Containment

/// A tree's events for pasting into issues and docs: a Mermaid sequence diagram or aligned
/// text columns (`GET /v1/trees/{tree}/timeline?format=mermaid|text`).
public enum EventTimeline {
    /// A sequence diagram: UIKit as the caller, a lifeline per controller in order of first
    /// appearance, each callback a message, each `batch` a shaded block, warnings as notes.
    public static func mermaid(_ events: [Event]) -> String {
        var aliases: [String: String] = [:]
        var lines = ["sequenceDiagram", "    participant UIKit"]
        for event in events {
            guard let controller = event.controller, aliases[controller] == nil else { continue }
            let alias = "c\(aliases.count + 1)"
            aliases[controller] = alias
            lines.append("    participant \(alias) as \(mermaidText(controller))")
        }
        var batch: UInt64?
        for event in events {
            if event.batch != batch {
                if batch != nil { lines.append("    end") }
                batch = event.batch
                lines.append("    rect rgba(127, 127, 127, 0.1)")
                lines.append("    Note over UIKit: batch \(event.batch)")
            }
            let target = event.controller.flatMap { aliases[$0] }
            if let warning = event.warning {
                lines.append("    Note over \(target ?? "UIKit"): ⚠ \(mermaidText(warning))")
            } else {
                lines.append("    UIKit->>\(target ?? "UIKit"): \(mermaidText(message(event)))")
            }
        }
        if batch != nil { lines.append("    end") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per event in aligned columns: seq, batch, controller, callback, args, flags.
    public static func text(_ events: [Event]) -> String {
        let rows =
            [["seq", "batch", "controller", "callback", "args", "flags"]]
            + events.map { event in
                [
                    String(event.seq), String(event.batch), event.controller ?? "-", event.callback ?? "warning",
                    event.warning ?? (event.args.isEmpty ? "" : DiffRendering.compactJSON(.object(event.args))), flags(event),
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                // Numbers right-aligned, the rest left-aligned; no trailing spaces.
                column < 2
                    ? String(repeating: " ", count: widths[column] - cell.count) + cell
                    : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// `viewWillAppear(animated: false) [isMovingToParent]`.
    static func message(_ event: Event) -> String {
        let args = event.args.sorted { $0.key < $1.key }.map { "\($0.key): \(DiffRendering.compactJSON($0.value))" }
        let suffix = flags(event)
        return "\(event.callback ?? "?")(\(args.joined(separator: ", ")))" + (suffix.isEmpty ? "" : " [\(suffix)]")
    }

    static func flags(_ event: Event) -> String {
        [
            event.isMovingToParent == true ? "isMovingToParent" : nil, event.isMovingFromParent == true ? "isMovingFromParent" : nil,
            event.isBeingPresented == true ? "isBeingPresented" : nil, event.isBeingDismissed == true ? "isBeingDismissed" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
    }

    /// Mermaid ends a message at a newline and treats `;` and `#` specially: escaped as its entity codes.
    static func mermaidText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case ";": result += "#59;"
            case "#": result += "#35;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
