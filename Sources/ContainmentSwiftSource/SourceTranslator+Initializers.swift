#if SwiftSource
import Containment
import SwiftSyntax

/// A class's own `init`: `super.init(nibName: nil, bundle: nil)` and assignments of its stored
/// properties, run once per instance when it is created (docs/swift.md).
extension SourceTranslator {
    static let supportedInitializerStatements =
        "`self.child = ChildViewController()` (an assignment to a stored property) and `super.init(nibName: nil, bundle: nil)`"

    /// The `init` of the nearest class of `className`'s chain that declares one, which Swift
    /// makes the only ones it has; nil when no class of the source declares one.
    func initializer(_ fullName: String, of className: String, at call: some SyntaxProtocol) throws(SwiftSourceRefusal)
        -> (InitializerDeclSyntax, declaredBy: String)?
    {
        guard let declaring = chain(of: className).last(where: { !$0.initializers.isEmpty }) else { return nil }
        guard let initializer = declaring.initializers[fullName] else {
            throw refusal(
                "\(className).\(fullName)", call, "\(declaring.name) declares its own initializers, and \(fullName) is not one of them.",
                supported: declaring.initializers.keys.sorted().map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        return (initializer, declaring.name)
    }

    /// Runs `init`'s body for the controller `id`: `values` are its arguments (nil when the
    /// class is only read, its parameters then being run-time values).
    func runInitializer(_ initializer: InitializerDeclSyntax, declaredBy className: String, of id: String, values: [SourceValue]?)
        throws(SwiftSourceRefusal)
    {
        var scope = TranslationScope(selfID: id, className: className, place: .initializer)
        for (index, parameter) in initializer.signature.parameterClause.parameters.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            scope.locals[name] = values?[index] ?? .runtime(name)
        }
        let stored = Set(chain(of: className).flatMap { $0.properties.map(\.name) })
        var callsSuper = false
        for statement in initializer.body?.statements ?? [] {
            guard case .expr(let expression) = statement.item else {
                throw refusal(
                    SyntaxNames.name(of: Syntax(statement.item)), statement, "An initializer's statements other than these are not translated.",
                    supported: Self.supportedInitializerStatements)
            }
            if let call = expression.as(FunctionCallExprSyntax.self), Self.isSuperInit(call) {
                callsSuper = true
                continue
            }
            if try initializerSetsDelegate(expression, &scope) { continue }
            guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                Array(sequence.elements)[1].is(AssignmentExprSyntax.self), let name = Self.propertyName(Array(sequence.elements)[0])
            else {
                throw refusal(
                    SyntaxNames.name(of: Syntax(expression)), expression, "An initializer's statements other than these are not translated.",
                    supported: Self.supportedInitializerStatements)
            }
            if let setting = PresentationSetting(rawValue: name), !stored.contains(name) {
                try assign(setting, of: id, Array(sequence.elements)[2], at: Array(sequence.elements)[0], scope)
                continue
            }
            guard stored.contains(name) else {
                throw refusal(
                    "assignment to \(name)", expression, "\(name) is not a stored property of \(className) or its superclasses of the source.",
                    supported: Self.supportedInitializerStatements)
            }
            var calls: [LocatedCall] = []
            let value = try evaluate(Array(sequence.elements)[2], &scope, into: &calls, hint: name)
            if let first = calls.first {
                throw SwiftSourceRefusal(
                    construct: "initializer", at: first.location, detail: "An initializer makes a UIKit call.",
                    supported: "Assignments of stored properties; calls belong in methods such as viewDidLoad().")
            }
            properties[id]![name] = value
            propertyRefusals["\(id).\(name)"] = nil
        }
        guard callsSuper else {
            throw refusal(
                "init", initializer.initKeyword, "The initializer does not call super.init(nibName: nil, bundle: nil).",
                supported: Self.supportedInitializerStatements)
        }
    }

    /// `super.init(nibName: nil, bundle: nil)`.
    private static func isSuperInit(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base?.is(SuperExprSyntax.self) == true,
            member.declName.baseName.tokenKind == .keyword(.`init`)
        else { return false }
        return call.arguments.map { $0.label?.text } == ["nibName", "bundle"] && call.arguments.allSatisfy { $0.expression.is(NilLiteralExprSyntax.self) }
    }

    /// `self.child` or `child`.
    private static func propertyName(_ target: ExprSyntax) -> String? {
        if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.text
    }
}
#endif
