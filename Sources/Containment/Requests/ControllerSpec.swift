/// A declared container view (Interface Builder's container view placeholder): a plain view
/// inside the controller's root view that children can be embedded in.
public struct ContainerViewSpec: Codable, Sendable, Equatable {
    public var id: String
    public var frame: Rect?

    public init(id: String, frame: Rect? = nil) {
        self.id = id
        self.frame = frame
    }
}

/// A controller to create, possibly with embedded children, built as a storyboard would:
/// the engine expands it into the raw calls a programmer would write, so the events are the
/// same as doing it call by call.
public struct ControllerSpec: Codable, Sendable, Equatable {
    public var id: String
    public var kind: ControllerKind?
    public var title: String?
    public var automaticallyForwardsAppearance: Bool?
    public var preferredContentSize: Size?
    /// What it answers about the status bar, written in the same JSON object.
    public var statusBarSettings = StatusBarSettings()
    public var properties: [String: JSONValue]?
    public var containerViews: [ContainerViewSpec]?
    /// Embedded children (custom containers).
    public var children: [ControllerSpec]?
    /// When nested in `children`: the parent's container view to embed in (default: its root view).
    public var containerView: String?
    /// When nested in `children`: the frame of this controller's root view.
    public var frame: Rect?
    /// A navigation stack (bottom to top) or a tab bar's tabs.
    public var viewControllers: [ControllerSpec]?
    /// A tab bar's selected tab.
    public var selectedIndex: Int?
    /// A tab bar's iOS 18 root tabs (rule 14, "Tabs"), instead of `viewControllers`.
    public var tabs: [TabSpec]?
    /// The identifier of the tab a tab bar given `tabs` selects.
    public var selectedTab: String?
    /// A tab bar's iOS 18 `mode`, `sidebar.isHidden` and `compactTabIdentifiers` (rule 14, "The sidebar").
    public var mode: TabBarMode?
    public var sidebar: TabBarSidebar?
    public var compactTabIdentifiers: [String]?
    /// A tab bar's iOS 18 `isTabBarHidden` (rule 14, "The sidebar").
    public var isTabBarHidden: Bool?
    /// What `size(forChildContentContainer:withParentContainerSize:)` returns, by child id.
    public var childContentSizes: [String: Size]?
    /// What the controller's overrides of UIKit's callbacks do, as raw calls run inside the
    /// callback (docs/uikit-rules-callbacks.md, rule 40), by callback name.
    public var overrides: [String: [RawCall]]?

    // MARK: Page view controller

    /// What a page view controller is created with, written in the same JSON object; its pages
    /// are `viewControllers`.
    public var pageViewControllerSettings = PageViewControllerSettings()
    private var primaryBox: Box?
    private var secondaryBox: Box?
    private var compactBox: Box?
    private var supplementaryBox: Box?

    // MARK: Presentation

    /// How it is presented and what it decides for those it presents, written in the same JSON object.
    public var presentationSettings = PresentationSettings()

    // MARK: Segues

    /// Its storyboard segues and unwind answers (rules 45–46), written in the same JSON object.
    public var segueSettings = SegueSettings()
    /// When nested in `children`: embedded by the parent's embed segue of this identifier when
    /// the parent's view loads, as a storyboard container view does (rule 45).
    public var embedSegue: String?
    private var presentedBox: Box?

    /// What the controller's overrides and delegates answer (docs/uikit-rules-adaptivity.md),
    /// written in the same JSON object.
    public var answers = ControllerAnswers()

    /// A controller this one presents once the tree is built (not animated), as a storyboard's
    /// initial modal segue would: only in a tree's root spec, where the presenter is in the window.
    public var presented: ControllerSpec? {
        get { presentedBox?.spec }
        set { presentedBox = newValue.map(Box.init) }
    }

    /// A split view controller's primary column.
    public var primary: ControllerSpec? {
        get { primaryBox?.spec }
        set { primaryBox = newValue.map(Box.init) }
    }

    /// A split view controller's secondary column.
    public var secondary: ControllerSpec? {
        get { secondaryBox?.spec }
        set { secondaryBox = newValue.map(Box.init) }
    }

    /// A `tripleColumn` split view controller's supplementary column (`setViewController(_:for: .supplementary)`).
    public var supplementary: ControllerSpec? {
        get { supplementaryBox?.spec }
        set { supplementaryBox = newValue.map(Box.init) }
    }

    /// A column-style split view controller's compact column (`setViewController(_:for: .compact)`).
    public var compact: ControllerSpec? {
        get { compactBox?.spec }
        set { compactBox = newValue.map(Box.init) }
    }

    public init(
        id: String, kind: ControllerKind? = nil, title: String? = nil, automaticallyForwardsAppearance: Bool? = nil,
        preferredContentSize: Size? = nil, statusBarSettings: StatusBarSettings = StatusBarSettings(),
        properties: [String: JSONValue]? = nil, containerViews: [ContainerViewSpec]? = nil,
        children: [ControllerSpec]? = nil, containerView: String? = nil, frame: Rect? = nil,
        viewControllers: [ControllerSpec]? = nil, selectedIndex: Int? = nil,
        primary: ControllerSpec? = nil, secondary: ControllerSpec? = nil, compact: ControllerSpec? = nil,
        presentationSettings: PresentationSettings = PresentationSettings(), presented: ControllerSpec? = nil,
        childContentSizes: [String: Size]? = nil, pageViewControllerSettings: PageViewControllerSettings = PageViewControllerSettings(),
        overrides: [String: [RawCall]]? = nil,
        segueSettings: SegueSettings = SegueSettings(), embedSegue: String? = nil, answers: ControllerAnswers = ControllerAnswers(),
        tabs: [TabSpec]? = nil, selectedTab: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.automaticallyForwardsAppearance = automaticallyForwardsAppearance
        self.preferredContentSize = preferredContentSize
        self.statusBarSettings = statusBarSettings
        self.properties = properties
        self.containerViews = containerViews
        self.children = children
        self.containerView = containerView
        self.frame = frame
        self.viewControllers = viewControllers
        self.selectedIndex = selectedIndex
        self.primaryBox = primary.map(Box.init)
        self.secondaryBox = secondary.map(Box.init)
        self.compactBox = compact.map(Box.init)
        self.presentationSettings = presentationSettings
        self.presentedBox = presented.map(Box.init)
        self.childContentSizes = childContentSizes
        self.pageViewControllerSettings = pageViewControllerSettings
        self.answers = answers
        self.overrides = overrides
        self.segueSettings = segueSettings
        self.embedSegue = embedSegue
        self.tabs = tabs
        self.selectedTab = selectedTab
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, automaticallyForwardsAppearance, preferredContentSize, properties, containerViews, children
        case containerView, frame, viewControllers, selectedIndex, primary, secondary, compact, supplementary, presented, childContentSizes
        case overrides, embedSegue, tabs, selectedTab, mode, sidebar, compactTabIdentifiers, isTabBarHidden
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let settings = try decoder.settingsContainer()
        self.init(
            id: try container.decode(String.self, forKey: .id),
            kind: try container.decodeIfPresent(ControllerKind.self, forKey: .kind),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            automaticallyForwardsAppearance: try container.decodeIfPresent(Bool.self, forKey: .automaticallyForwardsAppearance),
            preferredContentSize: try container.decodeIfPresent(Size.self, forKey: .preferredContentSize),
            statusBarSettings: try StatusBarSettings(from: settings),
            properties: try container.decodeIfPresent([String: JSONValue].self, forKey: .properties),
            containerViews: try container.decodeIfPresent([ContainerViewSpec].self, forKey: .containerViews),
            children: try container.decodeIfPresent([ControllerSpec].self, forKey: .children),
            containerView: try container.decodeIfPresent(String.self, forKey: .containerView),
            frame: try container.decodeIfPresent(Rect.self, forKey: .frame),
            viewControllers: try container.decodeIfPresent([ControllerSpec].self, forKey: .viewControllers),
            selectedIndex: try container.decodeIfPresent(Int.self, forKey: .selectedIndex),
            primary: try container.decodeIfPresent(ControllerSpec.self, forKey: .primary),
            secondary: try container.decodeIfPresent(ControllerSpec.self, forKey: .secondary),
            compact: try container.decodeIfPresent(ControllerSpec.self, forKey: .compact),
            presentationSettings: try PresentationSettings(from: settings),
            presented: try container.decodeIfPresent(ControllerSpec.self, forKey: .presented),
            childContentSizes: try container.decodeIfPresent([String: Size].self, forKey: .childContentSizes),
            pageViewControllerSettings: try PageViewControllerSettings(from: settings),
            overrides: try container.decodeIfPresent([String: [RawCall]].self, forKey: .overrides),
            segueSettings: try SegueSettings(from: settings),
            embedSegue: try container.decodeIfPresent(String.self, forKey: .embedSegue),
            answers: try ControllerAnswers(from: settings)
        )
        supplementary = try container.decodeIfPresent(ControllerSpec.self, forKey: .supplementary)
        tabs = try container.decodeIfPresent([TabSpec].self, forKey: .tabs)
        selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
        mode = try container.decodeIfPresent(TabBarMode.self, forKey: .mode)
        sidebar = try container.decodeIfPresent(TabBarSidebar.self, forKey: .sidebar)
        compactTabIdentifiers = try container.decodeIfPresent([String].self, forKey: .compactTabIdentifiers)
        isTabBarHidden = try container.decodeIfPresent(Bool.self, forKey: .isTabBarHidden)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(automaticallyForwardsAppearance, forKey: .automaticallyForwardsAppearance)
        try container.encodeIfPresent(preferredContentSize, forKey: .preferredContentSize)
        try statusBarSettings.encode(to: encoder)
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(containerViews, forKey: .containerViews)
        try container.encodeIfPresent(children, forKey: .children)
        try container.encodeIfPresent(containerView, forKey: .containerView)
        try container.encodeIfPresent(frame, forKey: .frame)
        try container.encodeIfPresent(viewControllers, forKey: .viewControllers)
        try container.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try container.encodeIfPresent(tabs, forKey: .tabs)
        try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
        try container.encodeIfPresent(mode, forKey: .mode)
        try container.encodeIfPresent(sidebar, forKey: .sidebar)
        try container.encodeIfPresent(compactTabIdentifiers, forKey: .compactTabIdentifiers)
        try container.encodeIfPresent(isTabBarHidden, forKey: .isTabBarHidden)
        try container.encodeIfPresent(primary, forKey: .primary)
        try container.encodeIfPresent(secondary, forKey: .secondary)
        try container.encodeIfPresent(compact, forKey: .compact)
        try container.encodeIfPresent(supplementary, forKey: .supplementary)
        try presentationSettings.encode(to: encoder)
        try container.encodeIfPresent(presented, forKey: .presented)
        try container.encodeIfPresent(childContentSizes, forKey: .childContentSizes)
        try pageViewControllerSettings.encode(to: encoder)
        try answers.encode(to: encoder)
        try container.encodeIfPresent(overrides, forKey: .overrides)
        try segueSettings.encode(to: encoder)
        try container.encodeIfPresent(embedSegue, forKey: .embedSegue)
    }

    /// Holds a nested spec so the struct can contain itself.
    private final class Box: Sendable, Equatable {
        let spec: ControllerSpec
        init(_ spec: ControllerSpec) { self.spec = spec }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.spec == rhs.spec }
    }
}
