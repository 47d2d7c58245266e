#if SwiftSource
import Containment
import SwiftSyntax

/// The presentation settings a source assigns (docs/swift.md, "Presentation settings").
enum PresentationSetting: String, CaseIterable {
    case modalPresentationStyle, definesPresentationContext, isModalInPresentation

    static let supported =
        "`x.modalPresentationStyle = .fullScreen` (`.automatic`, `.pageSheet`, `.formSheet`, `.fullScreen`, `.currentContext`, `.overFullScreen`, `.overCurrentContext`, `.popover`), `definesPresentationContext = true`, `isModalInPresentation = true`: in the controller's `init`, in the launch before any call names it, and (but `modalPresentationStyle`) in its own `viewDidLoad()`; one value per controller"
}

/// UIKit reads these when a controller is presented or something asks it, so the translator
/// takes a value as the controller's from its creation, and accepts an assignment only where
/// that gives the same answer: before anything can have presented the controller or asked it.
extension SourceTranslator {
    func assign(_ setting: PresentationSetting, of id: String, _ valueSyntax: ExprSyntax, at target: ExprSyntax, _ scope: TranslationScope)
        throws(SwiftSourceRefusal)
    {
        let construct = "assignment to \(setting.rawValue)"
        switch scope.place {
        case .initializer where id == scope.selfID: break
        case .override("viewDidLoad()") where id == scope.selfID && setting != .modalPresentationStyle: break
        case .launch: settingsToCheck.append((id, setting, location(target), launchPresentations.count))
        case .override("viewDidLoad()") where id == scope.selfID:
            throw refusal(
                construct, target,
                "UIKit reads modalPresentationStyle when the controller is presented, before its view loads: set here, it would come too late.",
                supported: PresentationSetting.supported)
        default:
            throw refusal(
                construct, target, "Here \(id) may already be presented or asked, so its \(setting.rawValue) would change while the app runs.",
                supported: PresentationSetting.supported)
        }
        guard let index = program.controllers.firstIndex(where: { $0.id == id }) else {
            throw refusal(construct, target, "\(id) is not a controller the source creates.", supported: PresentationSetting.supported)
        }
        var settings = program.controllers[index].presentation
        switch (setting, Self.literal(valueSyntax, type: "UIModalPresentationStyle")) {
        case (.modalPresentationStyle, .name(let name)) where ModalPresentationStyle(rawValue: name) != nil && name != "custom":
            settings.modalPresentationStyle = ModalPresentationStyle(rawValue: name)
        case (.definesPresentationContext, .bool(let value)): settings.definesPresentationContext = value
        case (.isModalInPresentation, .bool(let value)): settings.isModalInPresentation = value
        default:
            throw refusal(
                construct, valueSyntax, "This value of \(setting.rawValue) is not one the subset states (a `.custom` style needs a transitioning delegate).",
                supported: PresentationSetting.supported)
        }
        let key = "\(id).\(setting.rawValue)"
        if settingsAssigned.contains(key), settings != program.controllers[index].presentation {
            throw refusal(
                construct, target, "\(id)'s \(setting.rawValue) is assigned two different values: which one UIKit reads depends on when the app runs.",
                supported: PresentationSetting.supported)
        }
        settingsAssigned.insert(key)
        program.controllers[index].presentation = settings
    }

    /// Once every call is known: a setting the launch assigns must come before anything that
    /// could present the controller (any presentation, for `definesPresentationContext`, which
    /// UIKit asks of the presenter's ancestors): earlier launch calls, and calls whose time is
    /// the running app's (overrides, completion blocks).
    func checkPresentationSettings() throws(SwiftSourceRefusal) {
        for (id, setting, place, before) in settingsToCheck {
            let earlier = launchPresentations.prefix(before) + laterPresentations
            let blocking = earlier.first { call in
                setting == .definesPresentationContext || call.receiver == id || (call.args ?? [:]).values.contains(.string(id))
            }
            guard blocking != nil else { continue }
            throw SwiftSourceRefusal(
                construct: "assignment to \(setting.rawValue)", at: place,
                detail: "\(id) may already be presented or asked when this runs, so its \(setting.rawValue) would change while the app runs.",
                supported: PresentationSetting.supported)
        }
        // A controller that is no sheet has no `sheetPresentationController`: UIKit's is nil.
        for controller in program.controllers {
            guard let style = controller.presentation.modalPresentationStyle, ![.automatic, .pageSheet, .formSheet].contains(style),
                let place = sheetConfigured[controller.id]
            else { continue }
            throw SwiftSourceRefusal(
                construct: "sheetPresentationController", at: place,
                detail:
                    "\(controller.id)'s modalPresentationStyle is .\(style.rawValue), so its sheetPresentationController is nil and this does nothing a source can state.",
                supported: "Detents on a controller presented as a sheet (`.automatic`, `.pageSheet`, `.formSheet`).")
        }
    }

    /// Notes what `checkPresentationSettings` checks: presentation calls, and sheet properties set.
    func noteForPresentationSettings(_ call: RawCall, at place: SwiftSourceLocation, _ scope: TranslationScope) {
        if call.method == "animateChanges", sheetConfigured[call.receiver] == nil { sheetConfigured[call.receiver] = place }
        guard ["present", "show", "showDetailViewController"].contains(call.method) else { return }
        if scope.place == .launch { launchPresentations.append(call) } else { laterPresentations.append(call) }
    }

    enum SettingLiteral {
        case name(String)
        case bool(Bool)
        case other
    }

    /// `.fullScreen`, `UIModalPresentationStyle.fullScreen`, `true`: a literal the source states.
    static func literal(_ expression: ExprSyntax, type: String) -> SettingLiteral {
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return .bool(boolean.literal.tokenKind == .keyword(.true)) }
        return memberName(expression, of: type).map(SettingLiteral.name) ?? .other
    }
}
#endif
