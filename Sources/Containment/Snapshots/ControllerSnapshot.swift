/// A controller as the API shows it; `children` is a navigation stack bottom to top, or a
/// tab bar's tabs, for those kinds.
public struct ControllerSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var kind: ControllerKind
    public var title: String?
    public var parent: String?
    public var children: [String]
    public var isViewLoaded: Bool
    public var view: ViewSnapshot?
    public var containerViews: [String]
    public var appearance: AppearanceState
    public var isMovingToParent: Bool
    public var isMovingFromParent: Bool
    public var automaticallyForwardsAppearance: Bool
    public var preferredContentSize: Size
    /// What it answers about the status bar, in the same JSON object (every field shown).
    public var statusBarSettings: StatusBarSettings
    public var properties: [String: JSONValue]
    /// Navigation and tab bar controllers: the stack (bottom to top) or the tabs. It
    /// changes at once; `children` follows when a push or pop animation completes.
    public var viewControllers: [String]?
    /// Tab bar controllers: the selected tab; absent (UIKit's `NSNotFound`) while More is.
    public var selectedIndex: Int?
    /// Tab bar controllers with more than five tabs: the More navigation controller.
    public var moreNavigationController: MoreNavigationSnapshot?
    /// Tab bar controllers: shown only while the More navigation controller is selected.
    public var selectedViewController: String?
    /// Tab bar controllers: the tabs More's Edit sheet may rearrange (every tab by default).
    public var customizableViewControllers: [String]?
    /// Tab bar controllers given iOS 18's `tabs`: the root tabs (effective `isEnabled` and
    /// `isHidden`) and the selected one's identifier.
    public var tabs: [Tab]?
    public var selectedTab: String?
    /// Tab bar controllers: iOS 18's `mode` and `sidebar` (rule 14, "The sidebar"), and
    /// `compactTabIdentifiers` once set.
    public var mode: TabBarMode?
    public var sidebar: TabBarSidebar?
    public var compactTabIdentifiers: [String]?
    /// Tab bar controllers: iOS 18's `isTabBarHidden` (default false).
    public var isTabBarHidden: Bool?
    /// Split view controllers: the column controllers.
    public var primary: String?
    public var secondary: String?
    /// Column-style split view controllers: the compact column's controller, if one is set.
    public var compact: String?
    /// Split view controllers: whether the secondary is collapsed onto the primary.
    public var isCollapsed: Bool?
    /// Split view controllers: whether the primary column is hidden (regular width).
    public var isPrimaryHidden: Bool?
    /// `tripleColumn` split view controllers: the supplementary column's controller, if one is set.
    public var supplementary: String?
    /// Column-style split view controllers: `displayMode` and `splitBehavior` (effective values).
    public var displayMode: SplitDisplayMode?
    public var splitBehavior: SplitBehavior?
    /// What `size(forChildContentContainer:withParentContainerSize:)` returns, by child id;
    /// nil when nothing is declared.
    public var childContentSizes: [String: Size]?

    // MARK: Page view controller

    /// Page view controllers: what they were created with, in the same JSON object (their
    /// current pages are `viewControllers`).
    public var pageViewControllerSettings = PageViewControllerSettings()

    // MARK: Presentation

    /// In the same JSON object, UIKit's defaults shown (`PresentationSettings.resolved(for:)`).
    public var presentationSettings = PresentationSettings().resolved(for: .viewController)
    /// What this controller or its nearest ancestor presents.
    public var presentedViewController: String?
    /// Who presents this controller or its nearest presented ancestor.
    public var presentingViewController: String?
    public var isBeingPresented = false
    public var isBeingDismissed = false
    /// The style a presented controller is shown with after adaptation (a popover in a compact
    /// width is a `pageSheet`); nil when not presented.
    public var presentationStyle: ModalPresentationStyle?
    /// Search controllers: `isActive` (rule 51); nil for other kinds.
    public var isActive: Bool?

    // MARK: Overrides, delegates and traits (docs/uikit-rules-adaptivity.md)

    /// What the controller's overrides and delegates answer, in the same JSON object.
    public var answers = ControllerAnswers()
    /// The traits its parent overrides with `setOverrideTraitCollection(_:forChild:)`.
    public var overrideTraitCollection: TraitOverrides?
    /// Its traits where they differ from the window's (an override above it); nil when it has
    /// the window's.
    public var traitCollection: TraitOverrides?

    /// What the controller's overrides do (rule 40); nil when it declares none.
    public var overrides: [String: [RawCall]]?
    /// Its segues, unwind actions and `allowedChildrenForUnwinding(from:)` (rules 45–46), in
    /// the same JSON object; empty lists left out.
    public var segueSettings = SegueSettings()

    public init(
        id: String, kind: ControllerKind, title: String?, parent: String?, children: [String], isViewLoaded: Bool,
        view: ViewSnapshot?, containerViews: [String], appearance: AppearanceState, isMovingToParent: Bool,
        isMovingFromParent: Bool, automaticallyForwardsAppearance: Bool, preferredContentSize: Size,
        statusBarSettings: StatusBarSettings, properties: [String: JSONValue], viewControllers: [String]? = nil,
        selectedIndex: Int? = nil, primary: String? = nil, secondary: String? = nil, isCollapsed: Bool? = nil,
        isPrimaryHidden: Bool? = nil, compact: String? = nil, childContentSizes: [String: Size]? = nil,
        pageViewControllerSettings: PageViewControllerSettings = PageViewControllerSettings()
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.parent = parent
        self.children = children
        self.isViewLoaded = isViewLoaded
        self.view = view
        self.containerViews = containerViews
        self.appearance = appearance
        self.isMovingToParent = isMovingToParent
        self.isMovingFromParent = isMovingFromParent
        self.automaticallyForwardsAppearance = automaticallyForwardsAppearance
        self.preferredContentSize = preferredContentSize
        self.statusBarSettings = statusBarSettings
        self.properties = properties
        self.viewControllers = viewControllers
        self.selectedIndex = selectedIndex
        self.primary = primary
        self.secondary = secondary
        self.compact = compact
        self.isCollapsed = isCollapsed
        self.isPrimaryHidden = isPrimaryHidden
        self.childContentSizes = childContentSizes
        self.pageViewControllerSettings = pageViewControllerSettings
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, parent, children, isViewLoaded, view, containerViews, appearance, isMovingToParent
        case isMovingFromParent, automaticallyForwardsAppearance, preferredContentSize, properties, viewControllers
        case selectedIndex, primary, secondary, compact, isCollapsed, isPrimaryHidden, presentedViewController
        case presentingViewController, isBeingPresented, isBeingDismissed, childContentSizes
        case presentationStyle, overrideTraitCollection, traitCollection, overrides, isActive
        case supplementary, displayMode, splitBehavior
        case moreNavigationController, selectedViewController, customizableViewControllers, tabs, selectedTab
        case mode, sidebar, compactTabIdentifiers, isTabBarHidden
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let settings = try decoder.settingsContainer()
        self.init(
            id: try container.decode(String.self, forKey: .id), kind: try container.decode(ControllerKind.self, forKey: .kind),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            parent: try container.decodeIfPresent(String.self, forKey: .parent),
            children: try container.decode([String].self, forKey: .children),
            isViewLoaded: try container.decode(Bool.self, forKey: .isViewLoaded),
            view: try container.decodeIfPresent(ViewSnapshot.self, forKey: .view),
            containerViews: try container.decode([String].self, forKey: .containerViews),
            appearance: try container.decode(AppearanceState.self, forKey: .appearance),
            isMovingToParent: try container.decode(Bool.self, forKey: .isMovingToParent),
            isMovingFromParent: try container.decode(Bool.self, forKey: .isMovingFromParent),
            automaticallyForwardsAppearance: try container.decode(Bool.self, forKey: .automaticallyForwardsAppearance),
            preferredContentSize: try container.decode(Size.self, forKey: .preferredContentSize),
            statusBarSettings: try StatusBarSettings(from: settings),
            properties: try container.decode([String: JSONValue].self, forKey: .properties),
            viewControllers: try container.decodeIfPresent([String].self, forKey: .viewControllers),
            selectedIndex: try container.decodeIfPresent(Int.self, forKey: .selectedIndex),
            primary: try container.decodeIfPresent(String.self, forKey: .primary),
            secondary: try container.decodeIfPresent(String.self, forKey: .secondary),
            isCollapsed: try container.decodeIfPresent(Bool.self, forKey: .isCollapsed),
            isPrimaryHidden: try container.decodeIfPresent(Bool.self, forKey: .isPrimaryHidden),
            compact: try container.decodeIfPresent(String.self, forKey: .compact),
            childContentSizes: try container.decodeIfPresent([String: Size].self, forKey: .childContentSizes),
            pageViewControllerSettings: try PageViewControllerSettings(from: settings))
        moreNavigationController = try container.decodeIfPresent(MoreNavigationSnapshot.self, forKey: .moreNavigationController)
        selectedViewController = try container.decodeIfPresent(String.self, forKey: .selectedViewController)
        customizableViewControllers = try container.decodeIfPresent([String].self, forKey: .customizableViewControllers)
        tabs = try container.decodeIfPresent([Tab].self, forKey: .tabs)
        selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
        mode = try container.decodeIfPresent(TabBarMode.self, forKey: .mode)
        sidebar = try container.decodeIfPresent(TabBarSidebar.self, forKey: .sidebar)
        compactTabIdentifiers = try container.decodeIfPresent([String].self, forKey: .compactTabIdentifiers)
        isTabBarHidden = try container.decodeIfPresent(Bool.self, forKey: .isTabBarHidden)
        presentationSettings = try PresentationSettings(from: settings)
        presentedViewController = try container.decodeIfPresent(String.self, forKey: .presentedViewController)
        presentingViewController = try container.decodeIfPresent(String.self, forKey: .presentingViewController)
        isBeingPresented = try container.decode(Bool.self, forKey: .isBeingPresented)
        isBeingDismissed = try container.decode(Bool.self, forKey: .isBeingDismissed)
        presentationStyle = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: .presentationStyle)
        isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive)
        supplementary = try container.decodeIfPresent(String.self, forKey: .supplementary)
        displayMode = try container.decodeIfPresent(SplitDisplayMode.self, forKey: .displayMode)
        splitBehavior = try container.decodeIfPresent(SplitBehavior.self, forKey: .splitBehavior)
        answers = try ControllerAnswers(from: settings)
        overrideTraitCollection = try container.decodeIfPresent(TraitOverrides.self, forKey: .overrideTraitCollection)
        traitCollection = try container.decodeIfPresent(TraitOverrides.self, forKey: .traitCollection)
        overrides = try container.decodeIfPresent([String: [RawCall]].self, forKey: .overrides)
        segueSettings = try SegueSettings(from: settings)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(parent, forKey: .parent)
        try container.encode(children, forKey: .children)
        try container.encode(isViewLoaded, forKey: .isViewLoaded)
        // Absent, not null, until the view is loaded: the contract's View is never null.
        try container.encodeIfPresent(view, forKey: .view)
        try container.encode(containerViews, forKey: .containerViews)
        try container.encode(appearance, forKey: .appearance)
        try container.encode(isMovingToParent, forKey: .isMovingToParent)
        try container.encode(isMovingFromParent, forKey: .isMovingFromParent)
        try container.encode(automaticallyForwardsAppearance, forKey: .automaticallyForwardsAppearance)
        try container.encode(preferredContentSize, forKey: .preferredContentSize)
        try statusBarSettings.encodeShowingNulls(to: encoder)
        try container.encode(properties, forKey: .properties)
        try container.encodeIfPresent(viewControllers, forKey: .viewControllers)
        try container.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try container.encodeIfPresent(moreNavigationController, forKey: .moreNavigationController)
        try container.encodeIfPresent(selectedViewController, forKey: .selectedViewController)
        try container.encodeIfPresent(customizableViewControllers, forKey: .customizableViewControllers)
        try container.encodeIfPresent(tabs, forKey: .tabs)
        try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
        try container.encodeIfPresent(mode, forKey: .mode)
        try container.encodeIfPresent(sidebar, forKey: .sidebar)
        try container.encodeIfPresent(compactTabIdentifiers, forKey: .compactTabIdentifiers)
        try container.encodeIfPresent(isTabBarHidden, forKey: .isTabBarHidden)
        try container.encodeIfPresent(primary, forKey: .primary)
        try container.encodeIfPresent(secondary, forKey: .secondary)
        try container.encodeIfPresent(compact, forKey: .compact)
        try container.encodeIfPresent(isCollapsed, forKey: .isCollapsed)
        try container.encodeIfPresent(isPrimaryHidden, forKey: .isPrimaryHidden)
        try container.encodeIfPresent(supplementary, forKey: .supplementary)
        try container.encodeIfPresent(displayMode, forKey: .displayMode)
        try container.encodeIfPresent(splitBehavior, forKey: .splitBehavior)
        try presentationSettings.encode(to: encoder)
        try container.encode(presentedViewController, forKey: .presentedViewController)
        try container.encode(presentingViewController, forKey: .presentingViewController)
        try container.encode(isBeingPresented, forKey: .isBeingPresented)
        try container.encode(isBeingDismissed, forKey: .isBeingDismissed)
        try container.encodeIfPresent(childContentSizes, forKey: .childContentSizes)
        try pageViewControllerSettings.encode(to: encoder)
        try container.encodeIfPresent(presentationStyle, forKey: .presentationStyle)
        try container.encodeIfPresent(isActive, forKey: .isActive)
        try answers.encode(to: encoder)
        try container.encodeIfPresent(overrideTraitCollection, forKey: .overrideTraitCollection)
        try container.encodeIfPresent(traitCollection, forKey: .traitCollection)
        try container.encodeIfPresent(overrides, forKey: .overrides)
        try segueSettings.encode(to: encoder)
    }
}
