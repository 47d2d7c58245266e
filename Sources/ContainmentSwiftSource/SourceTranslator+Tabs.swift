#if SwiftSource
import Containment
import SwiftSyntax

/// iOS 18's tabs (docs/swift.md, "Tabs"): `UITab` and `UITabGroup` values, a tab bar's `tabs`,
/// `selectedTab`, `mode` and sidebar, onto the engine's tab calls (docs/uikit-rules.md, rule 14).
extension SourceTranslator {
    static let supportedTabs =
        "`UITab(title: \"Home\", image: nil, identifier: \"home\") { _ in home }` and `UITabGroup(title:image:identifier:children:viewControllerProvider:)`: string literals, an image `nil`, `UIImage(systemName:)` or `UIImage(named:)`, and a provider returning a controller the source creates"
    static let supportedTabCalls = "on a tab bar controller setTabs(_:animated:), setTabBarHidden(_:animated:)"
    static let supportedTabAssignments =
        "`tabs.tabs = [a, b]`, `tabs.selectedTab = a`, `tabs.mode = .tabSidebar`, `tabs.sidebar.isHidden = false`, `tabs.isTabBarHidden = true`, `tabs.compactTabIdentifiers = [\"home\"]`; before a tab bar takes a tab, its `isEnabled`, `isHidden`, and a group's `defaultChildIdentifier` and `managingNavigationController`"
    /// The tab bar's own properties, and a tab's, that the source may set.
    private static let tabBarProperties: Set<String> = ["tabs", "selectedTab", "mode", "isTabBarHidden", "compactTabIdentifiers"]
    private static let tabProperties: Set<String> = ["isEnabled", "isHidden", "defaultChildIdentifier", "managingNavigationController"]

    /// `UITab(title:image:identifier:viewControllerProvider:)` or
    /// `UITabGroup(title:image:identifier:children:viewControllerProvider:)`, the provider
    /// labelled or trailing.
    func makeTab(_ call: FunctionCallExprSyntax, className: String, _ arguments: Arguments, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> SourceValue
    {
        let group = className == "UITabGroup"
        let fixed: [String?] = group ? ["title", "image", "identifier", "children"] : ["title", "image", "identifier"]
        var labels = arguments.map(\.label)
        var provider: ExprSyntax?
        if labels.count == fixed.count + 1, let last = labels.last, last == "viewControllerProvider" || (last == nil && call.trailingClosure != nil) {
            provider = arguments[fixed.count].expression
            labels.removeLast()
        }
        guard labels == fixed else {
            throw refusal(
                "\(className)(" + arguments.map { "\($0.label ?? "_"):" }.joined() + ")", call, "This initializer is not UIKit's.",
                supported: Self.supportedTabs)
        }
        guard let title = Self.stringLiteral(arguments[0].expression) else {
            throw refusal("title", arguments[0].expression, "A tab's title must be a string literal.", supported: "`title: \"Home\"`.")
        }
        try checkImage(arguments[1].expression)
        var tab = SourceTab(identifier: try tabIdentifier(arguments[2].expression), title: title)
        if group { tab.children = try tabList(arguments[3].expression, &scope, &calls) }
        if let provider { tab.viewController = try providedController(provider, tab.identifier, &scope, &calls) }
        sourceTabs.append(tab)
        return .tab(sourceTabs.count - 1)
    }

    /// A tab's identifier: a string literal the engine takes as an id (docs/api.md).
    func tabIdentifier(_ expression: ExprSyntax) throws(SwiftSourceRefusal) -> String {
        guard let text = Self.stringLiteral(expression), (1...64).contains(text.count),
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else {
            throw refusal(
                "identifier", expression, "A tab's identifier must be a string literal of at most 64 letters, digits, `.`, `_` or `-` (the service's ids).",
                supported: "`identifier: \"home\"`.")
        }
        return text
    }

    /// A string literal without interpolation: its text.
    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count <= 1 else { return nil }
        guard let segment = literal.segments.first else { return "" }
        return segment.as(StringSegmentSyntax.self)?.content.text
    }

    /// An image changes no callback: `nil`, or `UIImage(systemName:)` or `UIImage(named:)` of a literal.
    private func checkImage(_ expression: ExprSyntax) throws(SwiftSourceRefusal) {
        if expression.is(NilLiteralExprSyntax.self) { return }
        if let call = expression.as(FunctionCallExprSyntax.self), Self.dottedName(call.calledExpression) == "UIImage", call.arguments.count == 1,
            ["systemName", "named"].contains(call.arguments.first?.label?.text), Self.stringLiteral(call.arguments.first!.expression) != nil
        {
            return
        }
        throw refusal(
            "image", expression, "A tab's image must be one the source states.",
            supported: "`nil`, `UIImage(systemName: \"house\")`, `UIImage(named: \"Home\")`.")
    }

    /// The controller a provider closure returns: a controller the source creates, with nothing
    /// computed (UIKit calls the provider when the tab's view controller is first needed).
    private func providedController(_ expression: ExprSyntax, _ identifier: String, _ scope: inout TranslationScope, _ calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> String?
    {
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        let supported =
            "`{ _ in home }`: a closure returning a controller the source creates (a stored property, a `let` of the launch, or `HomeViewController()`)."
        guard let closure = expression.as(ClosureExprSyntax.self), closure.statements.count == 1 else {
            throw refusal("viewControllerProvider", expression, "A provider that computes its controller at run time is not translated.", supported: supported)
        }
        var returned: ExprSyntax?
        switch closure.statements.first!.item {
        case .expr(let value): returned = value
        case .stmt(let statement): returned = statement.as(ReturnStmtSyntax.self)?.expression
        case .decl: returned = nil
        }
        var inner = scope
        bind(closure, in: &inner)
        let before = calls.count
        guard let returned, case .controller(let id) = try evaluate(returned, &inner, into: &calls, hint: identifier), calls.count == before else {
            throw refusal("viewControllerProvider", closure, "A provider that computes its controller at run time is not translated.", supported: supported)
        }
        return id
    }

    /// `[a, b]` of tabs (or `[]`).
    private func tabList(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) -> [Int] {
        switch try evaluate(expression, &scope, into: &calls, hint: nil) {
        case .tabs(let indices): return indices
        case .controllers(let ids) where ids.isEmpty: return []
        case let other:
            throw refusal("tabs", expression, "An array of tabs is expected here, not \(other.description).", supported: "`[home, search]` of `UITab`s.")
        }
    }

    /// The tabs as a tab bar takes them (Apple: "Each identifier must be unique across all the
    /// tabs managed by a UITabBarController"; a root tab's view controller "must be non-nil").
    private func takeTabs(_ indices: [Int], at node: some SyntaxProtocol) throws(SwiftSourceRefusal) -> [TranslatedTab] {
        var tabs: [TranslatedTab] = []
        for index in indices { tabs.append(try take(index, depth: 1, at: node)) }
        if let bare = tabs.first(where: { $0.viewController == nil }) {
            throw refusal(
                "UITab \(bare.identifier)", node, "A root tab needs a view controller: its provider must return one (UIKit's header).",
                supported: "A `viewControllerProvider` on every root tab.")
        }
        var seen: Set<String> = []
        for identifier in tabs.flatMap(\.identifiers) where !seen.insert(identifier).inserted {
            throw refusal(
                "UITab \(identifier)", node, "Two tabs have the identifier \(identifier); each must be unique across a tab bar controller's tabs.",
                supported: "Unique identifiers.")
        }
        return tabs
    }

    private func take(_ index: Int, depth: Int, at node: some SyntaxProtocol) throws(SwiftSourceRefusal) -> TranslatedTab {
        sourceTabs[index].isTaken = true
        let tab = sourceTabs[index]
        var children: [TranslatedTab]?
        if let indices = tab.children {
            guard depth < 8 else {
                throw refusal(
                    "UITabGroup", node, "Tabs nest more than 8 deep.", supported: "A root tab and at most seven levels of groups (the service's bound).")
            }
            children = []
            for child in indices { children!.append(try take(child, depth: depth + 1, at: node)) }
        }
        return TranslatedTab(
            identifier: tab.identifier, title: tab.title, viewController: tab.viewController, isEnabled: tab.isEnabled, isHidden: tab.isHidden,
            children: children, defaultChildIdentifier: tab.defaultChildIdentifier, managingNavigationController: tab.managingNavigationController)
    }

    /// `UITabBarController(tabs:)`: the tabs built with the tab bar, as a spec's `tabs` are.
    func creationTabs(_ expression: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]) throws(SwiftSourceRefusal)
        -> [TranslatedTab]
    {
        let tabs = try takeTabs(try tabList(expression, &scope, &calls), at: expression)
        for id in tabs.flatMap(\.controllers) {
            guard !usedControllers.contains(id), let index = program.controllers.firstIndex(where: { $0.id == id }), !program.controllers[index].isNested else {
                throw refusal(
                    "init(tabs:)", expression, "\(id) is already in use when the tab bar controller is created.",
                    supported: "Controllers created for its tabs, not yet added anywhere.")
            }
            program.controllers[index].isNested = true
            usedControllers.insert(id)
        }
        return tabs
    }

    /// A tab bar's, a tab's or a delegate property's assignment; false when it is none of these.
    func assignTabOrDelegate(_ target: ExprSyntax, _ valueSyntax: ExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> Bool
    {
        let owner: SourceValue
        let property: String
        if let reference = target.as(DeclReferenceExprSyntax.self), let id = scope.selfID, scope.locals[reference.baseName.text] == nil,
            Self.tabBarProperties.contains(reference.baseName.text) || reference.baseName.text == "delegate"
        {
            (owner, property) = (.controller(id), reference.baseName.text)
        } else if let member = target.as(MemberAccessExprSyntax.self), let base = member.base, Self.dottedName(base) != nil {
            property = member.declName.baseName.text
            if let sidebar = base.as(MemberAccessExprSyntax.self), sidebar.declName.baseName.text == "sidebar", let tabBar = sidebar.base,
                property == "isHidden"
            {
                guard case .controller(let id) = try evaluate(tabBar, &scope, into: &calls, hint: nil), isContainer(id, [.tabBarController]) else {
                    return false
                }
                try emit(
                    RawCall(receiver: id, method: "sidebar.setHidden", args: ["hidden": .bool(try flag(valueSyntax, &scope, &calls))]), at: target, scope,
                    into: &calls)
                return true
            }
            guard Self.tabBarProperties.contains(property) || Self.tabProperties.contains(property) || property == "delegate" else { return false }
            owner = try evaluate(base, &scope, into: &calls, hint: nil)
        } else {
            return false
        }
        switch owner {
        case .controller(let id) where property == "delegate":
            return try assignDelegate(of: id, valueSyntax, at: target, &scope, into: &calls)
        case .controller(let id) where isContainer(id, [.tabBarController]) && Self.tabBarProperties.contains(property):
            try emit(try tabBarAssignment(id, property, valueSyntax, &scope, &calls), at: target, scope, into: &calls)
            return true
        case .tab(let index) where Self.tabProperties.contains(property):
            try assign(property, of: index, valueSyntax, at: target, &scope, &calls)
            return true
        default:
            return false
        }
    }

    private func tabBarAssignment(_ id: String, _ property: String, _ valueSyntax: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> RawCall
    {
        switch property {
        case "tabs":
            let tabs = try takeTabs(try tabList(valueSyntax, &scope, &calls), at: valueSyntax)
            return RawCall(receiver: id, method: "setTabs", args: ["tabs": .array(tabs.map(\.json)), "animated": false])
        case "selectedTab":
            guard case .tab(let index) = try evaluate(valueSyntax, &scope, into: &calls, hint: nil) else {
                throw refusal(
                    "selectedTab", valueSyntax, "A tab the source creates is expected here.", supported: "`tabs.selectedTab = search`, a tab bound to a name.")
            }
            return RawCall(receiver: id, method: "setSelectedTab", args: ["identifier": .string(sourceTabs[index].identifier)])
        case "mode":
            let mode = try caseName(valueSyntax, TabBarMode.allCases.map(\.rawValue), "UITabBarController.Mode")
            return RawCall(receiver: id, method: "setMode", args: ["mode": .string(mode)])
        case "isTabBarHidden":
            return RawCall(receiver: id, method: "setTabBarHidden", args: ["hidden": .bool(try flag(valueSyntax, &scope, &calls)), "animated": false])
        default:
            if valueSyntax.is(NilLiteralExprSyntax.self) { return RawCall(receiver: id, method: "setCompactTabIdentifiers", args: ["identifiers": .null]) }
            guard let array = valueSyntax.as(ArrayExprSyntax.self) else {
                throw refusal(
                    "compactTabIdentifiers", valueSyntax, "An array of identifiers the source states is expected here.",
                    supported: "`[\"home\", \"search\"]` or `nil`.")
            }
            var identifiers: [JSONValue] = []
            for element in array.elements { identifiers.append(.string(try tabIdentifier(element.expression))) }
            return RawCall(receiver: id, method: "setCompactTabIdentifiers", args: ["identifiers": .array(identifiers)])
        }
    }

    /// A tab's own property, set before a tab bar takes it.
    private func assign(
        _ property: String, of index: Int, _ valueSyntax: ExprSyntax, at target: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]
    )
        throws(SwiftSourceRefusal)
    {
        guard !sourceTabs[index].isTaken else {
            throw refusal(
                "assignment to \(property)", target,
                "The tab \(sourceTabs[index].identifier) is already a tab bar's: the engine takes a tab's fields when the tabs are set.",
                supported: "Set a tab's properties before giving it to the tab bar controller.")
        }
        guard sourceTabs[index].children != nil || ["isEnabled", "isHidden"].contains(property) else {
            throw refusal("assignment to \(property)", target, "Only a UITabGroup has \(property).", supported: Self.supportedTabAssignments)
        }
        switch property {
        case "isEnabled": sourceTabs[index].isEnabled = try flag(valueSyntax, &scope, &calls)
        case "isHidden": sourceTabs[index].isHidden = try flag(valueSyntax, &scope, &calls)
        case "defaultChildIdentifier":
            sourceTabs[index].defaultChildIdentifier = valueSyntax.is(NilLiteralExprSyntax.self) ? nil : try tabIdentifier(valueSyntax)
        default:
            switch try evaluate(valueSyntax, &scope, into: &calls, hint: nil) {
            case .controller(let nav) where isContainer(nav, [.navigationController]): sourceTabs[index].managingNavigationController = nav
            case .none: sourceTabs[index].managingNavigationController = nil
            default:
                throw refusal(
                    "managingNavigationController", valueSyntax, "A navigation controller is expected here.",
                    supported: "A navigation controller the source creates, or `nil`.")
            }
        }
    }

    private func flag(_ expression: ExprSyntax, _ scope: inout TranslationScope, _ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) -> Bool {
        guard case .bool(let value) = try evaluate(expression, &scope, into: &calls, hint: nil) else {
            throw refusal("Boolean", expression, "A Boolean literal is expected here.", supported: "`true` or `false`.")
        }
        return value
    }

    /// A tab bar controller's own tab calls, or nil for any other.
    func tabCall(_ id: String, _ fullName: String, _ arguments: Arguments, _ scope: inout TranslationScope, _ calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> RawCall?
    {
        guard isContainer(id, [.tabBarController]) else { return nil }
        switch fullName {
        case "setTabs(_:animated:)":
            let tabs = try takeTabs(try tabList(arguments[0].expression, &scope, &calls), at: arguments[0].expression)
            return RawCall(
                receiver: id, method: "setTabs",
                args: ["tabs": .array(tabs.map(\.json)), "animated": try animatedArgument(arguments[1].expression, &scope, &calls)])
        case "setTabBarHidden(_:animated:)":
            return RawCall(
                receiver: id, method: "setTabBarHidden",
                args: [
                    "hidden": .bool(try flag(arguments[0].expression, &scope, &calls)),
                    "animated": try animatedArgument(arguments[1].expression, &scope, &calls),
                ])
        default:
            return nil
        }
    }
}
#endif
