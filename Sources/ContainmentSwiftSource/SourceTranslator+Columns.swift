#if SwiftSource
import Containment
import SwiftSyntax

/// Split view and page view controllers: their initializers' styles, fixed at creation as
/// UIKit fixes them, and a split's own calls (`setViewController(_:for:)`, `show(_:)`,
/// `hide(_:)`); a page view controller's are in SourceTranslator+Pages.swift.
extension SourceTranslator {
    static let supportedColumnCalls =
        "on a split view controller setViewController(_:for:), show(_:), hide(_:); on a page view controller setViewControllers(_:direction:animated:completion:); performSegue(withIdentifier:sender:)"

    /// `UISplitViewController(style: .doubleColumn)`, `UIPageViewController(transitionStyle: .scroll,
    /// navigationOrientation: .horizontal)`: true when the initializer is one of these.
    func styleInitializer(_ controller: inout TranslatedController, _ arguments: Arguments, at call: FunctionCallExprSyntax)
        throws(SwiftSourceRefusal) -> Bool
    {
        let labels = arguments.map(\.label)
        if controller.kind == .splitViewController, labels == ["style"] {
            let name = try caseName(arguments[0].expression, SplitViewControllerStyle.allCases.map(\.rawValue), "UISplitViewController.Style")
            controller.splitStyle = SplitViewControllerStyle(rawValue: name)
            return true
        }
        let pageLabels: [String?] = ["transitionStyle", "navigationOrientation"]
        guard controller.kind == .pageViewController, labels == pageLabels || labels == pageLabels + ["options"] else { return false }
        let style = try caseName(arguments[0].expression, PageTransitionStyle.allCases.map(\.rawValue), "UIPageViewController.TransitionStyle")
        // The orientation changes only where pages come from, never a callback.
        _ = try caseName(arguments[1].expression, ["horizontal", "vertical"], "UIPageViewController.NavigationOrientation")
        controller.pageTransitionStyle = PageTransitionStyle(rawValue: style)
        if labels.count == 3 { try pageOptions(arguments[2].expression, into: &controller) }
        return true
    }

    /// A split view or page view controller's own call as its raw call, or nil for any other.
    func columnCall(_ id: String, _ fullName: String, _ arguments: Arguments, _ scope: inout TranslationScope, _ calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> RawCall?
    {
        let columns = ["primary", "supplementary", "secondary", "compact"]
        switch fullName {
        case "setViewController(_:for:)" where isContainer(id, [.splitViewController]):
            let column = try caseName(arguments[1].expression, columns, "UISplitViewController.Column")
            return RawCall(
                receiver: id, method: "setViewController",
                args: ["viewController": try json(arguments[0].expression, &scope, &calls), "column": .string(column)])
        case "show(_:)" where isContainer(id, [.splitViewController]), "hide(_:)" where isContainer(id, [.splitViewController]):
            let column = try caseName(arguments[0].expression, columns, "UISplitViewController.Column")
            return RawCall(receiver: id, method: String(fullName.prefix(4)), args: ["column": .string(column)])
        default:
            return nil
        }
    }

    /// `.fullScreen` or `UIModalPresentationStyle.fullScreen` (`type`): the member's name; nil for
    /// any other expression, or a member of another type.
    static func memberName(_ expression: ExprSyntax, of type: String) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base.map({ dottedName($0) == type }) ?? true else { return nil }
        return member.declName.baseName.text
    }

    /// `.doubleColumn` (or `UISplitViewController.Style.doubleColumn`): the case's name, one of `names`.
    func caseName(_ expression: ExprSyntax, _ names: [String], _ type: String) throws(SwiftSourceRefusal) -> String {
        if let name = Self.memberName(expression, of: type), names.contains(name) { return name }
        throw refusal(
            type, expression, "A \(type) the source states is expected here.", supported: names.map { "`.\($0)`" }.joined(separator: ", ") + ".")
    }
}
#endif
