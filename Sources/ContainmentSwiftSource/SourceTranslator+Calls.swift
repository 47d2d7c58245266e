#if SwiftSource
import Containment
import SwiftSyntax

/// Calls: initializers, methods of the source (inlined), `super`, and UIKit's own.
extension SourceTranslator {
    func translateCall(_ call: FunctionCallExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall], hint: String?)
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let arguments = Self.arguments(of: call)
        let labels = arguments.map { ($0.label ?? "_") + ":" }.joined()
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name.first?.isUppercase == true {
                return try construct(call, className: name, arguments, &scope, into: &calls, hint: hint)
            }
            let fullName = "\(name)(\(labels))"
            if let (function, declaringClass) = method(fullName, from: scope.selfID.flatMap { classOf[$0] }) {
                return try inline(function, declaredBy: declaringClass, selfID: scope.selfID, arguments, at: call, &scope, into: &calls)
            }
            if let function = functions[fullName] {
                return try inline(function, declaredBy: nil, selfID: nil, arguments, at: call, &scope, into: &calls)
            }
            guard let id = scope.selfID else {
                throw refusal(fullName, call, "\(fullName) is neither a function of the source nor a call the launch can make.", supported: Self.supportedCalls)
            }
            return try controllerCall(id, name, fullName, arguments, at: call, &scope, into: &calls)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            let name = SyntaxNames.name(of: Syntax(call.calledExpression))
            throw refusal(name, call.calledExpression, "Calling a \(name) is not translated.", supported: Self.supportedCalls)
        }
        let name = member.declName.baseName.text
        let fullName = "\(name)(\(labels))"
        if base.is(SuperExprSyntax.self) {
            return try superCall(fullName, arguments, at: call, &scope, into: &calls)
        }
        if ["RunLoop.main", "RunLoop.current"].contains(Self.dottedName(base)), fullName == "run(until:)" {
            return try runLoop(arguments[0].expression, at: call, scope, into: &calls)
        }
        if Self.dottedName(base) == "User" {
            return try userAction(fullName, arguments, at: call, &scope, into: &calls)
        }
        switch try evaluate(base, &scope, into: &calls, hint: nil) {
        case .controller(let id):
            if let (function, declaringClass) = method(fullName, from: classOf[id]) {
                return try inline(function, declaredBy: declaringClass, selfID: id, arguments, at: call, &scope, into: &calls)
            }
            return try controllerCall(id, name, fullName, arguments, at: call, &scope, into: &calls)
        case .view(let view):
            return try viewCall(view, fullName, arguments, at: call, &scope, into: &calls)
        case .window where fullName == "makeKeyAndVisible()":
            try emit(RawCall(receiver: "window", method: "makeKeyAndVisible"), at: call, scope, into: &calls)
            return .void
        case .frame(let frame) where fullName == "offsetBy(dx:dy:)":
            return .frame(.offset(frame, dx: try number(arguments[0].expression, &scope, &calls), dy: try number(arguments[1].expression, &scope, &calls)))
        case let owner:
            throw refusal(fullName, member.declName, "\(fullName) on \(owner.description) is not in the supported subset.", supported: Self.supportedCalls)
        }
    }

    /// `UIWindow(…)`, `CGRect(x:y:width:height:)` or a controller class's initializer.
    private func construct(
        _ call: FunctionCallExprSyntax, className: String, _ arguments: [(label: String?, expression: ExprSyntax)],
        _ scope: inout TranslationScope, into calls: inout [LocatedCall], hint: String?
    ) throws(SwiftSourceRefusal) -> SourceValue {
        switch className {
        case "UIWindow":
            guard scope.place == .launch, !hasWindow else {
                throw refusal(
                    "UIWindow", call, "The launch has one window, created in the top-level statements.", supported: "One `UIWindow(…)` in the launch.")
            }
            hasWindow = true
            return .window
        case "CGRect":
            guard arguments.map(\.label) == ["x", "y", "width", "height"] else {
                throw refusal("CGRect initializer", call, "Only `CGRect(x:y:width:height:)` is translated.", supported: Self.supportedValues)
            }
            var values: [Double] = []
            for argument in arguments { values.append(try number(argument.expression, &scope, &calls)) }
            return .frame(.rect(Rect(x: values[0], y: values[1], width: values[2], height: values[3])))
        case "UITab", "UITabGroup":
            return try makeTab(call, className: className, arguments, &scope, into: &calls)
        case _ where delegateClasses[className] != nil:
            guard arguments.isEmpty else {
                throw refusal("\(className)(…)", call, "A delegate class is created with `init()`.", supported: "`\(className)()`.")
            }
            return .delegate(className)
        default:
            return .controller(try instantiate(call, className: className, hint: hint, &scope, into: &calls))
        }
    }

    /// A method of the source, translated in place with its parameters bound to the arguments.
    func inline(
        _ function: FunctionDeclSyntax, declaredBy className: String?, selfID: String?, _ arguments: [(label: String?, expression: ExprSyntax)],
        at call: some SyntaxProtocol, _ scope: inout TranslationScope, into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> SourceValue {
        let fullName = SourceClass.fullName(function)
        guard scope.inlineDepth < SwiftSourceLimits.maxInlineDepth else {
            throw SwiftSourceRefusal(
                code: "inlining_too_deep", construct: fullName, at: location(call),
                detail: "Methods call one another more than \(SwiftSourceLimits.maxInlineDepth) deep (a recursion?).",
                supported: "Methods of your own nested at most \(SwiftSourceLimits.maxInlineDepth) deep.")
        }
        var inner = TranslationScope(selfID: selfID, className: className, trace: scope.trace + [location(call)], place: scope.place)
        inner.inlineDepth = scope.inlineDepth + 1
        let parameters = Array(function.signature.parameterClause.parameters)
        for (parameter, argument) in zip(parameters, arguments) {
            inner.locals[(parameter.secondName ?? parameter.firstName).text] = try evaluate(argument.expression, &scope, into: &calls, hint: nil)
        }
        let statements = Array(function.body?.statements ?? [])
        // A single-expression body returns its value.
        if function.signature.returnClause != nil, statements.count == 1, case .expr(let expression) = statements[0].item {
            return try evaluate(expression, &inner, into: &calls, hint: nil)
        }
        return try translate(statements, &inner, into: &calls) ?? .void
    }

    /// `super.viewDidLoad()`: a superclass of the source's method inlined, or UIKit's, which
    /// the engine runs before the override's calls (rule 40).
    private func superCall(
        _ fullName: String, _ arguments: [(label: String?, expression: ExprSyntax)], at call: FunctionCallExprSyntax,
        _ scope: inout TranslationScope, into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> SourceValue {
        guard case .override(let current) = scope.place, current == fullName, scope.inlineDepth == 0 || scope.className != nil else {
            throw refusal(
                "super.\(fullName)", call, "A `super` call outside the override of the same method is not translated.",
                supported: "`super.<method>(…)` inside that method's override.")
        }
        scope.callsSuper = true
        let superclass = scope.className.flatMap { classes[$0]?.superclass }
        if let (function, declaringClass) = method(fullName, from: superclass) {
            return try inline(function, declaredBy: declaringClass, selfID: scope.selfID, arguments, at: call, &scope, into: &calls)
        }
        if !calls.isEmpty {
            warn(
                "Calls before super.\(fullName) run, in this model, after UIKit's part of \(fullName) (docs/uikit-rules-callbacks.md, rule 40).",
                at: location(call))
        }
        return .void
    }

    /// `RunLoop.main.run(until: Date(timeIntervalSinceNow: seconds))`: the turn ends, time passes.
    private func runLoop(_ until: ExprSyntax, at call: FunctionCallExprSyntax, _ scope: TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let date = until.as(FunctionCallExprSyntax.self)
        guard scope.place == .launch, let date, Self.dottedName(date.calledExpression) == "Date",
            date.arguments.count == 1, date.arguments.first?.label?.text == "timeIntervalSinceNow",
            let seconds = date.arguments.first.flatMap({ Self.number($0.expression) }), seconds >= 0
        else {
            throw refusal(
                "RunLoop.run(until:)", call, "Only a literal time from now, in the launch, is translated.",
                supported: "`RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.5))` in the top-level statements.")
        }
        let total = calls.compactMap(\.advance).reduce(0, +) + seconds
        guard total <= SwiftSourceLimits.maxSeconds else {
            throw refusal(
                "RunLoop.run(until:)", call, "The launch lets more than \(Int(SwiftSourceLimits.maxSeconds)) s pass.", supported: "At most an hour in all.")
        }
        calls.append(LocatedCall(call: RawCall(receiver: "window", method: "runLoop"), trace: scope.trace + [location(call)], advance: seconds))
        return .void
    }

    func number(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) -> Double {
        guard case .number(let value) = try evaluate(expression, &scope, into: &calls, hint: nil) else {
            throw refusal("number", expression, "A number literal is expected here.", supported: "Integer and floating-point literals.")
        }
        return value
    }
}
#endif
