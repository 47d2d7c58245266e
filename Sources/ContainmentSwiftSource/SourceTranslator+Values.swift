#if SwiftSource
import Containment
import SwiftSyntax

/// Expressions: names, members, literals and calls, each to the value the source states.
extension SourceTranslator {
    static let supportedValues =
        "controllers (`self`, properties, names), `x.view`, `view.bounds`, `x.view.frame`, `CGRect(x:y:width:height:)`, `.zero`, `offsetBy(dx:dy:)`, number and Boolean literals, `nil`, arrays of controllers, animation options, closures"

    func evaluate(_ expression: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall], hint: String?)
        throws(SwiftSourceRefusal) -> SourceValue
    {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return try translateCall(call, &scope, into: &calls, hint: hint)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try lookUp(reference.baseName.text, at: reference, scope)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return try evaluateMember(member, &scope, into: &calls)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(literal.literal.tokenKind == .keyword(.true))
        }
        if let number = Self.number(expression) { return .number(number) }
        if expression.is(NilLiteralExprSyntax.self) { return .none }
        if let closure = expression.as(ClosureExprSyntax.self) { return .closure(closure) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return try evaluateArray(array, &scope, into: &calls)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return try evaluate(only.expression, &scope, into: &calls, hint: hint)
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) {
            return try evaluate(chained.expression, &scope, into: &calls, hint: hint)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return try evaluate(unwrapped.expression, &scope, into: &calls, hint: hint)
        }
        let name = SyntaxNames.name(of: Syntax(expression))
        throw refusal(name, expression, "A \(name) is not a value the translator knows without running the app.", supported: Self.supportedValues)
    }

    /// An integer or floating-point literal, possibly negated.
    static func number(_ expression: ExprSyntax) -> Double? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.filter { $0 != "_" })
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.filter { $0 != "_" })
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        return nil
    }

    func lookUp(_ name: String, at node: some SyntaxProtocol, _ scope: TranslationScope) throws(SwiftSourceRefusal) -> SourceValue {
        if let local = scope.locals[name] { return local }
        if name == "self", let id = scope.selfID { return .controller(id) }
        if name == "view", let id = scope.selfID { return .view("\(id).view") }
        if name == "sheetPresentationController", let id = scope.selfID { return .sheetPresentationController(id) }
        if let id = scope.selfID, let value = properties[id]?[name] {
            if let refused = propertyRefusals["\(id).\(name)"] { throw refused }
            return value
        }
        throw refusal(
            "`\(name)`", node, "`\(name)` names nothing the translator knows here.",
            supported: "Names declared with `let`/`var`, parameters, stored properties, `self` and `view`.")
    }

    private func evaluateMember(_ member: MemberAccessExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // `.zero`, `.transitionFlipFromLeft`: what the context expects.
            return name == "zero" ? .frame(.rect(Rect(x: 0, y: 0, width: 0, height: 0))) : .animationOptions([name])
        }
        switch (Self.dottedName(base) ?? "") + "." + name {
        case "UIScreen.main.bounds": return .frame(.rect(windowRect))
        case "CGRect.zero": return .frame(.rect(Rect(x: 0, y: 0, width: 0, height: 0)))
        default: break
        }
        let owner = try evaluate(base, &scope, into: &calls, hint: nil)
        switch (owner, name) {
        case (.controller(let id), "view"): return .view("\(id).view")
        case (.controller(let id), "sheetPresentationController"): return .sheetPresentationController(id)
        case (.view(let view), "frame"): return .frame(.frameOf(view))
        case (.view(let view), "bounds"): return .frame(.boundsOf(view))
        case (.controller(let id), _) where properties[id]?[name] != nil:
            if let refused = propertyRefusals["\(id).\(name)"] { throw refused }
            return properties[id]![name]!
        default:
            throw refusal(
                "`.\(name)`", member.declName, "\(name) of \(owner.description) is not a value the translator knows without running the app.",
                supported: Self.supportedValues)
        }
    }

    private func evaluateArray(_ array: ArrayExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue
    {
        var controllers: [String] = []
        var options: [String] = []
        var tabs: [Int] = []
        for element in array.elements {
            switch try evaluate(element.expression, &scope, into: &calls, hint: nil) {
            case .controller(let id) where options.isEmpty && tabs.isEmpty: controllers.append(id)
            case .animationOptions(let names) where controllers.isEmpty && tabs.isEmpty: options += names
            case .tab(let index) where controllers.isEmpty && options.isEmpty: tabs.append(index)
            case let other:
                throw refusal(
                    "array literal", element, "An array of \(other.description) is not translated.",
                    supported: "Arrays of view controllers, of tabs or of animation options.")
            }
        }
        if !tabs.isEmpty { return .tabs(tabs) }
        return options.isEmpty ? .controllers(controllers) : .animationOptions(options)
    }

    /// `RunLoop.main` for a chain of plain names, from the tokens' text alone (no new tree).
    static func dottedName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = dottedName(base) else { return nil }
        return prefix + "." + member.declName.baseName.text
    }
}
#endif
