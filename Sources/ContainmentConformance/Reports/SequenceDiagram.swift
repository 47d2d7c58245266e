/// One step drawn as two sequence diagrams side by side, expected and observed: a lane per
/// controller, time downwards, each event a dot in its lane with its line beside it; rows line
/// up as the diff aligns them, and what differs is coloured and named.
struct SequenceDiagram {
    let step: StepDiff
    let scenario: String
    /// A lane per controller, in the order the rows first name them (`—` for a refusal or warning).
    private let lanes: [String]

    init(step: StepDiff, scenario: String) {
        self.step = step
        self.scenario = scenario
        var lanes: [String] = []
        for row in step.rows where !lanes.contains(row.controller ?? "—") { lanes.append(row.controller ?? "—") }
        self.lanes = lanes
    }

    private static let laneWidth = 22.0
    private static let labelWidth = 360.0
    private static let rowHeight = 18.0
    private static let top = 96.0
    /// The longest label drawn; the whole line is the event's tooltip.
    private static let labelCharacters = 56

    private var panelWidth: Double { Double(lanes.count) * Self.laneWidth + Self.labelWidth + 16 }

    var svg: String {
        let width = 2 * panelWidth + 40
        let height = Self.top + Double(step.rows.count) * Self.rowHeight + 40
        let label = "Step \(step.step) of \(scenario): expected events on the left, observed on the right; \(step.summary ?? "")"
        var svg = "<svg class=\"sequence\" role=\"img\" aria-label=\"\(Markup.escape(label))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
        svg +=
            "width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" font-family=\"ui-monospace, monospace\" font-size=\"11\">\n"
        for (side, origin) in [("Expected", 8.0), ("Observed", 8 + panelWidth + 24)] {
            svg += "<text x=\"\(origin)\" y=\"14\" font-weight=\"bold\" font-family=\"system-ui, sans-serif\" font-size=\"13\">\(side)</text>\n"
            for (index, lane) in lanes.enumerated() {
                let x = origin + (Double(index) + 0.5) * Self.laneWidth
                svg += "<line x1=\"\(x)\" y1=\"\(Self.top - 8)\" x2=\"\(x)\" y2=\"\(height - 30)\" stroke=\"#d0d7de\"/>\n"
                svg += "<text transform=\"translate(\(x + 3) \(Self.top - 12)) rotate(-50)\">\(Markup.escape(lane))</text>\n"
            }
            for (index, row) in step.rows.enumerated() {
                let text = side == "Expected" ? row.expected : row.observed
                guard let text else { continue }
                svg += event(
                    row, text: text, lane: lanes.firstIndex(of: row.controller ?? "—") ?? 0, origin: origin, y: Self.top + Double(index) * Self.rowHeight)
            }
        }
        svg += legend(y: height - 12)
        return svg + "</svg>\n"
    }

    /// A dot in the event's lane and its line, coloured and named by how it differs.
    private func event(_ row: DiffRow, text: String, lane: Int, origin: Double, y: Double) -> String {
        let colour = Self.colour(row.kind)
        let x = origin + (Double(lane) + 0.5) * Self.laneWidth
        let shown = text.count > Self.labelCharacters ? String(text.prefix(Self.labelCharacters - 1)) + "…" : text
        let note = row.note.map { " (\($0))" } ?? ""
        var svg = "<g><title>\(Markup.escape((row.kind == .problem ? "problem " : "") + text + note))</title>"
        svg +=
            "<circle cx=\"\(x)\" cy=\"\(y - 4)\" r=\"4\" fill=\"\(row.kind == .expectedHere ? "#ffffff" : colour)\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>"
        let labelX = origin + Double(lanes.count) * Self.laneWidth + 8
        let weight = row.kind == .same ? "" : " font-weight=\"bold\""
        svg +=
            "<text x=\"\(labelX)\" y=\"\(y)\" fill=\"\(colour)\"\(weight)>\(Markup.escape(shown + (row.kind == .same ? "" : " ·" + (row.note.map { " " + $0 } ?? ""))))</text></g>\n"
        return svg
    }

    private func legend(y: Double) -> String {
        let entries: [(DiffRow.Kind, String)] = [
            (.missing, "missing"), (.unexpected, "unexpected"), (.moved, "out of order"), (.differs, "differs"), (.problem, "refusal"),
        ]
        var svg = ""
        var x = 8.0
        for (kind, name) in entries {
            svg +=
                "<circle cx=\"\(x + 4)\" cy=\"\(y - 4)\" r=\"4\" fill=\"\(Self.colour(kind))\"/><text x=\"\(x + 12)\" y=\"\(y)\" fill=\"\(Self.colour(kind))\">\(name)</text>\n"
            x += 110
        }
        return svg
    }

    /// Dark enough on white for text (WCAG AA), and never the only cue: each row also says it.
    static func colour(_ kind: DiffRow.Kind) -> String {
        switch kind {
        case .same: "#57606a"
        case .missing, .problem: "#cf222e"
        case .unexpected: "#953800"
        case .expectedHere, .moved: "#8250df"
        case .differs: "#7d4e00"
        }
    }
}
