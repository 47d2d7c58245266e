/// `UIPageViewController.SpineLocation`: where a page curl's pages are bound. `mid` shows two
/// pages at a time; a scroll-style page view controller has `none`.
public enum PageSpineLocation: String, Codable, Sendable, CaseIterable {
    case none
    case min
    case mid
    case max
}
