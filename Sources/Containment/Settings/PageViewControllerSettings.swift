/// What a page view controller is created with (docs/uikit-rules-page-view-controller.md,
/// rule 24): fields of its spec, snapshot and stored state, written in the same JSON object.
/// Fixed at creation, as `UIPageViewController(transitionStyle:…)` fixes them: no PATCH.
public struct PageViewControllerSettings: Codable, Sendable, Equatable {
    /// Its pages are the spec's and snapshot's `viewControllers`.
    public var transitionStyle: PageTransitionStyle?

    public init(transitionStyle: PageTransitionStyle? = nil) {
        self.transitionStyle = transitionStyle
    }

    /// With UIKit's default for each field not declared, as a built page view controller has them.
    public var resolved: PageViewControllerSettings {
        PageViewControllerSettings(transitionStyle: transitionStyle ?? .pageCurl)
    }

    /// Only a page view controller has them; `path` prefixes the field.
    func validate(kind: ControllerKind, path: String) throws(ContainmentError) {
        if transitionStyle != nil, kind != .pageViewController {
            throw .invalidArgument(field: path + "transitionStyle", "only page view controllers have a transitionStyle")
        }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        transitionStyle = try container.decodeIfPresent(PageTransitionStyle.self, forKey: SettingsKey(CodingKeys.transitionStyle))
    }

    enum CodingKeys: String, CodingKey {
        case transitionStyle
    }
}
