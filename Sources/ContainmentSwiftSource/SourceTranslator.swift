#if SwiftSource
import Containment
import SwiftSyntax

/// Translates a parsed source onto the engine (docs/swift.md): its classes become controller
/// kinds with the overrides their methods declare, its top-level statements the app's launch.
/// Nothing is executed: every value is one the source states.
final class SourceTranslator {
    let converter: SourceLocationConverter
    let windowRect: Rect
    var classes: [String: SourceClass] = [:]
    var functions: [String: FunctionDeclSyntax] = [:]
    var program = TranslatedProgram()
    /// The launch's calls, with `runLoop` markers where a turn ends.
    var launch: [LocatedCall] = []
    /// Controller id → the source class it is an instance of, and its stored properties.
    var classOf: [String: String] = [:]
    var properties: [String: [String: SourceValue]] = [:]
    /// Why a property has no value the source states, thrown when it is used.
    var propertyRefusals: [String: SwiftSourceRefusal] = [:]
    /// Every frame the source gives each view, for `resolve`.
    var frameAssignments: [String: [FrameValue]] = [:]
    /// Controllers some call names already: too late to build them into a stack.
    var usedControllers: Set<String> = []
    var callCount = 0
    var hasWindow = false
    /// Every size the window takes (the user rotates it), for `resolve`.
    var windowSizes: Set<Size> = []
    /// The presentation settings assigned so far, as `id.setting`.
    var settingsAssigned: Set<String> = []
    /// The launch's settings, with how many of its presentations came before each.
    var settingsToCheck: [(id: String, setting: PresentationSetting, place: SwiftSourceLocation, before: Int)] = []
    /// Presentation calls of the launch, in order, and of overrides and blocks, run when the app runs.
    var launchPresentations: [RawCall] = []
    var laterPresentations: [RawCall] = []
    /// Where the source first sets each controller's sheet presentation controller's properties.
    var sheetConfigured: [String: SwiftSourceLocation] = [:]
    /// The `UITab`s the source creates, in order (`SourceValue.tab`).
    var sourceTabs: [SourceTab] = []
    /// Classes that are only delegates, and the delegate protocols each view controller class declares.
    var delegateClasses: [String: DelegateClass] = [:]
    var delegateProtocols: [String: [String]] = [:]
    /// A phone's compact width, where the engine's split view controllers start collapsed.
    var isCompact = false

    init(file: SourceFileSyntax, windowSize: Size) {
        converter = SourceLocationConverter(fileName: "source.swift", tree: file)
        windowRect = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        windowSizes = [windowSize]
    }

    private init(converter: SourceLocationConverter, windowRect: Rect) {
        self.converter = converter
        self.windowRect = windowRect
        windowSizes = [windowRect.size]
    }

    func location(_ node: some SyntaxProtocol) -> SwiftSourceLocation {
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SwiftSourceLocation(line: place.line, column: place.column)
    }

    func refusal(_ construct: String, _ node: some SyntaxProtocol, _ detail: String, supported: String) -> SwiftSourceRefusal {
        SwiftSourceRefusal(construct: construct, at: location(node), detail: detail, supported: supported)
    }

    /// Classes and functions first (declared anywhere in the file), then the launch in order.
    func translate(_ file: SourceFileSyntax) throws(SwiftSourceRefusal) -> TranslatedProgram {
        var statements: [CodeBlockItemSyntax] = []
        for item in file.statements {
            if let declaration = item.item.as(ClassDeclSyntax.self) {
                try collect(declaration)
            } else if let function = item.item.as(FunctionDeclSyntax.self) {
                functions[SourceClass.fullName(function)] = function
            } else if !item.item.is(ImportDeclSyntax.self) {
                statements.append(item)
            }
        }
        for name in classes.keys.sorted() { _ = try kind(ofClass: name, at: classes[name]!.location) }
        var scope = TranslationScope(place: .launch)
        var calls: [LocatedCall] = []
        _ = try translate(statements, &scope, into: &calls)
        launch = calls
        // What the last turn's deferred callbacks name: the statement that ends it.
        program.end = statements.last.map { location($0) } ?? location(file.endOfFileToken)
        for name in classes.keys.sorted() where !classOf.values.contains(name) {
            try check(name, windowSize: Size(width: windowRect.width, height: windowRect.height))
        }
        try resolveFrames()
        try checkPresentationSettings()
        splitTurns()
        return program
    }

    /// The launch's calls as run-loop turns, cut at each `RunLoop` statement and around each
    /// user action; a `RunLoop` statement right after a user's action ends the action's turn.
    private func splitTurns() {
        program.turns = [LaunchTurn()]
        var userTurnEnded = false
        for call in launch {
            if let advance = call.advance, userTurnEnded, program.turns[program.turns.count - 1].calls.isEmpty, call.call.method != Self.userTurnEnd {
                program.turns[program.turns.count - 2].advance = advance
                program.turns[program.turns.count - 2].end = call.location
                userTurnEnded = false
            } else if let advance = call.advance {
                userTurnEnded = call.call.method == Self.userTurnEnd
                program.turns[program.turns.count - 1].advance = advance
                program.turns[program.turns.count - 1].end = call.location
                program.turns.append(LaunchTurn())
            } else {
                program.turns[program.turns.count - 1].calls.append(call)
            }
        }
    }

    /// Counts a call against `SwiftSourceLimits.maxCalls` and appends it.
    func emit(_ call: RawCall, at node: some SyntaxProtocol, _ scope: TranslationScope, into calls: inout [LocatedCall], frame: FrameValue? = nil)
        throws(SwiftSourceRefusal)
    {
        callCount += 1
        guard callCount <= SwiftSourceLimits.maxCalls else {
            throw SwiftSourceRefusal(
                code: "too_many_calls", construct: "call", at: location(node),
                detail: "The source makes more than \(SwiftSourceLimits.maxCalls) UIKit calls.",
                supported: "At most \(SwiftSourceLimits.maxCalls) calls, overrides and launch together.")
        }
        // An override's calls run later, when UIKit calls it: they use nothing yet.
        if case .override = scope.place {
        } else {
            for id in Self.controllersNamed(by: call) { usedControllers.insert(id) }
        }
        noteForPresentationSettings(call, at: location(node), scope)
        calls.append(LocatedCall(call: call, trace: scope.trace + [location(node)], frame: frame))
    }

    private static func controllersNamed(by call: RawCall) -> [String] {
        var ids = [call.receiver]
        for value in (call.args ?? [:]).values {
            if case .string(let id) = value { ids.append(id) }
        }
        return ids
    }

    /// A class the launch never creates is read all the same, on a translator of its own, so
    /// that what it holds outside the subset is refused and its warnings are given.
    private func check(_ className: String, windowSize: Size) throws(SwiftSourceRefusal) {
        let probe = SourceTranslator(converter: converter, windowRect: windowRect)
        probe.classes = classes
        probe.functions = functions
        probe.delegateClasses = delegateClasses
        probe.delegateProtocols = delegateProtocols
        probe.isCompact = isCompact
        let id = probe.uniqueID(Self.lowerCamel(className))
        probe.program.controllers.append(
            TranslatedController(
                id: id, className: className, kind: try kind(ofClass: className, at: classes[className]!.location), location: classes[className]!.location))
        probe.classOf[id] = className
        try probe.createProperties(of: id, className: className)
        _ = try probe.answers(of: id, className: className)
        if let declaring = probe.chain(of: className).last(where: { !$0.initializers.isEmpty }) {
            for fullName in declaring.initializers.keys.sorted() {
                try probe.runInitializer(declaring.initializers[fullName]!, declaredBy: declaring.name, of: id, values: nil)
            }
        }
        try probe.translateOverrides(of: id, className: className)
        for warning in probe.program.warnings where !program.warnings.contains(warning) { program.warnings.append(warning) }
    }
}
#endif
