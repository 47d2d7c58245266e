#if SwiftSource
import Containment
import SwiftSyntax

/// A class of the source that is only a delegate: an `NSObject` subclass conforming to one of
/// UIKit's delegate protocols the engine answers for (docs/swift.md, "Delegates").
struct DelegateClass {
    var protocols: [String]
    var methods: [String: FunctionDeclSyntax]
}

/// UIKit's delegate protocols the translator reads, and their methods the engine models
/// (docs/uikit-rules-adaptivity.md, rule 31; docs/uikit-rules.md, rule 13).
enum DelegateProtocols {
    static let split = "UISplitViewControllerDelegate"
    static let navigation = "UINavigationControllerDelegate"
    static let tabBar = "UITabBarControllerDelegate"
    /// The container whose `delegate` each protocol's object is.
    static let kinds: [String: ControllerKind] = [split: .splitViewController, navigation: .navigationController, tabBar: .tabBarController]
    /// The methods whose return value is an answer of the engine's spec.
    static let questions: [String: String] = [
        "splitViewController(_:collapseSecondary:onto:)": split, "splitViewController(_:separateSecondaryFrom:)": split,
        "splitViewController(_:topColumnForCollapsingToProposedTopColumn:)": split,
        "splitViewController(_:displayModeForExpandingToProposedDisplayMode:)": split,
        "tabBarController(_:shouldSelect:)": tabBar, "tabBarController(_:shouldSelectTab:)": tabBar,
    ]
    /// The methods the engine reports as events: they answer nothing.
    static let notifications: [String: String] = [
        "splitViewControllerDidCollapse(_:)": split, "splitViewControllerDidExpand(_:)": split,
        "navigationController(_:willShow:animated:)": navigation, "navigationController(_:didShow:animated:)": navigation,
        "tabBarController(_:didSelect:)": tabBar, "tabBarController(_:didSelectTab:previousTab:)": tabBar,
    ]
    /// How each protocol's methods are named, to find one the engine does not model.
    static let prefixes: [String: [String]] = [
        split: ["splitViewController", "primaryViewController", "targetDisplayModeForAction"], navigation: ["navigationController"],
        tabBar: ["tabBarController"],
    ]

    static func belongs(_ fullName: String, to name: String) -> Bool {
        let base = fullName.prefix { $0 != "(" }
        return (prefixes[name] ?? []).contains { base.hasPrefix($0) }
    }

    static func supported(_ name: String) -> String {
        let methods = (questions.merging(notifications) { first, _ in first }).filter { $0.value == name }.keys.sorted()
        return "\(name)'s " + methods.map { "`\($0)`" }.joined(separator: ", ") + ", each returning a literal (or with an empty body)."
    }
}

extension SourceTranslator {
    /// Records a delegate class (true), or a view controller class's delegate protocols (false);
    /// either way each protocol method is checked here, so a class never used is read too.
    func collectDelegate(_ declaration: ClassDeclSyntax) throws(SwiftSourceRefusal) -> Bool {
        let name = declaration.name.text
        let inherited = declaration.inheritanceClause?.inheritedTypes.compactMap { $0.type.as(IdentifierTypeSyntax.self)?.name.text } ?? []
        let protocols = inherited.filter { DelegateProtocols.kinds[$0] != nil }
        var methods: [String: FunctionDeclSyntax] = [:]
        for member in declaration.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
            let fullName = SourceClass.fullName(function)
            guard let owner = protocols.first(where: { DelegateProtocols.belongs(fullName, to: $0) }) else { continue }
            try checkDelegateMethod(function, fullName, of: owner)
            methods[fullName] = function
        }
        guard inherited.first == "NSObject", !protocols.isEmpty else {
            delegateProtocols[name] = protocols
            return false
        }
        for member in declaration.memberBlock.members {
            let function = member.decl.as(FunctionDeclSyntax.self)
            guard let function, methods[SourceClass.fullName(function)] != nil else {
                let construct = function.map { SourceClass.fullName($0) } ?? SyntaxNames.name(of: Syntax(member.decl))
                throw refusal(
                    construct, member.decl, "A delegate class (an NSObject subclass) holds only its protocols' methods that the engine models.",
                    supported: protocols.map(DelegateProtocols.supported).joined(separator: " "))
            }
        }
        delegateClasses[name] = DelegateClass(protocols: protocols, methods: methods)
        return true
    }

    /// A notification's body is empty (the engine runs no calls from a delegate); a question's is
    /// one value, read when the delegate is set.
    private func checkDelegateMethod(_ function: FunctionDeclSyntax, _ fullName: String, of name: String) throws(SwiftSourceRefusal) {
        if DelegateProtocols.notifications[fullName] == name {
            guard function.body?.statements.isEmpty ?? false else {
                throw refusal(
                    fullName, function.body.map(Syntax.init) ?? Syntax(function.name),
                    "The engine reports \(fullName) as an event but runs no calls from a delegate's method.",
                    supported: "An empty body, `{}`: the method only observes.")
            }
        } else if DelegateProtocols.questions[fullName] == name {
            _ = try answerExpression(function, fullName)
        } else if fullName == "tabBarController(_:displayedViewControllersFor:proposedViewControllers:)" {
            throw refusal(
                fullName, function.name, "Its answer depends on the tab asked and the proposed controllers, known only at run time.",
                supported: DelegateProtocols.supported(name))
        } else {
            throw refusal(
                fullName, function.name, "\(fullName) is a method of \(name) that the engine does not model.", supported: DelegateProtocols.supported(name))
        }
    }

    /// The value a question's body returns: `return value`, or the value alone.
    private func answerExpression(_ function: FunctionDeclSyntax, _ fullName: String) throws(SwiftSourceRefusal) -> ExprSyntax {
        let statements = Array(function.body?.statements ?? [])
        var returned: ExprSyntax?
        if statements.count == 1 {
            switch statements[0].item {
            case .expr(let value): returned = value
            case .stmt(let statement): returned = statement.as(ReturnStmtSyntax.self)?.expression
            case .decl: returned = nil
            }
        }
        guard let returned else {
            throw refusal(
                fullName, function.body.map(Syntax.init) ?? Syntax(function.name), "A delegate's answer computed at run time is not translated.",
                supported: "A body of one `return` of a literal: `return true`, `return .primary`.")
        }
        return returned
    }

    /// `split.delegate = self` in an `init`: true once the delegate is set (docs/swift.md, "Delegates").
    func initializerSetsDelegate(_ expression: ExprSyntax, _ scope: inout TranslationScope) throws(SwiftSourceRefusal) -> Bool {
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(AssignmentExprSyntax.self)
        else { return false }
        let target = Array(sequence.elements)[0]
        let name = target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard name == "delegate" else { return false }
        var calls: [LocatedCall] = []
        return try assignTabOrDelegate(target, Array(sequence.elements)[2], &scope, into: &calls)
    }

    /// `split.delegate = splitDelegate`, `delegate = self`: the delegate's answers, from the
    /// controller's creation, when nothing can have asked it yet; false for other delegates.
    func assignDelegate(of owner: String, _ valueSyntax: ExprSyntax, at target: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> Bool
    {
        guard let index = program.controllers.firstIndex(where: { $0.id == owner }),
            let name = DelegateProtocols.kinds.first(where: { $0.value == program.controllers[index].kind })?.key
        else { return false }
        if valueSyntax.is(FunctionCallExprSyntax.self) {
            throw refusal(
                "delegate", valueSyntax, "UIKit's delegate properties are weak: a delegate created in the assignment is released at once.",
                supported: "A delegate held by a `let` of the launch or a stored property.")
        }
        let early: Bool
        switch scope.place {
        case .initializer: early = true
        // An override's calls name no controller in `usedControllers`: before the window shows, none runs.
        case .launch: early = !usedControllers.contains(owner) && !calls.contains { ["makeKeyAndVisible", "setHidden"].contains($0.call.method) }
        case .override(let method): early = method == "viewDidLoad()" && owner == scope.selfID
        default: early = false
        }
        guard early else {
            throw refusal(
                "delegate", target,
                "The engine's delegate answers from the controller's creation: \(owner)'s delegate is set after something may have asked it.",
                supported:
                    "Set the delegate in the launch before any call names the controller and before the window shows, in an `init`, or as `delegate = self` in the controller's own viewDidLoad()."
            )
        }
        var methods: [String: (FunctionDeclSyntax, declaredBy: String?)] = [:]
        var selfID: String?
        switch try evaluate(valueSyntax, &scope, into: &calls, hint: nil) {
        case .none: break
        case .delegate(let className) where delegateClasses[className]!.protocols.contains(name):
            methods = delegateClasses[className]!.methods.mapValues { ($0, nil) }
        case .controller(let id) where chain(of: classOf[id] ?? "").contains { delegateProtocols[$0.name]?.contains(name) == true }:
            selfID = id
            for fullName in DelegateProtocols.questions.merging(DelegateProtocols.notifications, uniquingKeysWith: { first, _ in first }).keys {
                if let (function, declaredBy) = method(fullName, from: classOf[id]) { methods[fullName] = (function, declaredBy) }
            }
        case let other:
            throw refusal(
                "delegate", valueSyntax, "\(other.description) does not conform to \(name).", supported: "An object of a class declaring `\(name)`, or `nil`.")
        }
        let answers = try delegateAnswers(methods, for: program.controllers[index], selfID: selfID)
        program.controllers[index].answers.collapseSecondary = answers.collapseSecondary
        program.controllers[index].answers.separateSecondary = answers.separateSecondary
        program.controllers[index].answers.topColumnForCollapsing = answers.topColumnForCollapsing
        program.controllers[index].answers.displayModeForExpanding = answers.displayModeForExpanding
        program.controllers[index].answers.navigationControllerDelegate = answers.navigationControllerDelegate
        program.controllers[index].answers.shouldSelect = answers.shouldSelect
        program.controllers[index].answers.shouldSelectTab = answers.shouldSelectTab
        program.controllers[index].answers.tabBarControllerDelegate = answers.tabBarControllerDelegate
        return true
    }

    /// The answers of the delegate's methods that UIKit asks this controller: the classic
    /// interface's or the column interface's (Apple: the other's "only applies to" it).
    private func delegateAnswers(_ methods: [String: (FunctionDeclSyntax, declaredBy: String?)], for owner: TranslatedController, selfID: String?)
        throws(SwiftSourceRefusal) -> ControllerAnswers
    {
        let columns = (owner.splitStyle ?? .unspecified) != .unspecified
        var answers = ControllerAnswers()
        for fullName in methods.keys.sorted() {
            let (function, declaredBy) = methods[fullName]!
            guard DelegateProtocols.questions[fullName] != nil else {
                if DelegateProtocols.notifications[fullName] == DelegateProtocols.navigation { answers.navigationControllerDelegate = true }
                // iOS 18's method is the engine's opt-in delegate; the classic `didSelect` is always reported.
                if fullName == "tabBarController(_:didSelectTab:previousTab:)" { answers.tabBarControllerDelegate = true }
                continue
            }
            let value = try answerExpression(function, fullName)
            switch fullName {
            case "splitViewController(_:collapseSecondary:onto:)" where !columns:
                answers.collapseSecondary = try literalAnswer(value, fullName)
            case "tabBarController(_:shouldSelect:)":
                answers.shouldSelect = try literalAnswer(value, fullName)
            case "tabBarController(_:shouldSelectTab:)":
                answers.shouldSelectTab = try literalAnswer(value, fullName)
                answers.tabBarControllerDelegate = true
            case "splitViewController(_:separateSecondaryFrom:)" where !columns:
                answers.separateSecondary = try separatedController(function, value, declaredBy: declaredBy, selfID: selfID)
            case "splitViewController(_:topColumnForCollapsingToProposedTopColumn:)" where columns:
                answers.topColumnForCollapsing = SplitColumn(
                    rawValue: try caseName(value, SplitColumn.allCases.map(\.rawValue), "UISplitViewController.Column"))
            case "splitViewController(_:displayModeForExpandingToProposedDisplayMode:)" where columns:
                answers.displayModeForExpanding = SplitDisplayMode(
                    rawValue: try caseName(value, SplitDisplayMode.allCases.map(\.rawValue), "UISplitViewController.DisplayMode"))
            default:
                continue
            }
        }
        // The engine creates a split collapsed in a compact window and tells its delegate only when
        // the size class changes, which no source does; UIKit asks as the split first collapses.
        let collapsing =
            columns
            ? ["splitViewController(_:topColumnForCollapsingToProposedTopColumn:)", "splitViewControllerDidCollapse(_:)"]
            : ["splitViewController(_:collapseSecondary:onto:)"]
        if isCompact, owner.kind == .splitViewController, let asked = collapsing.first(where: { methods[$0] != nil }) {
            throw refusal(
                asked, methods[asked]!.0.name,
                "On a phone the engine's split view controller starts collapsed without asking its delegate, where UIKit asks it as the split first collapses.",
                supported: "A split view controller's delegate on a pad (`idiom: pad`), or on a phone one answering only how it expands.")
        }
        return answers
    }

    private func literalAnswer(_ value: ExprSyntax, _ fullName: String) throws(SwiftSourceRefusal) -> Bool {
        guard let literal = value.as(BooleanLiteralExprSyntax.self) else {
            throw refusal(fullName, value, "The answer must be a Boolean literal.", supported: "`return true` or `return false`.")
        }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// `splitViewController(_:separateSecondaryFrom:)`'s controller: one the delegate holds.
    private func separatedController(_ function: FunctionDeclSyntax, _ value: ExprSyntax, declaredBy: String?, selfID: String?)
        throws(SwiftSourceRefusal) -> String
    {
        var scope = TranslationScope(selfID: selfID, className: declaredBy, place: .override(SourceClass.fullName(function)))
        for parameter in function.signature.parameterClause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            scope.locals[name] = .runtime(name)
        }
        var calls: [LocatedCall] = []
        guard case .controller(let id) = try evaluate(value, &scope, into: &calls, hint: nil), calls.isEmpty else {
            throw refusal(
                "splitViewController(_:separateSecondaryFrom:)", value,
                "The engine's answer names the controller to separate; `nil` (UIKit's default, with the delegate asked) is not one it can give.",
                supported: "`return detail`: a controller the delegate's class holds.")
        }
        return id
    }
}
#endif
