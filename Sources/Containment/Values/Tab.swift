/// iOS 18's `UITab` on a tab bar controller (docs/uikit-rules.md, rule 14, "Tabs"), or a
/// `UITabGroup` when it has `children`: `viewController` is the id of the controller its view
/// controller provider returns.
public struct Tab: Codable, Sendable, Equatable {
    /// How deep tabs nest: a root tab and up to seven levels of groups' children below it.
    public static let maximumDepth = 8

    /// Unique among all the tab bar controller's tabs (Apple's `UITab` initializer).
    public var identifier: String
    public var title: String?
    /// Required for root tabs; a group's child may have none (it adds nothing to a managed stack).
    public var viewController: String?
    /// When false the user cannot select the tab (`tapTab` is refused); code still can.
    public var isEnabled: Bool
    /// A hidden tab is not in the tab bar, so the user cannot tap it.
    public var isHidden: Bool
    /// A `UITabGroup`'s child tabs; nil for a tab that is not a group.
    public var children: [Tab]?
    /// The group's selected child's identifier ("The tab must be part of `children`").
    public var selectedChild: String?
    /// The child selected when the group needs one and `selectedChild` is nil (nil: the first).
    public var defaultChildIdentifier: String?
    /// The navigation controller whose stack the group builds from the selected tabs.
    public var managingNavigationController: String?
    /// Snapshots only (ignored when given): the group the tab is a child of.
    public var parent: String?
    /// Snapshots only (ignored when given): Apple's `managingTabGroup`, the root-most group
    /// above the tab with a managing navigation controller.
    public var managingTabGroup: String?

    public init(
        identifier: String, title: String? = nil, viewController: String?, isEnabled: Bool = true, isHidden: Bool = false,
        children: [Tab]? = nil, selectedChild: String? = nil, defaultChildIdentifier: String? = nil,
        managingNavigationController: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.viewController = viewController
        self.isEnabled = isEnabled
        self.isHidden = isHidden
        self.children = children
        self.selectedChild = selectedChild
        self.defaultChildIdentifier = defaultChildIdentifier
        self.managingNavigationController = managingNavigationController
    }

    enum CodingKeys: String, CodingKey {
        case identifier, title, viewController, isEnabled, isHidden, children, selectedChild, defaultChildIdentifier, managingNavigationController
        case parent, managingTabGroup
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        viewController = try container.decodeIfPresent(String.self, forKey: .viewController)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        isHidden = try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false
        children = try container.decodeIfPresent([Tab].self, forKey: .children)
        selectedChild = try container.decodeIfPresent(String.self, forKey: .selectedChild)
        defaultChildIdentifier = try container.decodeIfPresent(String.self, forKey: .defaultChildIdentifier)
        managingNavigationController = try container.decodeIfPresent(String.self, forKey: .managingNavigationController)
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
        managingTabGroup = try container.decodeIfPresent(String.self, forKey: .managingTabGroup)
    }

    /// As snapshots write it: `title`, `viewController`, `parent` and `managingTabGroup` null
    /// when unset, and a group's
    /// `defaultChildIdentifier`, `managingNavigationController` and `selectedChild` too.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(title, forKey: .title)
        try container.encode(viewController, forKey: .viewController)
        try container.encode(isEnabled, forKey: .isEnabled)
        try container.encode(isHidden, forKey: .isHidden)
        try container.encode(parent, forKey: .parent)
        try container.encode(managingTabGroup, forKey: .managingTabGroup)
        guard let children else { return }
        try container.encode(children, forKey: .children)
        try container.encode(selectedChild, forKey: .selectedChild)
        try container.encode(defaultChildIdentifier, forKey: .defaultChildIdentifier)
        try container.encode(managingNavigationController, forKey: .managingNavigationController)
    }

    /// The controller the tab bar shows for this root tab: a group's managing navigation
    /// controller (whose stack holds the group's own controller), else the tab's controller.
    var rootController: String? { managingNavigationController ?? viewController }

    /// The child a group selects when it needs one: `selectedChild`, else
    /// `defaultChildIdentifier`'s, else the first (Apple's `defaultChildIdentifier`).
    var effectiveChild: Tab? {
        guard let children else { return nil }
        let wanted = selectedChild ?? defaultChildIdentifier
        return children.first { $0.identifier == wanted } ?? children.first
    }

    /// A tab given as a raw call's argument, its keys checked as a request body's are.
    static func parse(_ value: JSONValue, field: String, depth: Int = 1) throws(ContainmentError) -> Tab {
        guard case .object(let object) = value else { throw .invalidArgument(field: field, "a tab is an object") }
        if let unknown = object.keys.sorted().first(where: { CodingKeys(stringValue: $0) == nil }) {
            throw .invalidArgument(field: field + "." + unknown, "a tab has no field \(unknown)")
        }
        func string(_ key: CodingKeys) throws(ContainmentError) -> String? {
            guard let value = object[key.rawValue], value != .null else { return nil }
            guard let text = value.stringValue else { throw .invalidArgument(field: field + "." + key.rawValue, "\(key.rawValue) must be a string") }
            return text
        }
        func bool(_ key: CodingKeys, _ defaultValue: Bool) throws(ContainmentError) -> Bool {
            guard let value = object[key.rawValue], value != .null else { return defaultValue }
            guard let flag = value.boolValue else { throw .invalidArgument(field: field + "." + key.rawValue, "\(key.rawValue) must be a boolean") }
            return flag
        }
        guard let identifier = try string(.identifier) else { throw .invalidArgument(field: field + ".identifier", "missing identifier") }
        var children: [Tab]?
        if let value = object[CodingKeys.children.rawValue], value != .null {
            guard case .array(let items) = value else { throw .invalidArgument(field: field + ".children", "children must be a list of tabs") }
            guard depth < maximumDepth else {
                throw .invalidArgument(
                    field: field + ".children", "tabs nest at most \(maximumDepth) deep (a root tab and \(maximumDepth - 1) levels of groups)")
            }
            var list: [Tab] = []
            for (index, item) in items.enumerated() { list.append(try parse(item, field: field + ".children[\(index)]", depth: depth + 1)) }
            children = list
        }
        return Tab(
            identifier: identifier, title: try string(.title), viewController: try string(.viewController), isEnabled: try bool(.isEnabled, true),
            isHidden: try bool(.isHidden, false), children: children, selectedChild: try string(.selectedChild),
            defaultChildIdentifier: try string(.defaultChildIdentifier), managingNavigationController: try string(.managingNavigationController))
    }

    /// The tab as a raw call's argument.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["identifier": .string(identifier), "isEnabled": .bool(isEnabled), "isHidden": .bool(isHidden)]
        if let viewController { object["viewController"] = .string(viewController) }
        if let title { object["title"] = .string(title) }
        if let children { object["children"] = .array(children.map(\.json)) }
        if let selectedChild { object["selectedChild"] = .string(selectedChild) }
        if let defaultChildIdentifier { object["defaultChildIdentifier"] = .string(defaultChildIdentifier) }
        if let managingNavigationController { object["managingNavigationController"] = .string(managingNavigationController) }
        return .object(object)
    }
}
