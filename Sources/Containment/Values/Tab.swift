/// iOS 18's `UITab` as a tab bar controller's root tab (docs/uikit-rules.md, rule 14, "Tabs"):
/// `viewController` is the id of the controller its view controller provider returns.
public struct Tab: Codable, Sendable, Equatable {
    /// Unique among the tab bar controller's tabs (Apple's `UITab` initializer).
    public var identifier: String
    public var title: String?
    public var viewController: String
    /// When false the user cannot select the tab (`tapTab` is refused); code still can.
    public var isEnabled: Bool
    /// A hidden tab is not in the tab bar, so the user cannot tap it.
    public var isHidden: Bool

    public init(identifier: String, title: String? = nil, viewController: String, isEnabled: Bool = true, isHidden: Bool = false) {
        self.identifier = identifier
        self.title = title
        self.viewController = viewController
        self.isEnabled = isEnabled
        self.isHidden = isHidden
    }

    enum CodingKeys: String, CodingKey {
        case identifier, title, viewController, isEnabled, isHidden
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        viewController = try container.decode(String.self, forKey: .viewController)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        isHidden = try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false
    }

    /// A tab given as a raw call's argument, its keys checked as a request body's are.
    static func parse(_ value: JSONValue, field: String) throws(ContainmentError) -> Tab {
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
        guard let viewController = try string(.viewController) else {
            throw .invalidArgument(field: field + ".viewController", "missing viewController")
        }
        return Tab(
            identifier: identifier, title: try string(.title), viewController: viewController, isEnabled: try bool(.isEnabled, true),
            isHidden: try bool(.isHidden, false))
    }

    /// The tab as a raw call's argument.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "identifier": .string(identifier), "viewController": .string(viewController), "isEnabled": .bool(isEnabled),
            "isHidden": .bool(isHidden),
        ]
        if let title { object["title"] = .string(title) }
        return .object(object)
    }
}
