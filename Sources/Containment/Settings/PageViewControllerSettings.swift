/// What a page view controller is created with (docs/uikit-rules-page-view-controller.md,
/// rule 24): fields of its spec, snapshot and stored state, written in the same JSON object.
/// Fixed at creation, as `UIPageViewController(transitionStyle:…, options:)` fixes them: no PATCH.
public struct PageViewControllerSettings: Codable, Sendable, Equatable {
    /// Its pages are the spec's and snapshot's `viewControllers`.
    public var transitionStyle: PageTransitionStyle?
    /// The `spineLocation` option; `mid` shows two pages at a time.
    public var spineLocation: PageSpineLocation?
    /// A page curl with content on the back of each page turns two pages at a time.
    public var isDoubleSided: Bool?

    public init(transitionStyle: PageTransitionStyle? = nil, spineLocation: PageSpineLocation? = nil, isDoubleSided: Bool? = nil) {
        self.transitionStyle = transitionStyle
        self.spineLocation = spineLocation
        self.isDoubleSided = isDoubleSided
    }

    /// With UIKit's default for each field not declared, as a built page view controller has them:
    /// a page curl's spine at `min`, a scroll's `none`; double-sided when the spine is in the
    /// middle, where Apple requires it.
    public var resolved: PageViewControllerSettings {
        let style = transitionStyle ?? .pageCurl
        let spine = spineLocation ?? (style == .pageCurl ? .min : .none)
        return PageViewControllerSettings(transitionStyle: style, spineLocation: spine, isDoubleSided: isDoubleSided ?? (spine == .mid))
    }

    /// How many pages every transition takes: Apple's table for `setViewControllers`, where a
    /// page curl that is double-sided or bound in the middle takes two.
    var pagesPerTransition: Int {
        let settings = resolved
        guard settings.transitionStyle == .pageCurl else { return 1 }
        return settings.spineLocation == .mid || settings.isDoubleSided == true ? 2 : 1
    }

    /// Only a page view controller has them, and only a page curl has a spine, one that is
    /// double-sided in the middle; `path` prefixes the field.
    func validate(kind: ControllerKind, path: String) throws(ContainmentError) {
        for (field, isSet) in [("transitionStyle", transitionStyle != nil), ("spineLocation", spineLocation != nil), ("isDoubleSided", isDoubleSided != nil)]
        where isSet && kind != .pageViewController {
            throw .invalidArgument(field: path + field, "only page view controllers have a \(field)")
        }
        guard let spineLocation else { return }
        if (transitionStyle ?? .pageCurl) == .pageCurl, spineLocation == .none {
            throw .invalidArgument(field: path + "spineLocation", "a pageCurl page view controller has a spine: min, mid or max")
        }
        if transitionStyle == .scroll, spineLocation != .none {
            throw .invalidArgument(field: path + "spineLocation", "A spine location is only valid if the transition style is pageCurl")
        }
        if spineLocation == .mid, isDoubleSided == false {
            throw .invalidArgument(field: path + "isDoubleSided", "If the spine is located in the middle, the value must be true")
        }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        transitionStyle = try container.decodeIfPresent(PageTransitionStyle.self, forKey: SettingsKey(CodingKeys.transitionStyle))
        spineLocation = try container.decodeIfPresent(PageSpineLocation.self, forKey: SettingsKey(CodingKeys.spineLocation))
        isDoubleSided = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.isDoubleSided))
    }

    enum CodingKeys: String, CodingKey {
        case transitionStyle
        case spineLocation
        case isDoubleSided
    }
}
