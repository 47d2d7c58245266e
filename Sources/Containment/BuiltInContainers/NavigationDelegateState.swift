/// What a navigation controller's delegate has been told (docs/uikit-rules.md, rule 13):
/// `shown`, the last top it heard `didShow` of; `showing`, the top it heard `willShow` of and
/// awaits `didShow` for; `transition`, the navigation controller's own transition that shows
/// it, whose end sends `didShow` after its completion.
struct NavigationDelegateState: Equatable, Codable, Sendable {
    var shown: String?
    var showing: String?
    var transition: String?
}
