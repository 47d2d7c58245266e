#if SwiftSource
import Containment
import SwiftSyntax

/// Statements: declarations of names, calls and assignments, `return` at a method's end.
extension SourceTranslator {
    static let supportedStatements =
        "`let`/`var` declarations, UIKit calls, assignments to `view.frame`, `window.rootViewController`, `viewControllers`, `selectedIndex` and the presentation settings, calls of your own methods, `for` over an array literal of controllers, `if` on a Boolean literal, and `return` as a method's last statement"

    /// Translates statements in order; the value of a final `return`, if any.
    func translate(_ statements: [CodeBlockItemSyntax], _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue?
    {
        for (index, statement) in statements.enumerated() {
            switch statement.item {
            case .decl(let declaration):
                guard let variable = declaration.as(VariableDeclSyntax.self) else {
                    let name = SyntaxNames.name(of: Syntax(declaration))
                    throw refusal(name, declaration, "A \(name) here is not translated.", supported: Self.supportedStatements)
                }
                try declare(variable, &scope, into: &calls)
            case .expr(let expression):
                _ = try evaluateStatement(expression, &scope, into: &calls)
            case .stmt(let statementSyntax):
                if let returned = statementSyntax.as(ReturnStmtSyntax.self) {
                    guard index == statements.count - 1 else {
                        throw refusal(
                            "return statement", returned, "An early `return` depends on run-time values.", supported: "`return` as the last statement.")
                    }
                    guard let value = returned.expression else { return .void }
                    return try evaluate(value, &scope, into: &calls, hint: nil)
                }
                if let loop = statementSyntax.as(ForStmtSyntax.self) {
                    try translate(loop, &scope, into: &calls)
                    continue
                }
                if let wrapped = statementSyntax.as(ExpressionStmtSyntax.self), let branch = wrapped.expression.as(IfExprSyntax.self) {
                    try translate(branch, &scope, into: &calls)
                    continue
                }
                if let wrapped = statementSyntax.as(ExpressionStmtSyntax.self) {
                    let name = SyntaxNames.name(of: Syntax(wrapped.expression))
                    throw refusal(name, wrapped, "A \(name) chooses at run time; this translator never guesses.", supported: Self.supportedStatements)
                }
                let name = SyntaxNames.name(of: Syntax(statementSyntax))
                throw refusal(name, statementSyntax, "A \(name) is not in the supported subset.", supported: Self.supportedStatements)
            }
        }
        return nil
    }

    /// `for child in [a, b] { … }`: the body once per controller of a literal array (or a
    /// name bound to one), in order; any other sequence is known only at run time.
    private func translate(_ loop: ForStmtSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]) throws(SwiftSourceRefusal) {
        let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let literal = loop.sequence.is(ArrayExprSyntax.self) || loop.sequence.is(DeclReferenceExprSyntax.self)
        guard literal, loop.whereClause == nil, loop.caseKeyword == nil, name != nil || loop.pattern.is(WildcardPatternSyntax.self),
            case .controllers(let ids) = try evaluate(loop.sequence, &scope, into: &calls, hint: nil)
        else {
            throw refusal(
                "for-in loop", loop, "A for-in loop over a sequence known only at run time is not translated.",
                supported: "`for name in [a, b] { … }` over an array literal of controllers, or a name bound to one.")
        }
        let outer = Set(scope.locals.keys)
        for id in ids {
            if let name { scope.locals[name] = .controller(id) }
            guard try translate(Array(loop.body.statements), &scope, into: &calls) == nil else {
                throw refusal(
                    "return statement", loop.body, "A `return` inside a loop depends on run-time values.", supported: "`return` as a method's last statement.")
            }
            // Names declared in the body end with it; the outer ones keep what it assigned.
            scope.locals = scope.locals.filter { outer.contains($0.key) }
        }
    }

    /// `if true { … } else { … }`: the branch a Boolean literal chooses, the others never read
    /// (a condition the app computes would be a guess).
    private func translate(_ branch: IfExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]) throws(SwiftSourceRefusal) {
        if try translateSheetBinding(branch, &scope, into: &calls) { return }
        // An `else if` chain is walked in a loop: its length is bounded by the source, not the stack.
        var current = branch
        var body: CodeBlockSyntax? = branch.body
        while try !literalCondition(current) {
            switch current.elseBody {
            case .ifExpr(let next):
                current = next
                body = next.body
                continue
            case .codeBlock(let block): body = block
            case nil: body = nil
            }
            break
        }
        guard let body else { return }
        let outer = Set(scope.locals.keys)
        guard try translate(Array(body.statements), &scope, into: &calls) == nil else {
            throw refusal("return statement", body, "A `return` inside an `if` is an early return.", supported: "`return` as a method's last statement.")
        }
        // Names declared in the branch end with it; the outer ones keep what it assigned.
        scope.locals = scope.locals.filter { outer.contains($0.key) }
    }

    /// The Boolean literal an `if` tests, or refused.
    private func literalCondition(_ branch: IfExprSyntax) throws(SwiftSourceRefusal) -> Bool {
        guard branch.conditions.count == 1, case .expression(let condition) = branch.conditions.first!.condition,
            let literal = Self.unwrapped(condition).as(BooleanLiteralExprSyntax.self)
        else {
            throw refusal(
                "if statement", branch, "An `if` whose condition is known only at run time chooses at run time; this translator never guesses.",
                supported: "`if true { … } else { … }` and `if false { … }`: a Boolean literal condition.")
        }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// `(true)` → `true`.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        guard let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else {
            return expression
        }
        return unwrapped(only.expression)
    }

    private func declare(_ variable: VariableDeclSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]) throws(SwiftSourceRefusal) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else {
                throw refusal(
                    "variable declaration", binding, "Only `let name = value` and `var name = value` are translated.", supported: Self.supportedStatements)
            }
            scope.locals[name] = try evaluate(value, &scope, into: &calls, hint: name)
        }
    }

    /// An expression used as a statement: an assignment (`a = b`, `_ = call()`) or a call.
    func evaluateStatement(_ expression: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue
    {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else {
                throw refusal("operator expression", sequence, "Operators compute run-time values.", supported: Self.supportedStatements)
            }
            try assign(elements[0], elements[2], &scope, into: &calls)
            return .void
        }
        guard expression.is(FunctionCallExprSyntax.self) || expression.is(OptionalChainingExprSyntax.self) else {
            let name = SyntaxNames.name(of: Syntax(expression))
            throw refusal(name, expression, "A \(name) is not a statement the translator runs.", supported: Self.supportedStatements)
        }
        return try evaluate(expression, &scope, into: &calls, hint: nil)
    }

    private func assign(_ target: ExprSyntax, _ valueSyntax: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal)
    {
        if target.is(DiscardAssignmentExprSyntax.self) {
            _ = try evaluate(valueSyntax, &scope, into: &calls, hint: nil)
            return
        }
        if try assignTabOrDelegate(target, valueSyntax, &scope, into: &calls) { return }
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[name] != nil {
            scope.locals[name] = try evaluate(valueSyntax, &scope, into: &calls, hint: name)
            return
        }
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let setting = PresentationSetting(rawValue: name), let id = scope.selfID {
            return try assign(setting, of: id, valueSyntax, at: target, scope)
        }
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let id = scope.selfID,
            try assignProperty(of: .controller(id), name, valueSyntax, at: target, &scope, into: &calls)
        {
            return
        }
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else {
            throw refusal("assignment", target, "Only assignments to the properties below are translated.", supported: Self.supportedStatements)
        }
        let owner = try evaluate(base, &scope, into: &calls, hint: nil)
        let property = member.declName.baseName.text
        if case .controller(let id) = owner, let setting = PresentationSetting(rawValue: property) {
            return try assign(setting, of: id, valueSyntax, at: target, scope)
        }
        if try assignProperty(of: owner, property, valueSyntax, at: target, &scope, into: &calls) { return }
        let value = try evaluate(valueSyntax, &scope, into: &calls, hint: nil)
        switch (owner, property, value) {
        case (.view(let view), "frame", .frame(let frame)):
            frameAssignments[view, default: []].append(frame)
            try emit(RawCall(receiver: view, method: "setFrame"), at: target, scope, into: &calls, frame: frame)
        case (.window, "rootViewController", .controller(let id)):
            try emit(RawCall(receiver: "window", method: "setRootViewController", args: ["rootViewController": .string(id)]), at: target, scope, into: &calls)
        case (.window, "rootViewController", .none):
            try emit(RawCall(receiver: "window", method: "setRootViewController", args: ["rootViewController": .null]), at: target, scope, into: &calls)
        case (.window, "isHidden", .bool(let hidden)):
            try emit(RawCall(receiver: "window", method: "setHidden", args: ["hidden": .bool(hidden)]), at: target, scope, into: &calls)
        case (.controller(let id), "viewControllers", .controllers(let ids)) where isContainer(id, [.navigationController, .tabBarController]):
            try emit(
                RawCall(receiver: id, method: "setViewControllers", args: ["viewControllers": .array(ids.map { .string($0) }), "animated": false]),
                at: target, scope, into: &calls)
        case (.controller(let id), "selectedIndex", .number(let index)) where isContainer(id, [.tabBarController]):
            try emit(RawCall(receiver: id, method: "setSelectedIndex", args: ["index": .number(index)]), at: target, scope, into: &calls)
        default:
            throw refusal(
                "assignment to \(property)", target, "Assigning \(value.description) to \(property) of \(owner.description) is not translated.",
                supported: Self.supportedStatements)
        }
    }

    func isContainer(_ id: String, _ kinds: [ControllerKind]) -> Bool {
        program.controllers.first { $0.id == id }.map { kinds.contains($0.kind) } ?? false
    }
}
#endif
