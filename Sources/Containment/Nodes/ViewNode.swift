/// A view; root views have an owner, container views and the window's view do not.
/// Its id is the key it is stored under, not repeated here: views are the most numerous nodes.
struct ViewNode {
    var frame: Rect
    var superview: NodeHandle?
    /// Changed only through the methods below (see `ControllerNode.children`).
    private(set) var subviews: [NodeHandle] = []
    /// The controller whose root view this is.
    var owner: NodeHandle?
    /// Whether the window is above this view; kept up to date on every superview change (a
    /// move pays for the views whose window changes, as UIKit's `didMoveToWindow` does), so
    /// asking is O(1) at any depth.
    var inWindow = false
    /// The undo log's stamp when this node was last saved (`UndoLog.stamp`).
    var undoStamp: UInt32 = 0

    init(frame: Rect, superview: NodeHandle? = nil, subviews: [NodeHandle] = [], owner: NodeHandle? = nil, inWindow: Bool = false) {
        self.frame = frame
        self.superview = superview
        self.subviews = subviews
        self.owner = owner
        self.inWindow = inWindow
    }

    mutating func insertSubview(_ subview: NodeHandle, at index: Int) { subviews.insert(subview, at: index) }
    mutating func removeSubview(at index: Int) { subviews.remove(at: index) }

    /// This node as the undo log keeps it: the subviews list is restored by its own entries.
    var withoutSubviews: ViewNode {
        var copy = self
        copy.subviews = []
        return copy
    }

    /// Restoring a saved node: the current subviews list stays, moved rather than copied.
    mutating func keepSubviews(of current: inout ViewNode) {
        swap(&subviews, &current.subviews)
    }
}
