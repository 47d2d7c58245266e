#if SwiftSource
import Containment
import SwiftSyntax

/// A sheet's detents (docs/swift.md, "Sheets and their detents"; rule 50): the properties of
/// `sheetPresentationController` the engine models, and the user's drag to a detent.
extension SourceTranslator {
    static let supportedSheetProperties =
        "`detents = [.medium(), .large()]`, `selectedDetentIdentifier = .medium`, `largestUndimmedDetentIdentifier = .medium` (or `nil`), `prefersGrabberVisible = true`"

    /// `sheet.sheetPresentationController?.detents = [.medium(), .large()]`: the engine's
    /// `animateChanges` with that one change, which like the setter changes state and sends nothing.
    func assignSheetProperty(
        _ id: String, _ property: String, _ value: ExprSyntax, at target: ExprSyntax, _ scope: TranslationScope, into calls: inout [LocatedCall]
    )
        throws(SwiftSourceRefusal)
    {
        let json: JSONValue
        switch property {
        case "detents":
            guard let array = value.as(ArrayExprSyntax.self) else {
                throw refusal("detents", value, "The detents must be an array literal the source states.", supported: Self.supportedSheetProperties)
            }
            var detents: [JSONValue] = []
            for element in array.elements { detents.append(.string(try detent(element.expression))) }
            json = .array(detents)
        case "selectedDetentIdentifier", "largestUndimmedDetentIdentifier":
            json = value.is(NilLiteralExprSyntax.self) ? .null : .string(try detentIdentifier(value))
        case "prefersGrabberVisible":
            guard let literal = value.as(BooleanLiteralExprSyntax.self) else {
                throw refusal("prefersGrabberVisible", value, "A Boolean literal is expected here.", supported: "`true` or `false`.")
            }
            json = .bool(literal.literal.tokenKind == .keyword(.true))
        default:
            throw refusal(
                "assignment to \(property)", target, "\(property) of a sheet presentation controller is not translated.",
                supported: Self.supportedSheetProperties)
        }
        try emit(RawCall(receiver: id, method: "animateChanges", args: [property: json]), at: target, scope, into: &calls)
    }

    /// `.medium()` or `UISheetPresentationController.Detent.large()`: the detent's identifier.
    private func detent(_ expression: ExprSyntax) throws(SwiftSourceRefusal) -> String {
        let call = expression.as(FunctionCallExprSyntax.self)
        guard let call, call.arguments.isEmpty, call.trailingClosure == nil,
            let name = Self.systemDetent(call.calledExpression, "UISheetPresentationController.Detent")
        else {
            throw refusal(
                "UISheetPresentationController.Detent", expression, "Only the system's detents are translated; a custom detent's height is the app's.",
                supported: "`.medium()`, `.large()`.")
        }
        return name
    }

    /// `.medium` or `UISheetPresentationController.Detent.Identifier.large`.
    private func detentIdentifier(_ expression: ExprSyntax) throws(SwiftSourceRefusal) -> String {
        guard let name = Self.systemDetent(expression, "UISheetPresentationController.Detent.Identifier") else {
            throw refusal(
                "UISheetPresentationController.Detent.Identifier", expression, "A detent identifier the source states is expected here.",
                supported: "`.medium`, `.large`.")
        }
        return name
    }

    /// `medium` or `large` for `.medium` or `<type>.medium`.
    private static func systemDetent(_ expression: ExprSyntax, _ type: String) -> String? {
        guard let name = memberName(expression, of: type), ["medium", "large"].contains(name) else { return nil }
        return name
    }

    /// `if let sheet = nav.sheetPresentationController { … }`: the body, with `sheet` bound.
    /// A controller with a style that is no sheet is refused once the source is read
    /// (`checkPresentationSettings`), so the binding holds and the `else` branch is never read.
    /// False for any other `if`.
    func translateSheetBinding(_ branch: IfExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]) throws(SwiftSourceRefusal)
        -> Bool
    {
        guard branch.conditions.count == 1, case .optionalBinding(let binding) = branch.conditions.first!.condition,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value,
            value.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sheetPresentationController"
                || value.as(DeclReferenceExprSyntax.self)?.baseName.text == "sheetPresentationController",
            case .sheetPresentationController(let id) = try evaluate(value, &scope, into: &calls, hint: nil)
        else { return false }
        let outer = Set(scope.locals.keys).subtracting([name])
        let shadowed = scope.locals[name]
        scope.locals[name] = .sheetPresentationController(id)
        guard try translate(Array(branch.body.statements), &scope, into: &calls) == nil else {
            throw refusal("return statement", branch.body, "A `return` inside an `if` is an early return.", supported: "`return` as a method's last statement.")
        }
        // Names declared in the branch end with it; the outer ones keep what it assigned.
        scope.locals = scope.locals.filter { outer.contains($0.key) }
        scope.locals[name] = shadowed
        return true
    }

    /// `User.dragSheet(sheet, to: .medium)`: the user drags the presented sheet and lets go at
    /// that detent, the engine's `dragSheet` (rule 50). Below the smallest is `User.swipeDown`.
    func sheetDrag(_ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> RawCall
    {
        guard case .controller(let sheet) = try evaluate(arguments[0].expression, &scope, into: &calls, hint: nil) else {
            throw refusal(
                "User.dragSheet(_:to:)", arguments[0].expression, "The presented view controller is expected here.", supported: Self.supportedUserActions)
        }
        return RawCall(receiver: sheet, method: "dragSheet", args: ["detentIdentifier": .string(try detentIdentifier(arguments[1].expression))])
    }
}
#endif
