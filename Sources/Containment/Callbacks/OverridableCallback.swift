/// The callbacks a controller may override (docs/uikit-rules-callbacks.md, rule 40), by the
/// names events carry: a type, so a callback the engine runs overrides for is spelt once.
public enum OverridableCallback: String, CaseIterable, Sendable {
    case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews
    case willMove, didMove
    case prepare, unwindAction

    /// The parameter an override's call may pass on (`{"callbackArgument": name}`), if any.
    public var parameter: String? {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: "animated"
        case .willMove, .didMove: "parent"
        case .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .prepare, .unwindAction: nil
        }
    }

    /// `viewWillAppear` or `viewWillDisappear`.
    static func will(appearing: Bool) -> OverridableCallback { appearing ? .viewWillAppear : .viewWillDisappear }

    /// `viewDidAppear` or `viewDidDisappear`.
    static func did(appearing: Bool) -> OverridableCallback { appearing ? .viewDidAppear : .viewDidDisappear }
}
