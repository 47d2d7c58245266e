/// One override running: the callback of the controller whose declared calls run inside it
/// (docs/uikit-rules-callbacks.md, rule 40), and which of those calls is running.
public struct OverrideFrame: Codable, Sendable, Equatable {
    public var controller: String
    /// UIKit's Swift name of the callback, as events carry it (`viewDidLoad`).
    public var callback: String
    /// The index of the running call in the override's list.
    public var call: Int
    /// How many overrides run around this one, itself included (1: called from no override).
    public var depth: Int

    public init(controller: String, callback: String, call: Int, depth: Int) {
        self.controller = controller
        self.callback = callback
        self.call = call
        self.depth = depth
    }

    /// `a.viewDidLoad`, the way messages name a frame.
    var name: String { "\(controller).\(callback)" }
}
