#if SwiftSource
import Containment
import SwiftParser
import SwiftSyntax

/// `POST /v1/swift` and `containment explain`: UIKit code in, the callbacks UIKit would make
/// out, each with the statements that caused it (docs/swift.md).
public enum SwiftSourceExplainer {
    /// Refused (`SwiftSourceRefusal`) when the source is outside the subset or its limits;
    /// an engine refusal of the translation's own calls is a bug, reported as a refusal too.
    public static func explain(_ source: [UInt8], idiom: SwiftSourceIdiom, orientation: SwiftSourceOrientation = .portrait)
        throws(SwiftSourceRefusal) -> SwiftExplanation
    {
        try SourceChecks.check(source)
        let file = source.withUnsafeBufferPointer {
            Parser.parse(source: $0, maximumNestingLevel: SwiftSourceLimits.maxNestingDepth * 4)
        }
        if file.hasError {
            let finder = SyntaxErrorFinder()
            finder.walk(file)
            let node = finder.first ?? Syntax(file)
            let converter = SourceLocationConverter(fileName: "source.swift", tree: file)
            let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            throw SwiftSourceRefusal(
                code: "syntax_error", construct: "syntax error", at: SwiftSourceLocation(line: place.line, column: place.column),
                detail: "The Swift parser cannot read the source here.", supported: "Swift source that compiles.")
        }
        let window = windowSize(idiom, orientation)
        let translator = SourceTranslator(file: file, windowSize: window)
        translator.isCompact = idiom == .phone
        let program = try translator.translate(file)
        do {
            let runner = try SwiftSourceRunner(program, windowSize: window, sizeClass: idiom == .pad ? .regular : .compact)
            let (events, exception, tree) = try runner.run()
            return SwiftExplanation(
                idiom: idiom, orientation: orientation,
                controllers: program.controllers.map {
                    SwiftExplainedController(
                        id: $0.id, className: $0.className, kind: $0.kind, line: $0.location.line, column: $0.location.column,
                        overrides: $0.overrides.keys.sorted())
                }, events: events, warnings: program.warnings, exception: exception, tree: tree)
        } catch {
            throw SwiftSourceRefusal(
                code: "translation_refused", construct: "source", at: program.end, detail: "The engine refused the translation: \(error.detail)",
                supported: "Sources within the subset of docs/swift.md.")
        }
    }

    public static func explain(_ source: String, idiom: SwiftSourceIdiom, orientation: SwiftSourceOrientation = .portrait)
        throws(SwiftSourceRefusal) -> SwiftExplanation
    {
        try explain(Array(source.utf8), idiom: idiom, orientation: orientation)
    }

    /// A phone is 390 × 844 points (compact width), a pad 768 × 1024 (regular), turned in landscape.
    public static func windowSize(_ idiom: SwiftSourceIdiom, _ orientation: SwiftSourceOrientation) -> Size {
        let portrait = idiom == .phone ? Size(width: 390, height: 844) : Size(width: 768, height: 1024)
        return orientation == .portrait ? portrait : Size(width: portrait.height, height: portrait.width)
    }
}
#endif
