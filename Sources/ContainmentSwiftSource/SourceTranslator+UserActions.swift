#if SwiftSource
import Containment
import SwiftSyntax

/// The user's actions (docs/swift.md, "The user"): `User.tapBack(in: nav)` and the like, which
/// no UIKit call makes, as the engine's user-action raw calls. A user acts between run-loop
/// turns, so each action is a turn of its own (two for a swipe: it begins, then ends).
extension SourceTranslator {
    static let supportedUserActions =
        "User.tapBack(in:), User.swipeBack(in:finishes:), User.tapTab(at:in:), User.tapTab(identifier:in:), User.rotate(to:), User.swipeDown(_:dismisses:), User.moveToBackground(), User.returnToForeground(), User.swipePage(in:to:finishes:), User.dragSheet(_:to:)"

    func userAction(
        _ fullName: String, _ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope, into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> SourceValue {
        guard scope.place == .launch else {
            throw refusal(
                "User.\(fullName)", call, "The user acts between run-loop turns, never inside the app's own code.",
                supported: "`User.…` actions in the top-level statements (or methods they call).")
        }
        func controller(_ index: Int, _ kinds: [ControllerKind], _ what: String) throws(SwiftSourceRefusal) -> String {
            let expression = arguments[index].expression
            guard case .controller(let id) = try evaluate(expression, &scope, into: &calls, hint: nil), kinds.isEmpty || isContainer(id, kinds) else {
                throw refusal("User.\(fullName)", expression, "\(what) is expected here.", supported: Self.supportedUserActions)
            }
            return id
        }
        func flag(_ index: Int) throws(SwiftSourceRefusal) -> Bool {
            guard case .bool(let value) = try evaluate(arguments[index].expression, &scope, into: &calls, hint: nil) else {
                throw refusal("User.\(fullName)", arguments[index].expression, "A Boolean literal is expected here.", supported: "`true` or `false`.")
            }
            return value
        }
        // Each element is one run-loop turn of the action.
        let turns: [[RawCall]]
        switch fullName {
        case "tapBack(in:)":
            // The back button pops the top controller, animated (docs/uikit-rules.md, the navigation delegate's log of a back-button pop).
            let nav = try controller(0, [.navigationController], "A navigation controller")
            turns = [[RawCall(receiver: nav, method: "popViewController", args: ["animated": true])]]
        case "swipeBack(in:finishes:)":
            let nav = try controller(0, [.navigationController], "A navigation controller")
            let end = try flag(1) ? "finishInteractivePop" : "cancelInteractivePop"
            turns = [[RawCall(receiver: nav, method: "beginInteractivePop")], [RawCall(receiver: nav, method: end)]]
        case "tapTab(at:in:)":
            let index = try number(arguments[0].expression, &scope, &calls)
            let tabs = try controller(1, [.tabBarController], "A tab bar controller")
            turns = [[RawCall(receiver: tabs, method: "tapTabBarItem", args: ["index": .number(index)])]]
        case "tapTab(identifier:in:)":
            let identifier = try tabIdentifier(arguments[0].expression)
            let tabs = try controller(1, [.tabBarController], "A tab bar controller")
            turns = [[RawCall(receiver: tabs, method: "tapTab", args: ["identifier": .string(identifier)])]]
        case "rotate(to:)":
            turns = [[try rotation(arguments[0].expression)]]
        case "swipeDown(_:dismisses:)":
            let sheet = try controller(0, [], "The presented view controller")
            let end = try flag(1) ? "finishInteractiveDismissal" : "cancelInteractiveDismissal"
            turns = [[RawCall(receiver: sheet, method: "beginInteractiveDismissal")], [RawCall(receiver: sheet, method: end)]]
        case "swipePage(in:to:finishes:)":
            turns = try pageSwipeTurns(arguments, at: call, &scope, into: &calls)
        case "dragSheet(_:to:)":
            turns = [[try sheetDrag(arguments, at: call, &scope, into: &calls)]]
        case "moveToBackground()":
            turns = [[RawCall(receiver: "window", method: "setActivationState", args: ["state": "background"])]]
        case "returnToForeground()":
            turns = [[RawCall(receiver: "window", method: "setActivationState", args: ["state": "foregroundActive"])]]
        default:
            throw refusal("User.\(fullName)", call, "User.\(fullName) is not one of the user's actions.", supported: Self.supportedUserActions)
        }
        for turn in turns {
            endTurn(at: call, scope, &calls)
            for raw in turn { try emit(raw, at: call, scope, into: &calls) }
        }
        // A swipe with no page to turn to is no call at all.
        guard !turns.isEmpty else { return .void }
        calls[calls.count - 1].isBackButtonTap = fullName == "tapBack(in:)"
        endTurn(at: call, scope, &calls)
        return .void
    }

    /// Ends the run-loop turn the launch is in, if it made a call: the user acts after it.
    private func endTurn(at call: FunctionCallExprSyntax, _ scope: TranslationScope, _ calls: inout [LocatedCall]) {
        guard let last = calls.last, last.advance == nil else { return }
        calls.append(LocatedCall(call: RawCall(receiver: "window", method: Self.userTurnEnd), trace: scope.trace + [location(call)], advance: 0))
    }

    /// The method name of a turn's end the user's action makes (not a `RunLoop` statement).
    static let userTurnEnd = "userTurnEnd"

    /// `.landscape` or `.portrait`: the window turns, its size class stays (a phone's width is
    /// compact and a pad's regular in both orientations).
    private func rotation(_ expression: ExprSyntax) throws(SwiftSourceRefusal) -> RawCall {
        let name = expression.as(MemberAccessExprSyntax.self).flatMap { $0.base == nil ? $0.declName.baseName.text : nil }
        let long = max(windowRect.width, windowRect.height)
        let short = min(windowRect.width, windowRect.height)
        let size: Size
        switch name {
        case "landscape": size = Size(width: long, height: short)
        case "portrait": size = Size(width: short, height: long)
        default:
            throw refusal("User.rotate(to:)", expression, "An orientation is expected here.", supported: "`.portrait` or `.landscape`.")
        }
        windowSizes.insert(size)
        return RawCall(
            receiver: "window", method: "setSize", args: ["size": .object(["width": .number(size.width), "height": .number(size.height)])])
    }
}
#endif
