/// A PATCH of `StatusBarSettings`: an absent field is left alone; `null` gives the status bar
/// back to the controller itself for `childForStatusBarStyle` and `childForStatusBarHidden`,
/// and leaves the other fields alone.
public struct StatusBarSettingsPatch: Codable, Sendable, Equatable {
    public var statusBarStyle: StatusBarStyle?
    public var statusBarHidden: Bool?
    public var childForStatusBarStyle: String??
    public var childForStatusBarHidden: String??

    public init(
        statusBarStyle: StatusBarStyle? = nil, statusBarHidden: Bool? = nil, childForStatusBarStyle: String?? = nil,
        childForStatusBarHidden: String?? = nil
    ) {
        self.statusBarStyle = statusBarStyle
        self.statusBarHidden = statusBarHidden
        self.childForStatusBarStyle = childForStatusBarStyle
        self.childForStatusBarHidden = childForStatusBarHidden
    }

    typealias CodingKeys = StatusBarSettings.CodingKeys

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        statusBarStyle = try container.decodeIfPresent(StatusBarStyle.self, forKey: SettingsKey(CodingKeys.statusBarStyle))
        statusBarHidden = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.statusBarHidden))
        childForStatusBarStyle = try container.decodeClearable(forKey: SettingsKey(CodingKeys.childForStatusBarStyle))
        childForStatusBarHidden = try container.decodeClearable(forKey: SettingsKey(CodingKeys.childForStatusBarHidden))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(statusBarStyle, forKey: .statusBarStyle)
        try container.encodeIfPresent(statusBarHidden, forKey: .statusBarHidden)
        try container.encodeClearable(childForStatusBarStyle, forKey: .childForStatusBarStyle)
        try container.encodeClearable(childForStatusBarHidden, forKey: .childForStatusBarHidden)
    }

    public var isEmpty: Bool { self == StatusBarSettingsPatch() }

    /// `settings` with this patch applied.
    public func applied(to settings: StatusBarSettings) -> StatusBarSettings {
        var result = settings
        if let style = statusBarStyle { result.statusBarStyle = style }
        if let hidden = statusBarHidden { result.statusBarHidden = hidden }
        if let child = childForStatusBarStyle { result.childForStatusBarStyle = child }
        if let child = childForStatusBarHidden { result.childForStatusBarHidden = child }
        return result
    }
}
