/// What an app's overrides and delegates answer when UIKit asks (docs/uikit-rules-adaptivity.md):
/// fields of a controller spec and snapshot, written in the same JSON object as the others. A
/// field left out is not overridden, or the delegate does not implement the method: UIKit's
/// default applies and, for delegate methods, no delegate event is reported.
public struct ControllerAnswers: Codable, Sendable, Equatable {
    // MARK: Status bar, home indicator, screen edges

    /// A presented controller that is not full screen takes the status bar over.
    public var modalPresentationCapturesStatusBarAppearance: Bool?
    public var prefersHomeIndicatorAutoHidden: Bool?
    public var childForHomeIndicatorAutoHidden: String?
    public var preferredScreenEdgesDeferringSystemGestures: [ScreenEdge]?
    public var childForScreenEdgesDeferringSystemGestures: String?

    // MARK: Traits and adaptivity

    /// iOS 17's `traitOverrides`: traits this controller (and what it contains) takes instead of
    /// its environment's.
    public var traitOverrides: TraitOverrides?
    /// iOS 17's `registerForTraitChanges(_:handler:)`: the traits whose change calls the handler.
    public var registerForTraitChanges: [TraitName]?
    /// The presentation controller delegate's `adaptivePresentationStyle(for:traitCollection:)`.
    public var adaptivePresentationStyle: AdaptivePresentationStyle?

    // MARK: Tab bar controller delegate

    /// `tabBarController(_:shouldSelect:)` when the user taps a tab.
    public var shouldSelect: Bool?
    /// Whether the tab bar controller has a `delegate` implementing iOS 18's
    /// `tabBarController(_:shouldSelectTab:)` and `tabBarController(_:didSelectTab:previousTab:)`.
    public var tabBarControllerDelegate: Bool?
    /// That delegate's `tabBarController(_:shouldSelectTab:)` when the user taps a tab (default true).
    public var shouldSelectTab: Bool?
    /// That delegate's `tabBarController(_:displayedViewControllersFor:proposedViewControllers:)`:
    /// the controllers each tab (by identifier) puts in a managed stack (default: the proposed).
    public var displayedViewControllers: [String: [String]]?
    /// Whether the tab bar controller's `sidebar` has a `delegate` implementing iOS 18's
    /// `tabBarController(_:sidebarVisibilityWillChange:animator:)`.
    public var tabBarControllerSidebarDelegate: Bool?

    // MARK: Split view controller

    /// `UISplitViewController(style:)`; set when the split view controller is created.
    public var style: SplitViewControllerStyle?
    /// Classic interface: `splitViewController(_:collapseSecondary:onto:)`; true discards the secondary.
    public var collapseSecondary: Bool?
    /// Classic interface: `splitViewController(_:separateSecondaryFrom:)`, the controller to separate as the secondary.
    public var separateSecondary: String?
    /// Column interface: `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`.
    public var topColumnForCollapsing: SplitColumn?
    /// Column interface: `splitViewController(_:displayModeForExpandingToProposedDisplayMode:)`.
    public var displayModeForExpanding: SplitDisplayMode?
    /// Column interface: `preferredSplitBehavior`, which decides the display modes the split can have.
    public var preferredSplitBehavior: SplitBehavior?

    // MARK: Navigation controller delegate

    /// Whether the navigation controller has a `delegate`, which implements
    /// `navigationController(_:willShow:animated:)` and `navigationController(_:didShow:animated:)`.
    public var navigationControllerDelegate: Bool?

    public init(
        modalPresentationCapturesStatusBarAppearance: Bool? = nil, prefersHomeIndicatorAutoHidden: Bool? = nil,
        childForHomeIndicatorAutoHidden: String? = nil, preferredScreenEdgesDeferringSystemGestures: [ScreenEdge]? = nil,
        childForScreenEdgesDeferringSystemGestures: String? = nil, traitOverrides: TraitOverrides? = nil,
        registerForTraitChanges: [TraitName]? = nil, adaptivePresentationStyle: AdaptivePresentationStyle? = nil, shouldSelect: Bool? = nil,
        style: SplitViewControllerStyle? = nil, collapseSecondary: Bool? = nil, separateSecondary: String? = nil,
        topColumnForCollapsing: SplitColumn? = nil, displayModeForExpanding: SplitDisplayMode? = nil,
        navigationControllerDelegate: Bool? = nil, preferredSplitBehavior: SplitBehavior? = nil, tabBarControllerDelegate: Bool? = nil,
        shouldSelectTab: Bool? = nil, displayedViewControllers: [String: [String]]? = nil,
        tabBarControllerSidebarDelegate: Bool? = nil
    ) {
        self.modalPresentationCapturesStatusBarAppearance = modalPresentationCapturesStatusBarAppearance
        self.prefersHomeIndicatorAutoHidden = prefersHomeIndicatorAutoHidden
        self.childForHomeIndicatorAutoHidden = childForHomeIndicatorAutoHidden
        self.preferredScreenEdgesDeferringSystemGestures = preferredScreenEdgesDeferringSystemGestures
        self.childForScreenEdgesDeferringSystemGestures = childForScreenEdgesDeferringSystemGestures
        self.traitOverrides = traitOverrides
        self.registerForTraitChanges = registerForTraitChanges
        self.adaptivePresentationStyle = adaptivePresentationStyle
        self.shouldSelect = shouldSelect
        self.style = style
        self.collapseSecondary = collapseSecondary
        self.separateSecondary = separateSecondary
        self.topColumnForCollapsing = topColumnForCollapsing
        self.displayModeForExpanding = displayModeForExpanding
        self.navigationControllerDelegate = navigationControllerDelegate
        self.preferredSplitBehavior = preferredSplitBehavior
        self.tabBarControllerDelegate = tabBarControllerDelegate
        self.shouldSelectTab = shouldSelectTab
        self.displayedViewControllers = displayedViewControllers
        self.tabBarControllerSidebarDelegate = tabBarControllerSidebarDelegate
    }

    /// Whether nothing is declared, so a controller needs no room for answers.
    public var isEmpty: Bool {
        modalPresentationCapturesStatusBarAppearance == nil && prefersHomeIndicatorAutoHidden == nil
            && childForHomeIndicatorAutoHidden == nil && preferredScreenEdgesDeferringSystemGestures == nil
            && childForScreenEdgesDeferringSystemGestures == nil && traitOverrides == nil && registerForTraitChanges == nil
            && adaptivePresentationStyle == nil
            && shouldSelect == nil && style == nil && hasSplitDelegate == false && navigationControllerDelegate == nil
            && preferredSplitBehavior == nil && tabBarControllerDelegate == nil && shouldSelectTab == nil
            && displayedViewControllers == nil && tabBarControllerSidebarDelegate == nil
    }

    /// Whether the split view controller has a delegate: one of its methods is answered.
    var hasSplitDelegate: Bool {
        collapseSecondary != nil || separateSecondary != nil || topColumnForCollapsing != nil || displayModeForExpanding != nil
    }

    enum CodingKeys: String, CodingKey {
        case modalPresentationCapturesStatusBarAppearance, prefersHomeIndicatorAutoHidden, childForHomeIndicatorAutoHidden
        case preferredScreenEdgesDeferringSystemGestures, childForScreenEdgesDeferringSystemGestures
        case traitOverrides, registerForTraitChanges, adaptivePresentationStyle, shouldSelect
        case style, collapseSecondary, separateSecondary, topColumnForCollapsing, displayModeForExpanding, preferredSplitBehavior
        case navigationControllerDelegate, tabBarControllerDelegate, shouldSelectTab, displayedViewControllers
        case tabBarControllerSidebarDelegate
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        modalPresentationCapturesStatusBarAppearance = try container.decodeIfPresent(
            Bool.self, forKey: SettingsKey(CodingKeys.modalPresentationCapturesStatusBarAppearance))
        prefersHomeIndicatorAutoHidden = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.prefersHomeIndicatorAutoHidden))
        childForHomeIndicatorAutoHidden = try container.decodeIfPresent(String.self, forKey: SettingsKey(CodingKeys.childForHomeIndicatorAutoHidden))
        preferredScreenEdgesDeferringSystemGestures = try container.decodeIfPresent(
            [ScreenEdge].self, forKey: SettingsKey(CodingKeys.preferredScreenEdgesDeferringSystemGestures))
        childForScreenEdgesDeferringSystemGestures = try container.decodeIfPresent(
            String.self, forKey: SettingsKey(CodingKeys.childForScreenEdgesDeferringSystemGestures))
        traitOverrides = try container.decodeIfPresent(TraitOverrides.self, forKey: SettingsKey(CodingKeys.traitOverrides))
        registerForTraitChanges = try container.decodeIfPresent([TraitName].self, forKey: SettingsKey(CodingKeys.registerForTraitChanges))
        adaptivePresentationStyle = try container.decodeIfPresent(AdaptivePresentationStyle.self, forKey: SettingsKey(CodingKeys.adaptivePresentationStyle))
        shouldSelect = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.shouldSelect))
        style = try container.decodeIfPresent(SplitViewControllerStyle.self, forKey: SettingsKey(CodingKeys.style))
        collapseSecondary = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.collapseSecondary))
        separateSecondary = try container.decodeIfPresent(String.self, forKey: SettingsKey(CodingKeys.separateSecondary))
        topColumnForCollapsing = try container.decodeIfPresent(SplitColumn.self, forKey: SettingsKey(CodingKeys.topColumnForCollapsing))
        displayModeForExpanding = try container.decodeIfPresent(SplitDisplayMode.self, forKey: SettingsKey(CodingKeys.displayModeForExpanding))
        preferredSplitBehavior = try container.decodeIfPresent(SplitBehavior.self, forKey: SettingsKey(CodingKeys.preferredSplitBehavior))
        navigationControllerDelegate = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.navigationControllerDelegate))
        tabBarControllerDelegate = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.tabBarControllerDelegate))
        shouldSelectTab = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.shouldSelectTab))
        displayedViewControllers = try container.decodeIfPresent([String: [String]].self, forKey: SettingsKey(CodingKeys.displayedViewControllers))
        tabBarControllerSidebarDelegate = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.tabBarControllerSidebarDelegate))
    }

    /// Encoded without `null`s: the fields sit in the object of the spec or snapshot that holds them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(modalPresentationCapturesStatusBarAppearance, forKey: .modalPresentationCapturesStatusBarAppearance)
        try container.encodeIfPresent(prefersHomeIndicatorAutoHidden, forKey: .prefersHomeIndicatorAutoHidden)
        try container.encodeIfPresent(childForHomeIndicatorAutoHidden, forKey: .childForHomeIndicatorAutoHidden)
        try container.encodeIfPresent(preferredScreenEdgesDeferringSystemGestures, forKey: .preferredScreenEdgesDeferringSystemGestures)
        try container.encodeIfPresent(childForScreenEdgesDeferringSystemGestures, forKey: .childForScreenEdgesDeferringSystemGestures)
        try container.encodeIfPresent(traitOverrides, forKey: .traitOverrides)
        try container.encodeIfPresent(registerForTraitChanges, forKey: .registerForTraitChanges)
        try container.encodeIfPresent(adaptivePresentationStyle, forKey: .adaptivePresentationStyle)
        try container.encodeIfPresent(shouldSelect, forKey: .shouldSelect)
        try container.encodeIfPresent(style, forKey: .style)
        try container.encodeIfPresent(collapseSecondary, forKey: .collapseSecondary)
        try container.encodeIfPresent(separateSecondary, forKey: .separateSecondary)
        try container.encodeIfPresent(topColumnForCollapsing, forKey: .topColumnForCollapsing)
        try container.encodeIfPresent(displayModeForExpanding, forKey: .displayModeForExpanding)
        try container.encodeIfPresent(preferredSplitBehavior, forKey: .preferredSplitBehavior)
        try container.encodeIfPresent(navigationControllerDelegate, forKey: .navigationControllerDelegate)
        try container.encodeIfPresent(tabBarControllerDelegate, forKey: .tabBarControllerDelegate)
        try container.encodeIfPresent(shouldSelectTab, forKey: .shouldSelectTab)
        try container.encodeIfPresent(displayedViewControllers, forKey: .displayedViewControllers)
        try container.encodeIfPresent(tabBarControllerSidebarDelegate, forKey: .tabBarControllerSidebarDelegate)
    }
}
