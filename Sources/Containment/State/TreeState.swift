/// Everything a tree holds between calls, in logical terms (ids, kinds, parent and children,
/// view state, appearance, pending transitions, clock, event log), never in how the engine
/// stores its nodes: a snapshot written by one build reads into another whose tables differ.
/// `ContainmentTree.state` writes it, `ContainmentTree(restoring:)` reads it. Pure data, no I/O.
public struct TreeState: Codable, Sendable {
    /// Raised when a field's meaning changes; a state of another version is refused.
    public static let formatVersion = 1

    public var formatVersion: Int
    public var id: String
    public var configuration: TreeConfiguration
    var window: WindowRecord
    /// Sorted by id, so the same tree always writes the same bytes.
    var controllers: [ControllerRecord]
    var views: [ViewRecord]
    /// Declared container view id → the controller whose root view holds it.
    var containerViewOwners: [String: String]
    var turn: TurnRecord
    /// Running transitions, sorted by id.
    var runningTransitions: [TransitionRecord]
    var transitionCount: Int
    /// Finished transitions still readable, oldest first.
    var finishedTransitions: [TransitionSnapshot]
    /// The retained event log, oldest first.
    var events: [Event]

    /// The retained event log, for a store that writes it its own way (`Event` is public).
    public var retainedEvents: [Event] {
        get { events }
        set { events = newValue }
    }
    var nextSeq: UInt64
    var nextBatch: UInt64
    /// The time of the last call (the tree's `time` in its snapshot).
    var time: Double
    /// Nil when no clock-driven work has run overrides since the last call.
    var clockWork: ClockWork?

    struct WindowRecord: Codable, Sendable {
        var size: Size
        var horizontalSizeClass: SizeClass
        var visible: Bool
        var rootViewController: String?
        /// Absent in states written before scenes had activation states: `foregroundActive`.
        var activationState: ActivationState?
    }

    /// Work deferred to the end of the run-loop turn (empty between calls in practice, kept
    /// so nothing is assumed).
    struct TurnRecord: Codable, Sendable {
        var deferredEnds: [String]
        var pendingIsAppearing: [String]
        var pendingLayout: [String]
        var movingFlagged: [String]
        /// Nil when empty (rule 42).
        var pagesAwaitingAppearance: [String]?
    }

    struct ViewRecord: Codable, Sendable {
        var id: String
        var frame: Rect
        var superview: String?
        var subviews: [String]
        var owner: String?
        var inWindow: Bool
    }

    /// Who ends a controller's appearance transition (see `AppearanceDriver`).
    enum AppearanceDriverRecord: Codable, Sendable, Equatable {
        case turn
        case manual
        case transition(String)
    }

    struct ControllerRecord: Codable, Sendable {
        var id: String
        var kind: ControllerKind
        var appearance: AppearanceState
        var appearanceDriver: AppearanceDriverRecord?
        var parent: String?
        var children: [String]
        var isViewLoaded: Bool
        var sentIsAppearing: Bool
        var appearanceAnimated: Bool
        var isMovingToParent: Bool
        var isMovingFromParent: Bool
        var needsLayout: Bool
        var automaticallyForwardsAppearance: Bool
        /// Nil when every field below is at its default (most controllers).
        var extras: ExtrasRecord?
    }

    /// A controller's extras: its settings groups and its own fields, all in one JSON object.
    struct ExtrasRecord: Codable, Sendable {
        var own: OwnExtrasRecord
        /// With UIKit's defaults shown (`resolved`), as states written before the groups had them.
        var statusBarSettings: StatusBarSettings
        var presentationSettings: PresentationSettings
        /// Empty lists left out (`resolved`).
        var segueSettings: SegueSettings
        var pageViewControllerSettings: PageViewControllerSettings

        init(from decoder: any Decoder) throws {
            own = try OwnExtrasRecord(from: decoder)
            let settings = try decoder.settingsContainer()
            statusBarSettings = try StatusBarSettings(from: settings)
            presentationSettings = try PresentationSettings(from: settings)
            segueSettings = try SegueSettings(from: settings)
            pageViewControllerSettings = try PageViewControllerSettings(from: settings)
        }

        func encode(to encoder: any Encoder) throws {
            try own.encode(to: encoder)
            try statusBarSettings.encode(to: encoder)
            try presentationSettings.encode(to: encoder)
            try segueSettings.encode(to: encoder)
            try pageViewControllerSettings.encode(to: encoder)
        }

        init(
            own: OwnExtrasRecord, kind: ControllerKind, statusBarSettings: StatusBarSettings, presentationSettings: PresentationSettings,
            segueSettings: SegueSettings, pageViewControllerSettings: PageViewControllerSettings
        ) {
            self.own = own
            self.statusBarSettings = statusBarSettings.resolved
            self.presentationSettings = presentationSettings.resolved(for: kind)
            self.segueSettings = segueSettings.resolved
            self.pageViewControllerSettings = pageViewControllerSettings
        }
    }

    /// The fields of a controller's extras that belong to no settings group.
    struct OwnExtrasRecord: Codable, Sendable {
        var title: String?
        var containerViews: [ContainerViewSpec]
        var preferredContentSize: Size
        var properties: [String: JSONValue]
        /// A navigation stack, a tab bar's tabs or a page view controller's pages.
        var stack: [String]?
        var selectedIndex: Int?
        /// Nil while the tab bar controller has five tabs or fewer.
        var more: MoreNavigationState?
        /// Nil while a tab bar controller's is its default (every tab).
        var customizableViewControllers: [String]?
        /// Nil while a tab bar controller uses `viewControllers` (and in states written before tabs existed).
        var tabs: [Tab]?
        /// Nil while a tab bar controller's is its default (and in states written before the sidebar existed).
        var tabBarMode: TabBarMode?
        var sidebarIsHidden: Bool?
        var compactTabIdentifiers: [String]?
        /// Nil while a tab bar controller's is its default (and in states written before it existed).
        var isTabBarHidden: Bool?
        var interactivePop: InteractivePop?
        /// Nil when the navigation controller has no delegate (rule 13).
        var navigationDelegate: NavigationDelegateState?
        var split: SplitState?
        var presentedViewController: String?
        var presentation: PresentationRecord?
        var childContentSizes: [String: Size]
        var pageSwipe: PageSwipe?
        /// Absent when nothing is declared (and in states written before answers existed).
        var answers: ControllerAnswers?
        var overrideTraitCollection: TraitOverrides?
        var toldSizeClass: SizeClass?
        /// Nil when the controller declares none (rule 40).
        var overrides: [String: [RawCall]]?
        /// Nil when none await (rule 42).
        var pagesAwaitingAppearance: [String]?
    }

    struct PresentationRecord: Codable, Sendable {
        var presenter: String
        var style: ModalPresentationStyle
        var phase: Presentation.Phase
        var coveredSuperview: String?
        var coveredIndex: Int?
        var requestedStyle: ModalPresentationStyle?
        /// Nil when false (rule 44).
        var removesPresentersView: Bool?
    }
}

/// Why a `TreeState` cannot become a tree.
public struct TreeStateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
