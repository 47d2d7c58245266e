/// `UIPageViewController.TransitionStyle`; `UIPageViewController()` uses `pageCurl`.
public enum PageTransitionStyle: String, Codable, Sendable, CaseIterable {
    case pageCurl
    case scroll
}
