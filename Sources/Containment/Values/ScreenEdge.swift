/// One edge of `UIRectEdge`, as `preferredScreenEdgesDeferringSystemGestures` lists them.
public enum ScreenEdge: String, Codable, Sendable, CaseIterable {
    case top
    case left
    case bottom
    case right
}
