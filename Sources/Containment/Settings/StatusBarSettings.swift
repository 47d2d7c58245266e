/// What a controller answers about the status bar (docs/uikit-rules.md, rule 17): fields of a
/// controller spec, snapshot and stored state, written in the same JSON object. A field left
/// out is UIKit's default; snapshots and stored state show the defaults (`resolved`).
public struct StatusBarSettings: Codable, Sendable, Equatable {
    public var statusBarStyle: StatusBarStyle?
    public var statusBarHidden: Bool?
    /// The child `childForStatusBarStyle` returns; nil: the controller decides itself.
    public var childForStatusBarStyle: String?
    /// The child `childForStatusBarHidden` returns; nil: the controller decides itself.
    public var childForStatusBarHidden: String?

    public init(
        statusBarStyle: StatusBarStyle? = nil, statusBarHidden: Bool? = nil, childForStatusBarStyle: String? = nil,
        childForStatusBarHidden: String? = nil
    ) {
        self.statusBarStyle = statusBarStyle
        self.statusBarHidden = statusBarHidden
        self.childForStatusBarStyle = childForStatusBarStyle
        self.childForStatusBarHidden = childForStatusBarHidden
    }

    /// Whether nothing is declared, so a controller needs no room for them.
    public var isEmpty: Bool { self == StatusBarSettings() }

    /// With UIKit's default for each field not declared, as snapshots and stored state show them.
    public var resolved: StatusBarSettings {
        StatusBarSettings(
            statusBarStyle: statusBarStyle ?? .default, statusBarHidden: statusBarHidden ?? false,
            childForStatusBarStyle: childForStatusBarStyle, childForStatusBarHidden: childForStatusBarHidden)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        statusBarStyle = try container.decodeIfPresent(StatusBarStyle.self, forKey: SettingsKey(CodingKeys.statusBarStyle))
        statusBarHidden = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.statusBarHidden))
        childForStatusBarStyle = try container.decodeIfPresent(String.self, forKey: SettingsKey(CodingKeys.childForStatusBarStyle))
        childForStatusBarHidden = try container.decodeIfPresent(String.self, forKey: SettingsKey(CodingKeys.childForStatusBarHidden))
    }

    enum CodingKeys: String, CodingKey {
        case statusBarStyle, statusBarHidden, childForStatusBarStyle, childForStatusBarHidden
    }

    /// As a snapshot shows them: every field, `null` for a child not named.
    func encodeShowingNulls(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(statusBarStyle, forKey: .statusBarStyle)
        try container.encode(statusBarHidden, forKey: .statusBarHidden)
        try container.encode(childForStatusBarStyle, forKey: .childForStatusBarStyle)
        try container.encode(childForStatusBarHidden, forKey: .childForStatusBarHidden)
    }
}
