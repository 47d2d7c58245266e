/// A PATCH of `SegueSettings`: a field given replaces the controller's; `null` gives
/// `allowedChildrenForUnwinding(from:)` back to UIKit's default and leaves the other fields
/// alone (rules 45–46).
public struct SegueSettingsPatch: Codable, Sendable, Equatable {
    public var segues: [SegueSpec]?
    public var unwindActions: [String: Bool]?
    public var allowedChildrenForUnwinding: [String]??

    public init(segues: [SegueSpec]? = nil, unwindActions: [String: Bool]? = nil, allowedChildrenForUnwinding: [String]?? = nil) {
        self.segues = segues
        self.unwindActions = unwindActions
        self.allowedChildrenForUnwinding = allowedChildrenForUnwinding
    }

    typealias CodingKeys = SegueSettings.CodingKeys

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        segues = try container.decodeIfPresent([SegueSpec].self, forKey: SettingsKey(CodingKeys.segues))
        unwindActions = try container.decodeIfPresent([String: Bool].self, forKey: SettingsKey(CodingKeys.unwindActions))
        allowedChildrenForUnwinding = try container.decodeClearable(forKey: SettingsKey(CodingKeys.allowedChildrenForUnwinding))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(segues, forKey: .segues)
        try container.encodeIfPresent(unwindActions, forKey: .unwindActions)
        try container.encodeClearable(allowedChildrenForUnwinding, forKey: .allowedChildrenForUnwinding)
    }

    public var isEmpty: Bool { self == SegueSettingsPatch() }

    /// `settings` with this patch applied. Embed segues belong to the children the controller
    /// was built with: they stay.
    public func applied(to settings: SegueSettings) -> SegueSettings {
        var result = settings
        if let segues { result.segues = segues + (settings.segues ?? []).filter { $0.kind == .embed } }
        if let actions = unwindActions { result.unwindActions = actions }
        if let allowed = allowedChildrenForUnwinding { result.allowedChildrenForUnwinding = allowed }
        return result
    }
}
