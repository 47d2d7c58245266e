/// The settable fields of a controller. An absent field is left alone; an explicit JSON `null`
/// clears `title`, hence its double optional (the groups' patches say which of theirs it clears).
public struct ControllerPatch: Codable, Sendable, Equatable {
    public var title: String??
    public var preferredContentSize: Size?
    /// What it answers about the status bar, written in the same JSON object.
    public var statusBarSettings = StatusBarSettingsPatch()
    public var automaticallyForwardsAppearance: Bool?
    /// Merged into the controller's properties; a `null` value deletes the key.
    public var properties: [String: JSONValue]?
    /// Replaces what `size(forChildContentContainer:withParentContainerSize:)` returns, by
    /// child id; `{}` goes back to UIKit's default (the parent's size) for every child.
    public var childContentSizes: [String: Size]?
    /// Merged into the controller's overrides (rule 40): a callback's list replaces the one
    /// it had; `null` removes the override.
    public var overrides: [String: [RawCall]?]?
    /// A tab bar controller's iOS 18 root tabs, set as `setTabs` sets them, not animated
    /// (rule 14, "Tabs"); their controllers are named by id.
    public var tabs: [Tab]?
    /// Selects the tab of this identifier, as the `selectedTab` setter does.
    public var selectedTab: String?
    /// iOS 18's `mode`, `sidebar.isHidden` and `compactTabIdentifiers` (`null`: all tabs), set
    /// as their setters set them, before `tabs` (rule 14, "The sidebar").
    public var mode: TabBarMode?
    public var sidebar: TabBarSidebar?
    public var compactTabIdentifiers: [String]??
    /// iOS 18's `isTabBarHidden`, set as `setTabBarHidden(_:animated: false)` sets it.
    public var isTabBarHidden: Bool?

    /// How it is presented and what it decides for those it presents, written in the same JSON object.
    public var presentationSettings = PresentationSettingsPatch()
    /// Its storyboard segues and unwind answers (rules 45–46), written in the same JSON object.
    public var segueSettings = SegueSettingsPatch()

    /// What the controller's overrides and delegates answer (docs/uikit-rules-adaptivity.md),
    /// written in the same JSON object.
    public var answers = ControllerAnswersPatch()

    public init(
        title: String?? = nil, preferredContentSize: Size? = nil, statusBarSettings: StatusBarSettingsPatch = StatusBarSettingsPatch(),
        automaticallyForwardsAppearance: Bool? = nil, properties: [String: JSONValue]? = nil,
        presentationSettings: PresentationSettingsPatch = PresentationSettingsPatch(), childContentSizes: [String: Size]? = nil,
        overrides: [String: [RawCall]?]? = nil, segueSettings: SegueSettingsPatch = SegueSettingsPatch(),
        answers: ControllerAnswersPatch = ControllerAnswersPatch(), tabs: [Tab]? = nil, selectedTab: String? = nil,
        mode: TabBarMode? = nil, sidebar: TabBarSidebar? = nil, compactTabIdentifiers: [String]?? = nil, isTabBarHidden: Bool? = nil
    ) {
        self.title = title
        self.preferredContentSize = preferredContentSize
        self.statusBarSettings = statusBarSettings
        self.automaticallyForwardsAppearance = automaticallyForwardsAppearance
        self.properties = properties
        self.presentationSettings = presentationSettings
        self.childContentSizes = childContentSizes
        self.answers = answers
        self.overrides = overrides
        self.segueSettings = segueSettings
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.mode = mode
        self.sidebar = sidebar
        self.compactTabIdentifiers = compactTabIdentifiers
        self.isTabBarHidden = isTabBarHidden
    }

    enum CodingKeys: String, CodingKey {
        case title, preferredContentSize, automaticallyForwardsAppearance, properties, childContentSizes, overrides, tabs, selectedTab
        case mode, sidebar, compactTabIdentifiers, isTabBarHidden
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let settings = try decoder.settingsContainer()
        title = try container.decodeClearable(forKey: .title)
        preferredContentSize = try container.decodeIfPresent(Size.self, forKey: .preferredContentSize)
        statusBarSettings = try StatusBarSettingsPatch(from: settings)
        automaticallyForwardsAppearance = try container.decodeIfPresent(Bool.self, forKey: .automaticallyForwardsAppearance)
        properties = try container.decodeIfPresent([String: JSONValue].self, forKey: .properties)
        presentationSettings = try PresentationSettingsPatch(from: settings)
        childContentSizes = try container.decodeIfPresent([String: Size].self, forKey: .childContentSizes)
        answers = try ControllerAnswersPatch(from: settings)
        overrides = try container.decodeIfPresent([String: [RawCall]?].self, forKey: .overrides)
        segueSettings = try SegueSettingsPatch(from: settings)
        tabs = try container.decodeIfPresent([Tab].self, forKey: .tabs)
        selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
        mode = try container.decodeIfPresent(TabBarMode.self, forKey: .mode)
        sidebar = try container.decodeIfPresent(TabBarSidebar.self, forKey: .sidebar)
        compactTabIdentifiers = try container.decodeClearable(forKey: .compactTabIdentifiers)
        isTabBarHidden = try container.decodeIfPresent(Bool.self, forKey: .isTabBarHidden)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeClearable(title, forKey: .title)
        try container.encodeIfPresent(preferredContentSize, forKey: .preferredContentSize)
        try statusBarSettings.encode(to: encoder)
        try container.encodeIfPresent(automaticallyForwardsAppearance, forKey: .automaticallyForwardsAppearance)
        try container.encodeIfPresent(properties, forKey: .properties)
        try presentationSettings.encode(to: encoder)
        try container.encodeIfPresent(childContentSizes, forKey: .childContentSizes)
        try answers.encode(to: encoder)
        try container.encodeIfPresent(overrides, forKey: .overrides)
        try segueSettings.encode(to: encoder)
        try container.encodeIfPresent(tabs, forKey: .tabs)
        try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
        try container.encodeIfPresent(mode, forKey: .mode)
        try container.encodeIfPresent(sidebar, forKey: .sidebar)
        try container.encodeClearable(compactTabIdentifiers, forKey: .compactTabIdentifiers)
        try container.encodeIfPresent(isTabBarHidden, forKey: .isTabBarHidden)
    }
}
