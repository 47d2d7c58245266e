#if SwiftSource
import Containment
import SwiftSyntax

/// UIKit's methods on controllers and views, by their full Swift names, as raw calls.
extension SourceTranslator {
    static let supportedCalls =
        "addChild(_:), removeFromParent(), willMove(toParent:), didMove(toParent:), transition(from:to:duration:options:animations:completion:), present(_:animated:completion:), dismiss(animated:completion:), pushViewController(_:animated:), popViewController(animated:), popToRootViewController(animated:), setViewControllers(_:animated:), beginAppearanceTransition(_:animated:), endAppearanceTransition(), loadViewIfNeeded(), setNeedsStatusBarAppearanceUpdate(), show(_:sender:), showDetailViewController(_:sender:); on views addSubview(_:), insertSubview(_:at:), removeFromSuperview(), layoutIfNeeded(); window.makeKeyAndVisible(); methods of your own; "
        + supportedColumnCalls + "; " + supportedTabCalls

    typealias Arguments = [(label: String?, expression: ExprSyntax)]

    func controllerCall(
        _ id: String, _ name: String, _ fullName: String, _ arguments: Arguments, at call: FunctionCallExprSyntax,
        _ scope: inout TranslationScope, into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> SourceValue {
        if try pageCall(id, fullName, arguments, at: call, &scope, into: &calls) { return .void }
        if try segueCall(id, fullName, arguments, at: call, &scope, into: &calls) { return .void }
        var raw = try columnCall(id, fullName, arguments, &scope, &calls)
        if raw == nil { raw = try tabCall(id, fullName, arguments, &scope, &calls) }
        if let raw {
            try emit(raw, at: call, scope, into: &calls)
            return .void
        }
        func value(_ index: Int) throws(SwiftSourceRefusal) -> JSONValue {
            try json(arguments[index].expression, &scope, &calls)
        }
        func animated(_ index: Int) throws(SwiftSourceRefusal) -> JSONValue {
            try animatedArgument(arguments[index].expression, &scope, &calls)
        }
        let args: [String: JSONValue]
        var completion: (block: [LocatedCall], location: SwiftSourceLocation)?
        switch fullName {
        case "addChild(_:)": args = ["child": try value(0)]
        case "removeFromParent()", "endAppearanceTransition()", "loadViewIfNeeded()", "setNeedsStatusBarAppearanceUpdate()":
            args = [:]
        case "willMove(toParent:)", "didMove(toParent:)": args = ["toParent": try value(0)]
        case "present(_:animated:completion:)", "present(_:animated:)", "present(_:animated:_:)":
            args = ["viewController": try value(0), "animated": try animated(1)]
            completion = try presentationCompletion(arguments.dropFirst(2).first, fullName, at: call, &scope, &calls)
        case "dismiss(animated:completion:)", "dismiss(animated:)", "dismiss(animated:_:)":
            args = ["animated": try animated(0)]
            completion = try presentationCompletion(arguments.dropFirst(1).first, fullName, at: call, &scope, &calls)
        case "pushViewController(_:animated:)": args = ["viewController": try value(0), "animated": try animated(1)]
        case "popViewController(animated:)", "popToRootViewController(animated:)": args = ["animated": try animated(0)]
        case "setViewControllers(_:animated:)": args = ["viewControllers": try value(0), "animated": try animated(1)]
        case "beginAppearanceTransition(_:animated:)": args = ["isAppearing": try value(0), "animated": try animated(1)]
        case "show(_:sender:)", "showDetailViewController(_:sender:)": args = ["viewController": try value(0), "sender": try value(1)]
        case "transition(from:to:duration:options:animations:completion:)", "transition(from:to:duration:options:animations:_:)":
            return try transition(id, arguments, at: call, &scope, into: &calls)
        default:
            if name == "navigationController" || fullName.hasPrefix("navigationController") {
                throw refusal(
                    fullName, call, "Which navigation controller holds a controller is known only at run time.",
                    supported: "Name the navigation controller: a property or a variable.")
            }
            throw refusal(fullName, call, "\(fullName) is not in the supported subset.", supported: Self.supportedCalls)
        }
        let method = String(name.prefix { $0 != "(" })
        try emit(RawCall(receiver: id, method: method, args: args.isEmpty ? nil : args), at: call, scope, into: &calls)
        if let completion {
            calls[calls.count - 1].completion = completion.block
            calls[calls.count - 1].completionLocation = completion.location
        }
        return .void
    }

    /// `transition(from:to:duration:options:animations:completion:)`: the call, the frames its
    /// animations block sets, and its completion block (run when the animation ends).
    private func transition(
        _ id: String, _ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]
    )
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let options: [String]
        switch try evaluate(arguments[3].expression, &scope, into: &calls, hint: nil) {
        case .animationOptions(let names): options = names
        case .controllers(let ids) where ids.isEmpty: options = []
        default:
            throw refusal(
                "options", arguments[3].expression, "Animation options are expected here.", supported: "`[]`, `.transitionCrossDissolve`, `[.a, .b]`.")
        }
        let args: [String: JSONValue] = [
            "from": try json(arguments[0].expression, &scope, &calls), "to": try json(arguments[1].expression, &scope, &calls),
            "duration": .number(try number(arguments[2].expression, &scope, &calls)), "options": .array(options.map { .string($0) }),
        ]
        try emit(RawCall(receiver: id, method: "transition", args: args), at: call, scope, into: &calls)
        let index = calls.count - 1
        if let animations = try closure(arguments[4].expression, &scope, &calls) {
            var inner = scope
            inner.place = .animations
            bind(animations, in: &inner)
            _ = try translate(Array(animations.statements), &inner, into: &calls)
        }
        if let completion = try closure(arguments[5].expression, &scope, &calls), !completion.statements.isEmpty {
            guard scope.place == .launch else {
                throw refusal(
                    "completion block", completion, "A transition's completion block is translated only for a transition the launch starts.",
                    supported: "Completion blocks of transitions started by the top-level statements (or methods they call).")
            }
            var inner = scope
            inner.place = .completion
            bind(completion, in: &inner)
            var block: [LocatedCall] = []
            _ = try translate(Array(completion.statements), &inner, into: &block)
            calls[index].completion = block
            calls[index].completionLocation = location(completion)
        }
        return .void
    }

    func viewCall(
        _ view: String, _ fullName: String, _ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope,
        into calls: inout [LocatedCall]
    )
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let raw: RawCall
        switch fullName {
        case "addSubview(_:)": raw = RawCall(receiver: view, method: "addSubview", args: ["view": try viewArgument(arguments[0].expression, &scope, &calls)])
        case "insertSubview(_:at:)":
            raw = RawCall(
                receiver: view, method: "insertSubview",
                args: ["view": try viewArgument(arguments[0].expression, &scope, &calls), "at": .number(try number(arguments[1].expression, &scope, &calls))])
        case "removeFromSuperview()": raw = RawCall(receiver: view, method: "removeFromSuperview")
        case "layoutIfNeeded()": raw = RawCall(receiver: view, method: "layoutIfNeeded")
        default: throw refusal(fullName, call, "\(fullName) on a view is not in the supported subset.", supported: Self.supportedCalls)
        }
        try emit(raw, at: call, scope, into: &calls)
        return .void
    }

    private func viewArgument(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) -> JSONValue {
        guard case .view(let id) = try evaluate(expression, &scope, into: &calls, hint: nil) else {
            throw refusal("view", expression, "A controller's view (`child.view`) is expected here.", supported: "`x.view`, `view`.")
        }
        return .string(id)
    }

    /// An argument as the raw call's JSON: controllers by id, `nil` as null, literals.
    func json(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) -> JSONValue {
        switch try evaluate(expression, &scope, into: &calls, hint: nil) {
        case .controller(let id): return .string(id)
        case .none: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .controllers(let ids): return .array(ids.map { .string($0) })
        case let other:
            throw refusal(
                SyntaxNames.name(of: Syntax(expression)), expression, "The argument is \(other.description); the call needs a value the source states.",
                supported: "Controllers, `nil`, number and Boolean literals, arrays of controllers.")
        }
    }

    func closure(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal)
        -> ClosureExprSyntax?
    {
        switch try evaluate(expression, &scope, into: &calls, hint: nil) {
        case .closure(let closure): return closure
        case .none: return nil
        default: throw refusal("closure", expression, "A closure or `nil` is expected here.", supported: "A closure literal or `nil`.")
        }
    }

    /// A closure's parameters (`finished in`, `_ in`) stand for run-time values.
    func bind(_ closure: ClosureExprSyntax, in scope: inout TranslationScope) {
        guard let parameters = closure.signature?.parameterClause else { return }
        switch parameters {
        case .simpleInput(let names):
            for name in names { scope.locals[name.name.text] = .runtime(name.name.text) }
        case .parameterClause(let clause):
            for parameter in clause.parameters { scope.locals[(parameter.secondName ?? parameter.firstName).text] = .runtime(parameter.firstName.text) }
        }
    }

    /// The completion block of `present`, `dismiss` or a page view controller's
    /// `setViewControllers`, which the runner runs after the event UIKit calls it after (docs/swift.md).
    func presentationCompletion(
        _ argument: (label: String?, expression: ExprSyntax)?, _ fullName: String, at call: FunctionCallExprSyntax,
        _ scope: inout TranslationScope, _ calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> (block: [LocatedCall], location: SwiftSourceLocation)? {
        guard let argument, let completion = try closure(argument.expression, &scope, &calls), !completion.statements.isEmpty else { return nil }
        guard scope.place == .launch || scope.place == .presentationCompletion else {
            throw refusal(
                "completion block", completion, "A completion block of \(fullName) is translated only for a call the launch makes.",
                supported:
                    "Completion blocks of `present`, `dismiss` and `setViewControllers(_:direction:animated:completion:)` in the top-level statements, methods they call, or such a completion block."
            )
        }
        var inner = scope
        inner.place = .presentationCompletion
        inner.trace = scope.trace + [location(call)]
        bind(completion, in: &inner)
        var block: [LocatedCall] = []
        _ = try translate(Array(completion.statements), &inner, into: &block)
        return (block, location(completion))
    }
}
#endif
