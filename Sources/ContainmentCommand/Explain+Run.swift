#if SwiftSource
import ArgumentParser
import Containment
import ContainmentSwiftSource
import FoundationEssentials

extension Explain {
    func run() throws {
        guard let idiom = SwiftSourceIdiom(rawValue: idiom) else { throw ValidationError("--idiom must be phone or pad") }
        guard let orientation = SwiftSourceOrientation(rawValue: orientation) else {
            throw ValidationError("--orientation must be portrait or landscape")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
        let explanation: SwiftExplanation
        do throws(SwiftSourceRefusal) {
            explanation = try SwiftSourceExplainer.explain([UInt8](data), idiom: idiom, orientation: orientation)
        } catch {
            print("\(file):\(error.line):\(error.column): refused: \(error.construct): \(error.detail) Supported: \(error.supported)")
            throw ExitCode(2)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(explanation), as: UTF8.self))
            return
        }
        for line in Self.lines(explanation, file: file) { print(line) }
    }

    /// `file:line:column: controller.callback(args)  [cause]`, compiler-style, one per event.
    static func lines(_ explanation: SwiftExplanation, file: String) -> [String] {
        var lines = explanation.warnings.map { "\(file):\($0.line):\($0.column): warning: \($0.message)" }
        for explained in explanation.events {
            let event = explained.event
            let what = event.warning.map { "warning: \($0)" } ?? "\(event.controller ?? "scene").\(event.callback ?? "")"
            let args = event.args.isEmpty ? "" : " " + event.args.keys.sorted().map { "\($0): \(text(event.args[$0]!))" }.joined(separator: ", ")
            lines.append("\(file):\(explained.source.line):\(explained.source.column): \(what)\(args)  [\(explained.source.cause)]")
        }
        if let exception = explanation.exception {
            lines.append("\(file):\(exception.line):\(exception.column): exception: \(exception.name ?? exception.code): \(exception.detail)")
        }
        return lines
    }

    /// An argument as the text shows it: ids bare, `nil` for null.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): "\(flag)"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .string(let string): string
        case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\($0): \(text(members[$0]!))" }.joined(separator: ", ") + "}"
        }
    }
}
#endif
