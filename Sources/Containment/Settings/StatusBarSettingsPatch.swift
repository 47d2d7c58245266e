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
        let container = try decoder.container(keyedBy: CodingKeys.self)
        statusBarStyle = try container.decodeIfPresent(StatusBarStyle.self, forKey: .statusBarStyle)
        statusBarHidden = try container.decodeIfPresent(Bool.self, forKey: .statusBarHidden)
        childForStatusBarStyle = try container.decodeClearable(forKey: .childForStatusBarStyle)
        childForStatusBarHidden = try container.decodeClearable(forKey: .childForStatusBarHidden)
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
