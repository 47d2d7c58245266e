#if SwiftSource
import Containment
import SwiftSyntax

/// What a controller answers when UIKit asks: `override var`s whose getter returns a value the
/// source states, onto the spec's fields of the same meaning (docs/swift.md, "Answers").
struct SourceAnswers: Equatable {
    var automaticallyForwardsAppearance: Bool?
    var statusBar = StatusBarSettings()
    var answers = ControllerAnswers()
}

/// UIKit's properties a subclass overrides to answer, and what each answer may be.
enum AnswerProperty: String, CaseIterable {
    case shouldAutomaticallyForwardAppearanceMethods, prefersStatusBarHidden, preferredStatusBarStyle
    case childForStatusBarStyle, childForStatusBarHidden, prefersHomeIndicatorAutoHidden, childForHomeIndicatorAutoHidden
    case preferredScreenEdgesDeferringSystemGestures, childForScreenEdgesDeferringSystemGestures

    static let supported =
        "`override var` with a getter returning a literal: shouldAutomaticallyForwardAppearanceMethods, prefersStatusBarHidden, prefersHomeIndicatorAutoHidden (`true`/`false`), preferredStatusBarStyle (`.default`, `.lightContent`, `.darkContent`), preferredScreenEdgesDeferringSystemGestures (`.all`, `[.top, .bottom]`, `[]`), childForStatusBarStyle, childForStatusBarHidden, childForHomeIndicatorAutoHidden, childForScreenEdgesDeferringSystemGestures (a stored property's controller, `nil`)"
}

extension TranslatedController {
    /// Its delegates' answers and the split's style, with what its class's `override var`s answer.
    var specAnswers: ControllerAnswers {
        var result = engineAnswers
        let overridden = propertyAnswers.answers
        result.prefersHomeIndicatorAutoHidden = overridden.prefersHomeIndicatorAutoHidden
        result.childForHomeIndicatorAutoHidden = overridden.childForHomeIndicatorAutoHidden
        result.preferredScreenEdgesDeferringSystemGestures = overridden.preferredScreenEdgesDeferringSystemGestures
        result.childForScreenEdgesDeferringSystemGestures = overridden.childForScreenEdgesDeferringSystemGestures
        return result
    }
}

extension SourceTranslator {
    func collectAnswer(_ binding: PatternBindingSyntax, into sourceClass: inout SourceClass) throws(SwiftSourceRefusal) {
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "\(binding.pattern.trimmed)"
        guard AnswerProperty(rawValue: name) != nil else {
            throw refusal("override var \(name)", binding.pattern, "Overriding \(name) is not in the supported subset.", supported: AnswerProperty.supported)
        }
        guard Self.getterExpression(binding) != nil else {
            throw refusal(
                "override var \(name)", binding, "\(name)'s getter must be one expression: the answer, which the source states.",
                supported: AnswerProperty.supported)
        }
        sourceClass.answers[name] = binding
    }

    /// `{ true }`, `{ return .lightContent }`, `{ get { child } }`: the one expression returned.
    private static func getterExpression(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        var statements: CodeBlockItemListSyntax?
        switch binding.accessorBlock?.accessors {
        case .getter(let body): statements = body
        case .accessors(let accessors):
            if accessors.count == 1, let only = accessors.first, only.accessorSpecifier.tokenKind == .keyword(.get) { statements = only.body?.statements }
        case nil: return nil
        }
        guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
        return item.as(ExprSyntax.self)
    }

    /// Each answer of the class of `id` (the nearest declaration in its chain), read for this instance.
    func answers(of id: String, className: String) throws(SwiftSourceRefusal) -> SourceAnswers {
        var result = SourceAnswers()
        for sourceClass in chain(of: className) {
            for (name, binding) in sourceClass.answers.sorted(by: { $0.key < $1.key }) {
                try answer(AnswerProperty(rawValue: name)!, Self.getterExpression(binding)!, of: id, className: sourceClass.name, into: &result)
            }
        }
        return result
    }

    private func answer(_ property: AnswerProperty, _ expression: ExprSyntax, of id: String, className: String, into result: inout SourceAnswers)
        throws(SwiftSourceRefusal)
    {
        switch property {
        case .shouldAutomaticallyForwardAppearanceMethods, .prefersStatusBarHidden, .prefersHomeIndicatorAutoHidden:
            guard case .bool(let answer) = Self.literal(expression, type: "Bool") else { throw runtimeAnswer(property, expression) }
            switch property {
            case .shouldAutomaticallyForwardAppearanceMethods: result.automaticallyForwardsAppearance = answer
            case .prefersStatusBarHidden: result.statusBar.statusBarHidden = answer
            default: result.answers.prefersHomeIndicatorAutoHidden = answer
            }
        case .preferredStatusBarStyle:
            guard let style = Self.memberName(expression, of: "UIStatusBarStyle").flatMap(StatusBarStyle.init(rawValue:)) else {
                throw runtimeAnswer(property, expression)
            }
            result.statusBar.statusBarStyle = style
        case .preferredScreenEdgesDeferringSystemGestures:
            // `.all`, or an option set's array literal of edges.
            let elements = expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [expression]
            var names: [String] = []
            for element in elements {
                guard let name = Self.memberName(element, of: "UIRectEdge") else { throw runtimeAnswer(property, element) }
                names.append(name)
            }
            result.answers.preferredScreenEdgesDeferringSystemGestures = try edges(names, at: expression)
        case .childForStatusBarStyle, .childForStatusBarHidden, .childForHomeIndicatorAutoHidden, .childForScreenEdgesDeferringSystemGestures:
            let child = try answeredChild(property, expression, of: id, className: className)
            switch property {
            case .childForStatusBarStyle: result.statusBar.childForStatusBarStyle = child
            case .childForStatusBarHidden: result.statusBar.childForStatusBarHidden = child
            case .childForHomeIndicatorAutoHidden: result.answers.childForHomeIndicatorAutoHidden = child
            default: result.answers.childForScreenEdgesDeferringSystemGestures = child
            }
        }
    }

    /// A `childFor…` getter's controller: a stored property's (`player`, `self.player`) or `nil`.
    private func answeredChild(_ property: AnswerProperty, _ expression: ExprSyntax, of id: String, className: String)
        throws(SwiftSourceRefusal) -> String?
    {
        if Self.containsCall(Syntax(expression)) { throw runtimeAnswer(property, expression) }
        var scope = TranslationScope(selfID: id, className: className, place: .launch)
        var calls: [LocatedCall] = []
        let value: SourceValue
        do { value = try evaluate(expression, &scope, into: &calls, hint: nil) } catch { throw runtimeAnswer(property, expression) }
        switch value {
        case .controller(let child): return child
        case .none: return nil
        default: throw runtimeAnswer(property, expression)
        }
    }

    /// An answer is read, never run: a call in it would be the app computing it.
    private static func containsCall(_ node: Syntax) -> Bool {
        node.is(FunctionCallExprSyntax.self) || node.children(viewMode: .sourceAccurate).contains { containsCall($0) }
    }

    /// `UIRectEdge`'s members the engine has: the four sides, and `.all`.
    private func edges(_ names: [String], at node: ExprSyntax) throws(SwiftSourceRefusal) -> [ScreenEdge] {
        var result: [ScreenEdge] = []
        for name in names {
            if name == "all" { return ScreenEdge.allCases }
            guard let edge = ScreenEdge(rawValue: name) else {
                throw refusal(
                    "`.\(name)`", node, "`.\(name)` is not one of UIRectEdge's edges.", supported: "`.top`, `.left`, `.bottom`, `.right`, `.all`, `[]`.")
            }
            if !result.contains(edge) { result.append(edge) }
        }
        return result
    }

    private func runtimeAnswer(_ property: AnswerProperty, _ node: some SyntaxProtocol) -> SwiftSourceRefusal {
        refusal(
            "override var \(property.rawValue)", node, "\(property.rawValue)'s answer here is not a value the source states.",
            supported: AnswerProperty.supported)
    }
}
#endif
