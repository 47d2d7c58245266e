#if SwiftSource
import Containment
import SwiftSyntax

/// A callback's `animated` passed on by its override (`child.beginAppearanceTransition(true,
/// animated: animated)`, listing 5-5 of Apple's container guide): the engine's
/// `{"callbackArgument": "animated"}`, replaced by the value each run of the callback has
/// (docs/uikit-rules-callbacks.md, rule 40). Anywhere else the value stays refused.
extension SourceTranslator {
    /// An appearance callback's parameter, whatever the source names it, stands for its `animated`.
    static func bindCallbackArgument(of function: FunctionDeclSyntax, _ callback: OverridableCallback, in scope: inout TranslationScope) {
        guard callback.parameter == "animated", let parameter = function.signature.parameterClause.parameters.first else { return }
        let name = (parameter.secondName ?? parameter.firstName).text
        scope.locals[name] = .callbackArgument(parameter: "animated", name: name)
    }

    /// A UIKit call's `animated:` argument: a literal, or, directly in the override's body,
    /// the callback's own `animated`.
    func animatedArgument(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal)
        -> JSONValue
    {
        if case .override = scope.place, let reference = expression.as(DeclReferenceExprSyntax.self),
            case .callbackArgument(let parameter, _)? = scope.locals[reference.baseName.text]
        {
            return ["callbackArgument": .string(parameter)]
        }
        return try json(expression, &scope, &calls)
    }
}
#endif
