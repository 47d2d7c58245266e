#if SwiftSource
import Containment
import SwiftSyntax

/// A page view controller's own API (docs/swift.md, "Page view controllers"): its
/// `setViewControllers(_:direction:animated:completion:)` with its completion block, the
/// `spineLocation` option and `isDoubleSided`, and the data source a user's swipe asks.
extension SourceTranslator {
    static let supportedPageOptions =
        "`options: nil`, `[:]`, or a dictionary literal of `.spineLocation: NSNumber(value: UIPageViewController.SpineLocation.mid.rawValue)` (or the raw value alone) and `.interPageSpacing: 10`"

    /// `pages.setViewControllers([page], direction: .forward, animated: true) { _ in … }`: the
    /// raw call, its block run by the runner when the page turn ends. False for any other call.
    func pageCall(
        _ id: String, _ fullName: String, _ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope,
        into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> Bool {
        let names = [
            "setViewControllers(_:direction:animated:completion:)", "setViewControllers(_:direction:animated:_:)", "setViewControllers(_:direction:animated:)",
        ]
        guard names.contains(fullName), isContainer(id, [.pageViewController]) else { return false }
        let direction = try caseName(arguments[1].expression, ["forward", "reverse"], "UIPageViewController.NavigationDirection")
        let raw = RawCall(
            receiver: id, method: "setViewControllers",
            args: [
                "viewControllers": try json(arguments[0].expression, &scope, &calls), "direction": .string(direction),
                "animated": try animatedArgument(arguments[2].expression, &scope, &calls),
            ])
        let completion = try presentationCompletion(arguments.dropFirst(3).first, fullName, at: call, &scope, &calls)
        try emit(raw, at: call, scope, into: &calls)
        if let completion {
            calls[calls.count - 1].completion = completion.block
            calls[calls.count - 1].completionLocation = completion.location
        }
        // An override's call runs when UIKit calls the override, which the translator does not know yet.
        if let index = controllerIndex(id), scope.place == .launch || scope.place == .presentationCompletion { program.controllers[index].hasPages = true }
        return true
    }

    /// `UIPageViewController(…, options: [.spineLocation: …])`: the options the engine models,
    /// literals only; `interPageSpacing` (a scroll's gap between pages) changes no callback.
    func pageOptions(_ expression: ExprSyntax, into controller: inout TranslatedController) throws(SwiftSourceRefusal) {
        if expression.is(NilLiteralExprSyntax.self) { return }
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else {
            throw refusal("options", expression, "The options must be a dictionary literal the source states.", supported: Self.supportedPageOptions)
        }
        guard case .elements(let elements) = dictionary.content else { return }
        for element in elements {
            switch Self.optionKey(element.key) {
            case "spineLocation":
                guard let spine = Self.spineLocation(element.value) else {
                    throw refusal(
                        "spineLocation", element.value, "A spine location the source states is expected here.", supported: Self.supportedPageOptions)
                }
                // "A spine location is only valid if the transition style is pageCurl" (Apple, OptionsKey.spineLocation).
                guard controller.pageTransitionStyle == .pageCurl || spine == .none else {
                    throw refusal(
                        "spineLocation", element.value, "A spine location is only valid if the transition style is pageCurl.",
                        supported: "`.spineLocation` with `transitionStyle: .pageCurl`.")
                }
                controller.pageSpineLocation = spine
            case "interPageSpacing":
                guard Self.number(Self.unwrappedNumber(element.value)) != nil else {
                    throw refusal("interPageSpacing", element.value, "A number literal is expected here.", supported: Self.supportedPageOptions)
                }
            default:
                throw refusal(
                    SyntaxNames.name(of: Syntax(element.key)), element.key, "This option is not one the translator reads.",
                    supported: Self.supportedPageOptions)
            }
        }
    }

    /// `.spineLocation` or `UIPageViewController.OptionsKey.spineLocation`: the key's name.
    private static func optionKey(_ key: ExprSyntax) -> String? {
        memberName(key, of: "UIPageViewController.OptionsKey")
    }

    /// `NSNumber(value: x)` → `x`; anything else as it is.
    private static func unwrappedNumber(_ expression: ExprSyntax) -> ExprSyntax {
        guard let call = expression.as(FunctionCallExprSyntax.self), dottedName(call.calledExpression) == "NSNumber",
            call.arguments.count == 1, call.arguments.first?.label?.text == "value", let value = call.arguments.first?.expression
        else { return expression }
        return value
    }

    /// `UIPageViewController.SpineLocation.mid.rawValue` (in `NSNumber(value:)` or not), or its
    /// raw value as a literal (0 `none`, 1 `min`, 2 `mid`, 3 `max`).
    private static func spineLocation(_ expression: ExprSyntax) -> PageSpineLocation? {
        let value = unwrappedNumber(expression)
        let all: [PageSpineLocation] = [.none, .min, .mid, .max]
        if let number = number(value), let index = Int(exactly: number), all.indices.contains(index) { return all[index] }
        guard let raw = value.as(MemberAccessExprSyntax.self), raw.declName.baseName.text == "rawValue",
            let spine = raw.base.flatMap({ memberName($0, of: "UIPageViewController.SpineLocation") })
        else { return nil }
        return PageSpineLocation(rawValue: spine)
    }

    /// An assignment to a property the translator reads here, made; false for any other.
    func assignProperty(
        of owner: SourceValue, _ property: String, _ value: ExprSyntax, at target: ExprSyntax, _ scope: inout TranslationScope,
        into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> Bool {
        if case .sheetPresentationController(let id) = owner {
            try assignSheetProperty(id, property, value, at: target, scope, into: &calls)
            return true
        }
        guard case .controller(let id) = owner, isContainer(id, [.pageViewController]), let index = controllerIndex(id) else { return false }
        switch property {
        case "isDoubleSided":
            guard case .bool(let sided) = try evaluate(value, &scope, into: &calls, hint: nil) else {
                throw refusal("isDoubleSided", value, "A Boolean literal is expected here.", supported: "`true` or `false`.")
            }
            try setDoubleSided(sided, of: index, at: target)
        case "dataSource":
            let source: String?
            switch try evaluate(value, &scope, into: &calls, hint: nil) {
            case .controller(let named): source = named
            case .none: source = nil
            case let other:
                throw refusal(
                    "dataSource", value, "The data source is \(other.description); a controller of the source or `nil` is expected.",
                    supported: "`pages.dataSource = self` or another controller of the source whose class conforms to UIPageViewControllerDataSource.")
            }
            // The translator runs nothing, so it cannot tell which of two data sources a swipe asks.
            if let earlier = program.controllers[index].pageDataSource, earlier != source {
                throw refusal(
                    "dataSource", target, "\(id)'s data source is set to two different objects; which one a swipe asks depends on the run.",
                    supported: "One data source per page view controller.")
            }
            program.controllers[index].pageDataSource = .some(source)
        default:
            return false
        }
        return true
    }

    /// `isDoubleSided`, which the engine fixes at creation: one value, set before any pages.
    private func setDoubleSided(_ sided: Bool, of index: Int, at target: ExprSyntax) throws(SwiftSourceRefusal) {
        let controller = program.controllers[index]
        guard !controller.hasPages, controller.pageIsDoubleSided.map({ $0 == sided }) ?? true else {
            throw refusal(
                "isDoubleSided", target,
                "\(controller.id)'s isDoubleSided changes after it has pages, or twice; how many pages a turn takes would depend on the run.",
                supported: "`isDoubleSided` set once, before the page view controller's first `setViewControllers`.")
        }
        // "Setting it to false with the spine located in the middle raises an exception" (Apple, isDoubleSided).
        guard sided || controller.pageSpineLocation != .mid else {
            throw refusal(
                "isDoubleSided", target, "isDoubleSided must be true with the spine located in the middle; UIKit raises an exception.",
                supported: "`isDoubleSided = true` with `.spineLocation` `.mid`.")
        }
        program.controllers[index].pageIsDoubleSided = sided
    }

    func controllerIndex(_ id: String) -> Int? {
        program.controllers.firstIndex { $0.id == id }
    }
}
#endif
