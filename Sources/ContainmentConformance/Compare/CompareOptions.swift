/// What a comparison leaves out, for runtimes that knowingly differ from current UIKit.
public struct CompareOptions: Codable, Sendable, Equatable {
    /// Leave out `viewWillLayoutSubviews` / `viewDidLayoutSubviews`, which many runtimes
    /// deliver at other moments than UIKit.
    public var ignoreLayout: Bool
    /// Leave out `viewIsAppearing` (iOS 13+; runtimes modelled on older UIKit lack it).
    public var ignoreViewIsAppearing: Bool
    /// Compare callbacks and their order only, not their `args`.
    public var ignoreArgs: Bool

    public init(ignoreLayout: Bool = false, ignoreViewIsAppearing: Bool = false, ignoreArgs: Bool = false) {
        self.ignoreLayout = ignoreLayout
        self.ignoreViewIsAppearing = ignoreViewIsAppearing
        self.ignoreArgs = ignoreArgs
    }

    enum CodingKeys: String, CodingKey { case ignoreLayout, ignoreViewIsAppearing, ignoreArgs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ignoreLayout = try container.decodeIfPresent(Bool.self, forKey: .ignoreLayout) ?? false
        ignoreViewIsAppearing = try container.decodeIfPresent(Bool.self, forKey: .ignoreViewIsAppearing) ?? false
        ignoreArgs = try container.decodeIfPresent(Bool.self, forKey: .ignoreArgs) ?? false
    }

    static let layoutCallbacks: Set<String> = ["viewWillLayoutSubviews", "viewDidLayoutSubviews"]

    /// Whether the comparison looks at `event` at all.
    func compares(_ event: TraceEvent) -> Bool {
        guard let callback = event.callback else { return true }
        if ignoreLayout, Self.layoutCallbacks.contains(callback) { return false }
        if ignoreViewIsAppearing, callback == "viewIsAppearing" { return false }
        return true
    }
}
