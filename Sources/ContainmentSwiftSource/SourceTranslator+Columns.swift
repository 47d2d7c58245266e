#if SwiftSource
import Containment
import SwiftSyntax

/// Split view and page view controllers: their initializers' styles, fixed at creation as
/// UIKit fixes them, and their own calls (`setViewController(_:for:)`, `show(_:)`, `hide(_:)`,
/// `setViewControllers(_:direction:animated:completion:)`).
extension SourceTranslator {
    static let supportedColumnCalls =
        "on a split view controller setViewController(_:for:), show(_:), hide(_:); on a page view controller setViewControllers(_:direction:animated:completion:) with no completion block"

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
        if labels.count == 3, !arguments[2].expression.is(NilLiteralExprSyntax.self) {
            throw refusal("options", arguments[2].expression, "Page view controller options are not translated.", supported: "`options: nil`.")
        }
        controller.pageTransitionStyle = PageTransitionStyle(rawValue: style)
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
        case "setViewControllers(_:direction:animated:completion:)" where isContainer(id, [.pageViewController]),
            "setViewControllers(_:direction:animated:_:)" where isContainer(id, [.pageViewController]),
            "setViewControllers(_:direction:animated:)" where isContainer(id, [.pageViewController]):
            if let completion = arguments[safe: 3]?.expression, case .closure(let block) = try evaluate(completion, &scope, into: &calls, hint: nil),
                !block.statements.isEmpty
            {
                throw refusal(
                    "completion block", completion, "A completion block of setViewControllers(_:direction:animated:completion:) is not translated.",
                    supported: "`completion: nil`.")
            }
            let direction = try caseName(arguments[1].expression, ["forward", "reverse"], "UIPageViewController.NavigationDirection")
            return RawCall(
                receiver: id, method: "setViewControllers",
                args: [
                    "viewControllers": try json(arguments[0].expression, &scope, &calls), "direction": .string(direction),
                    "animated": try json(arguments[2].expression, &scope, &calls),
                ])
        default:
            return nil
        }
    }

    /// `.doubleColumn` (or `UISplitViewController.Style.doubleColumn`): the case's name, one of `names`.
    func caseName(_ expression: ExprSyntax, _ names: [String], _ type: String) throws(SwiftSourceRefusal) -> String {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base.map({ Self.dottedName($0) == type }) ?? true,
            names.contains(member.declName.baseName.text)
        {
            return member.declName.baseName.text
        }
        throw refusal(
            type, expression, "A \(type) the source states is expected here.", supported: names.map { "`.\($0)`" }.joined(separator: ", ") + ".")
    }
}
#endif
