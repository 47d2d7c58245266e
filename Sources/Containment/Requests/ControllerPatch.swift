/// The settable fields of a controller. An absent field is left alone; for the optional
/// fields (`title`, `childForStatusBarStyle`, `childForStatusBarHidden`) an explicit JSON
/// `null` clears them, hence the double optionals.
public struct ControllerPatch: Codable, Sendable, Equatable {
    public var title: String??
    public var preferredContentSize: Size?
    public var statusBarStyle: StatusBarStyle?
    public var statusBarHidden: Bool?
    public var childForStatusBarStyle: String??
    public var childForStatusBarHidden: String??
    public var automaticallyForwardsAppearance: Bool?
    /// Merged into the controller's properties; a `null` value deletes the key.
    public var properties: [String: JSONValue]?
    /// Replaces what `size(forChildContentContainer:withParentContainerSize:)` returns, by
    /// child id; `{}` goes back to UIKit's default (the parent's size) for every child.
    public var childContentSizes: [String: Size]?
    /// Merged into the controller's overrides (rule 40): a callback's list replaces the one
    /// it had; `null` removes the override.
    public var overrides: [String: [RawCall]?]?

    // MARK: Presentation

    public var modalPresentationStyle: ModalPresentationStyle?
    public var definesPresentationContext: Bool?
    public var isModalInPresentation: Bool?
    /// Replaces what its `transitioningDelegate` answers; `null` removes the delegate (rule 44).
    public var transitioningDelegate: TransitioningDelegate??
    /// Replace its show, present and unwind segues, its unwind actions, and what its
    /// `allowedChildrenForUnwinding(from:)` returns (`null`: UIKit's default) (rules 45–46).
    public var segues: [SegueSpec]?
    public var unwindActions: [String: Bool]?
    public var allowedChildrenForUnwinding: [String]??

    /// What the controller's overrides and delegates answer (docs/uikit-rules-adaptivity.md),
    /// written in the same JSON object.
    public var answers = ControllerAnswersPatch()

    public init(
        title: String?? = nil, preferredContentSize: Size? = nil, statusBarStyle: StatusBarStyle? = nil,
        statusBarHidden: Bool? = nil, childForStatusBarStyle: String?? = nil, childForStatusBarHidden: String?? = nil,
        automaticallyForwardsAppearance: Bool? = nil, properties: [String: JSONValue]? = nil,
        modalPresentationStyle: ModalPresentationStyle? = nil, definesPresentationContext: Bool? = nil,
        isModalInPresentation: Bool? = nil, childContentSizes: [String: Size]? = nil, overrides: [String: [RawCall]?]? = nil,
        transitioningDelegate: TransitioningDelegate?? = nil, segues: [SegueSpec]? = nil, unwindActions: [String: Bool]? = nil,
        allowedChildrenForUnwinding: [String]?? = nil, answers: ControllerAnswersPatch = ControllerAnswersPatch()
    ) {
        self.title = title
        self.preferredContentSize = preferredContentSize
        self.statusBarStyle = statusBarStyle
        self.statusBarHidden = statusBarHidden
        self.childForStatusBarStyle = childForStatusBarStyle
        self.childForStatusBarHidden = childForStatusBarHidden
        self.automaticallyForwardsAppearance = automaticallyForwardsAppearance
        self.properties = properties
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        self.isModalInPresentation = isModalInPresentation
        self.childContentSizes = childContentSizes
        self.answers = answers
        self.overrides = overrides
        self.transitioningDelegate = transitioningDelegate
        self.segues = segues
        self.unwindActions = unwindActions
        self.allowedChildrenForUnwinding = allowedChildrenForUnwinding
    }

    enum CodingKeys: String, CodingKey {
        case title, preferredContentSize, statusBarStyle, statusBarHidden, childForStatusBarStyle
        case childForStatusBarHidden, automaticallyForwardsAppearance, properties
        case modalPresentationStyle, definesPresentationContext, isModalInPresentation
        case childContentSizes
        case overrides
        case transitioningDelegate
        case segues, unwindActions, allowedChildrenForUnwinding
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func clearable(_ key: CodingKeys) throws -> String?? {
            guard container.contains(key) else { return nil }
            if try container.decodeNil(forKey: key) { return .some(nil) }
            return .some(try container.decode(String.self, forKey: key))
        }
        title = try clearable(.title)
        preferredContentSize = try container.decodeIfPresent(Size.self, forKey: .preferredContentSize)
        statusBarStyle = try container.decodeIfPresent(StatusBarStyle.self, forKey: .statusBarStyle)
        statusBarHidden = try container.decodeIfPresent(Bool.self, forKey: .statusBarHidden)
        childForStatusBarStyle = try clearable(.childForStatusBarStyle)
        childForStatusBarHidden = try clearable(.childForStatusBarHidden)
        automaticallyForwardsAppearance = try container.decodeIfPresent(Bool.self, forKey: .automaticallyForwardsAppearance)
        properties = try container.decodeIfPresent([String: JSONValue].self, forKey: .properties)
        modalPresentationStyle = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: .modalPresentationStyle)
        definesPresentationContext = try container.decodeIfPresent(Bool.self, forKey: .definesPresentationContext)
        isModalInPresentation = try container.decodeIfPresent(Bool.self, forKey: .isModalInPresentation)
        childContentSizes = try container.decodeIfPresent([String: Size].self, forKey: .childContentSizes)
        answers = try ControllerAnswersPatch(from: decoder)
        overrides = try container.decodeIfPresent([String: [RawCall]?].self, forKey: .overrides)
        if container.contains(.transitioningDelegate) {
            transitioningDelegate =
                try container.decodeNil(forKey: .transitioningDelegate)
                ? .some(nil) : .some(try container.decode(TransitioningDelegate.self, forKey: .transitioningDelegate))
        }
        segues = try container.decodeIfPresent([SegueSpec].self, forKey: .segues)
        unwindActions = try container.decodeIfPresent([String: Bool].self, forKey: .unwindActions)
        if container.contains(.allowedChildrenForUnwinding) {
            allowedChildrenForUnwinding =
                try container.decodeNil(forKey: .allowedChildrenForUnwinding)
                ? .some(nil) : .some(try container.decode([String].self, forKey: .allowedChildrenForUnwinding))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let title { try container.encode(title, forKey: .title) }
        try container.encodeIfPresent(preferredContentSize, forKey: .preferredContentSize)
        try container.encodeIfPresent(statusBarStyle, forKey: .statusBarStyle)
        try container.encodeIfPresent(statusBarHidden, forKey: .statusBarHidden)
        if let childForStatusBarStyle { try container.encode(childForStatusBarStyle, forKey: .childForStatusBarStyle) }
        if let childForStatusBarHidden { try container.encode(childForStatusBarHidden, forKey: .childForStatusBarHidden) }
        try container.encodeIfPresent(automaticallyForwardsAppearance, forKey: .automaticallyForwardsAppearance)
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(modalPresentationStyle, forKey: .modalPresentationStyle)
        try container.encodeIfPresent(definesPresentationContext, forKey: .definesPresentationContext)
        try container.encodeIfPresent(isModalInPresentation, forKey: .isModalInPresentation)
        try container.encodeIfPresent(childContentSizes, forKey: .childContentSizes)
        try answers.encode(to: encoder)
        try container.encodeIfPresent(overrides, forKey: .overrides)
        if let transitioningDelegate { try container.encode(transitioningDelegate, forKey: .transitioningDelegate) }
        try container.encodeIfPresent(segues, forKey: .segues)
        try container.encodeIfPresent(unwindActions, forKey: .unwindActions)
        if let allowedChildrenForUnwinding { try container.encode(allowedChildrenForUnwinding, forKey: .allowedChildrenForUnwinding) }
    }
}
