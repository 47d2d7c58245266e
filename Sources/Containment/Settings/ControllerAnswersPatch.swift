/// A PATCH of `ControllerAnswers` (docs/uikit-rules-adaptivity.md): an absent field is left
/// alone, `null` goes back to UIKit's default (no override, the delegate method not
/// implemented), hence the double optionals. `style` is fixed when the split view controller
/// is created, so it is not here.
public struct ControllerAnswersPatch: Codable, Sendable, Equatable {
    public var modalPresentationCapturesStatusBarAppearance: Bool??
    public var prefersHomeIndicatorAutoHidden: Bool??
    public var childForHomeIndicatorAutoHidden: String??
    public var preferredScreenEdgesDeferringSystemGestures: [ScreenEdge]??
    public var childForScreenEdgesDeferringSystemGestures: String??
    public var traitOverrides: TraitOverrides??
    public var registerForTraitChanges: [TraitName]??
    public var adaptivePresentationStyle: AdaptivePresentationStyle??
    public var shouldSelect: Bool??
    public var collapseSecondary: Bool??
    public var separateSecondary: String??
    public var topColumnForCollapsing: SplitColumn??
    public var displayModeForExpanding: SplitDisplayMode??
    public var preferredSplitBehavior: SplitBehavior??
    public var navigationControllerDelegate: Bool??
    public var tabBarControllerDelegate: Bool??
    public var shouldSelectTab: Bool??
    public var displayedViewControllers: [String: [String]]??
    public var tabBarControllerSidebarDelegate: Bool??

    public init(
        modalPresentationCapturesStatusBarAppearance: Bool?? = nil, prefersHomeIndicatorAutoHidden: Bool?? = nil,
        childForHomeIndicatorAutoHidden: String?? = nil, preferredScreenEdgesDeferringSystemGestures: [ScreenEdge]?? = nil,
        childForScreenEdgesDeferringSystemGestures: String?? = nil, traitOverrides: TraitOverrides?? = nil,
        registerForTraitChanges: [TraitName]?? = nil, adaptivePresentationStyle: AdaptivePresentationStyle?? = nil, shouldSelect: Bool?? = nil,
        collapseSecondary: Bool?? = nil,
        separateSecondary: String?? = nil, topColumnForCollapsing: SplitColumn?? = nil, displayModeForExpanding: SplitDisplayMode?? = nil,
        navigationControllerDelegate: Bool?? = nil, preferredSplitBehavior: SplitBehavior?? = nil, tabBarControllerDelegate: Bool?? = nil,
        shouldSelectTab: Bool?? = nil, displayedViewControllers: [String: [String]]?? = nil,
        tabBarControllerSidebarDelegate: Bool?? = nil
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

    public var isEmpty: Bool { self == ControllerAnswersPatch() }

    typealias CodingKeys = ControllerAnswers.CodingKeys

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        func clearable<Value: Decodable>(_ key: CodingKeys) throws -> Value?? { try container.decodeClearable(forKey: SettingsKey(key)) }
        modalPresentationCapturesStatusBarAppearance = try clearable(.modalPresentationCapturesStatusBarAppearance)
        prefersHomeIndicatorAutoHidden = try clearable(.prefersHomeIndicatorAutoHidden)
        childForHomeIndicatorAutoHidden = try clearable(.childForHomeIndicatorAutoHidden)
        preferredScreenEdgesDeferringSystemGestures = try clearable(.preferredScreenEdgesDeferringSystemGestures)
        childForScreenEdgesDeferringSystemGestures = try clearable(.childForScreenEdgesDeferringSystemGestures)
        traitOverrides = try clearable(.traitOverrides)
        registerForTraitChanges = try clearable(.registerForTraitChanges)
        adaptivePresentationStyle = try clearable(.adaptivePresentationStyle)
        shouldSelect = try clearable(.shouldSelect)
        collapseSecondary = try clearable(.collapseSecondary)
        separateSecondary = try clearable(.separateSecondary)
        topColumnForCollapsing = try clearable(.topColumnForCollapsing)
        displayModeForExpanding = try clearable(.displayModeForExpanding)
        preferredSplitBehavior = try clearable(.preferredSplitBehavior)
        navigationControllerDelegate = try clearable(.navigationControllerDelegate)
        tabBarControllerDelegate = try clearable(.tabBarControllerDelegate)
        shouldSelectTab = try clearable(.shouldSelectTab)
        displayedViewControllers = try clearable(.displayedViewControllers)
        tabBarControllerSidebarDelegate = try clearable(.tabBarControllerSidebarDelegate)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func write<Value: Encodable>(_ value: Value??, _ key: CodingKeys) throws { try container.encodeClearable(value, forKey: key) }
        try write(modalPresentationCapturesStatusBarAppearance, .modalPresentationCapturesStatusBarAppearance)
        try write(prefersHomeIndicatorAutoHidden, .prefersHomeIndicatorAutoHidden)
        try write(childForHomeIndicatorAutoHidden, .childForHomeIndicatorAutoHidden)
        try write(preferredScreenEdgesDeferringSystemGestures, .preferredScreenEdgesDeferringSystemGestures)
        try write(childForScreenEdgesDeferringSystemGestures, .childForScreenEdgesDeferringSystemGestures)
        try write(traitOverrides, .traitOverrides)
        try write(registerForTraitChanges, .registerForTraitChanges)
        try write(adaptivePresentationStyle, .adaptivePresentationStyle)
        try write(shouldSelect, .shouldSelect)
        try write(collapseSecondary, .collapseSecondary)
        try write(separateSecondary, .separateSecondary)
        try write(topColumnForCollapsing, .topColumnForCollapsing)
        try write(displayModeForExpanding, .displayModeForExpanding)
        try write(preferredSplitBehavior, .preferredSplitBehavior)
        try write(navigationControllerDelegate, .navigationControllerDelegate)
        try write(tabBarControllerDelegate, .tabBarControllerDelegate)
        try write(shouldSelectTab, .shouldSelectTab)
        try write(displayedViewControllers, .displayedViewControllers)
        try write(tabBarControllerSidebarDelegate, .tabBarControllerSidebarDelegate)
    }

    /// `answers` with this patch applied.
    func applied(to answers: ControllerAnswers) -> ControllerAnswers {
        var result = answers
        func apply<Value>(_ change: Value??, _ field: WritableKeyPath<ControllerAnswers, Value?>) {
            if case .some(let value) = change { result[keyPath: field] = value }
        }
        apply(modalPresentationCapturesStatusBarAppearance, \.modalPresentationCapturesStatusBarAppearance)
        apply(prefersHomeIndicatorAutoHidden, \.prefersHomeIndicatorAutoHidden)
        apply(childForHomeIndicatorAutoHidden, \.childForHomeIndicatorAutoHidden)
        apply(preferredScreenEdgesDeferringSystemGestures, \.preferredScreenEdgesDeferringSystemGestures)
        apply(childForScreenEdgesDeferringSystemGestures, \.childForScreenEdgesDeferringSystemGestures)
        apply(traitOverrides, \.traitOverrides)
        apply(registerForTraitChanges, \.registerForTraitChanges)
        apply(adaptivePresentationStyle, \.adaptivePresentationStyle)
        apply(shouldSelect, \.shouldSelect)
        apply(collapseSecondary, \.collapseSecondary)
        apply(separateSecondary, \.separateSecondary)
        apply(topColumnForCollapsing, \.topColumnForCollapsing)
        apply(displayModeForExpanding, \.displayModeForExpanding)
        apply(preferredSplitBehavior, \.preferredSplitBehavior)
        apply(navigationControllerDelegate, \.navigationControllerDelegate)
        apply(tabBarControllerDelegate, \.tabBarControllerDelegate)
        apply(shouldSelectTab, \.shouldSelectTab)
        apply(displayedViewControllers, \.displayedViewControllers)
        apply(tabBarControllerSidebarDelegate, \.tabBarControllerSidebarDelegate)
        return result
    }
}
