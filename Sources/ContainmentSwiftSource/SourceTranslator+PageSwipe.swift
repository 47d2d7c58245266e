#if SwiftSource
import Containment
import SwiftSyntax

/// The user's page swipe, `User.swipePage(in: pages, to: .forward, finishes: true)`: the page
/// the data source answers, turned to with the engine's interactive swipe (rule 25).
extension SourceTranslator {
    static let supportedDataSource =
        "A data source method returning a controller the source names, or `nil`, whatever page it is asked about: `func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? { second }`"

    /// The swipe's turns: `beginInteractiveSwipe` to the data source's page, then
    /// `finishInteractiveSwipe` or `cancelInteractiveSwipe`; none when UIKit turns no page.
    func pageSwipeTurns(_ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> [[RawCall]]
    {
        guard case .controller(let pages) = try evaluate(arguments[0].expression, &scope, into: &calls, hint: nil), isContainer(pages, [.pageViewController]),
            let index = controllerIndex(pages)
        else {
            throw refusal(
                "User.swipePage(in:to:finishes:)", arguments[0].expression, "A page view controller is expected here.",
                supported: Self.supportedUserActions)
        }
        let direction = try caseName(arguments[1].expression, ["forward", "reverse"], "UIPageViewController.NavigationDirection")
        guard case .bool(let finishes) = try evaluate(arguments[2].expression, &scope, into: &calls, hint: nil) else {
            throw refusal(
                "User.swipePage(in:to:finishes:)", arguments[2].expression, "A Boolean literal is expected here.", supported: "`true` or `false`.")
        }
        let controller = program.controllers[index]
        let settings = PageViewControllerSettings(
            transitionStyle: controller.pageTransitionStyle, spineLocation: controller.pageSpineLocation, isDoubleSided: controller.pageIsDoubleSided)
        guard settings.resolved.transitionStyle == .scroll || (settings.resolved.spineLocation != .mid && settings.resolved.isDoubleSided != true) else {
            throw refusal(
                "User.swipePage(in:to:finishes:)", call, "A turn of two pages asks the data source about each page it shows, which is known only at run time.",
                supported: "Swipes on a page view controller that shows one page at a time.")
        }
        // "If the value of this property is nil, then gesture-based navigation is disabled" (Apple, UIPageViewController.dataSource).
        guard let source = controller.pageDataSource ?? nil else {
            warn("\(pages) has no data source, so the swipe turns no page: gesture-based navigation is disabled.", at: location(call))
            return []
        }
        // "nil to indicate that there is no previous view controller" (Apple, viewControllerBefore; After likewise): no turn.
        guard let page = try dataSourceAnswer(source, forward: direction == "forward", at: call) else {
            warn("The data source of \(pages) answers nil, so the swipe turns no page.", at: location(call))
            return []
        }
        let end = finishes ? "finishInteractiveSwipe" : "cancelInteractiveSwipe"
        return [
            [RawCall(receiver: pages, method: "beginInteractiveSwipe", args: ["to": .array([.string(page)]), "direction": .string(direction)])],
            [RawCall(receiver: pages, method: end)],
        ]
    }

    /// `pageViewController(_:viewControllerAfter:)` (or `Before`) of the data source's class: the
    /// controller it returns, or nil. Its parameters are the run's, so using them is refused.
    private func dataSourceAnswer(_ source: String, forward: Bool, at call: FunctionCallExprSyntax) throws(SwiftSourceRefusal) -> String? {
        let fullName = forward ? "pageViewController(_:viewControllerAfter:)" : "pageViewController(_:viewControllerBefore:)"
        guard let (function, declaringClass) = method(fullName, from: classOf[source]), let body = function.body else {
            throw refusal(
                fullName, call, "The data source \(source) declares no \(fullName), which UIPageViewControllerDataSource requires.",
                supported: Self.supportedDataSource)
        }
        var scope = Self.scope(of: function, selfID: source, className: declaringClass, place: .dataSource)
        var calls: [LocatedCall] = []
        let answer: SourceValue
        do throws(SwiftSourceRefusal) {
            let statements = Array(body.statements)
            if statements.count == 1, case .expr(let expression) = statements[0].item {
                answer = try evaluate(expression, &scope, into: &calls, hint: nil)
            } else {
                answer = try translate(statements, &scope, into: &calls) ?? .void
            }
        } catch {
            throw SwiftSourceRefusal(
                construct: fullName, at: error.location,
                detail: "The data source's answer is translated only when the source states it, whatever page is asked about: \(error.detail)",
                supported: Self.supportedDataSource)
        }
        switch answer {
        case .controller(let page) where calls.isEmpty: return page
        case .none where calls.isEmpty: return nil
        default:
            throw refusal(
                fullName, function.name, "The data source answers \(answer.description)\(calls.isEmpty ? "" : " and makes UIKit calls").",
                supported: Self.supportedDataSource)
        }
    }
}
#endif
