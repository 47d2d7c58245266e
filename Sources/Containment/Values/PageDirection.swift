/// `UIPageViewController.NavigationDirection`.
public enum PageDirection: String, Codable, Sendable, CaseIterable {
    case forward
    case reverse
}
