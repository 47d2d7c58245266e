#if SwiftSource
import Containment

/// A `UITab` or `UITabGroup` the source creates. Tabs are objects: one bound to a name and
/// changed before a tab bar takes it is the same tab; changing it afterwards is refused.
struct SourceTab {
    var identifier: String
    var title: String?
    var viewController: String?
    /// A `UITabGroup`'s children, by index in `SourceTranslator.sourceTabs`.
    var children: [Int]?
    var isEnabled = true
    var isHidden = false
    var defaultChildIdentifier: String?
    var managingNavigationController: String?
    /// Set once a tab bar takes it: the engine has its fields from then on.
    var isTaken = false
}

/// A tab as a tab bar takes it, its controllers named by id.
struct TranslatedTab {
    var identifier: String
    var title: String?
    var viewController: String?
    var isEnabled: Bool
    var isHidden: Bool
    var children: [TranslatedTab]?
    var defaultChildIdentifier: String?
    var managingNavigationController: String?

    /// `setTabs`' argument, as the engine's tab writes itself.
    var json: JSONValue { tab.json }

    private var tab: Tab {
        Tab(
            identifier: identifier, title: title, viewController: viewController, isEnabled: isEnabled, isHidden: isHidden,
            children: children?.map(\.tab), defaultChildIdentifier: defaultChildIdentifier, managingNavigationController: managingNavigationController)
    }

    /// The spec `UITabBarController(tabs:)` builds, each controller's spec from `controller`.
    func spec(_ controller: (String) -> ControllerSpec?) -> TabSpec {
        TabSpec(
            identifier: identifier, title: title, viewController: viewController.flatMap(controller), isEnabled: isEnabled, isHidden: isHidden,
            children: children?.map { $0.spec(controller) }, defaultChildIdentifier: defaultChildIdentifier,
            managingNavigationController: managingNavigationController.flatMap(controller))
    }

    /// Its controllers and its descendants'.
    var controllers: [String] { [viewController, managingNavigationController].compactMap { $0 } + (children ?? []).flatMap(\.controllers) }

    /// Its identifier and its descendants'.
    var identifiers: [String] { [identifier] + (children ?? []).flatMap(\.identifiers) }
}

extension TranslatedController {
    /// The answers the engine's spec takes: its delegates' and its split style.
    var engineAnswers: ControllerAnswers {
        var answers = answers
        answers.style = splitStyle
        return answers
    }
}
#endif
