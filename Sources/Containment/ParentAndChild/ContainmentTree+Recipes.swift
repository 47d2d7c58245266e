/// The three listings of Apple's *Implementing a Container View Controller*, as the raw
/// calls they are made of; the public recipe methods run these, so the recipes cannot drift
/// from the raw operations.
extension ContainmentTree {
    /// `displayContentController`: addChild, set the frame, addSubview, didMove.
    func displayContentControllerCalls(child: String, parent: String, containerView: String?, frame: Rect?) throws(ContainmentError) -> [RawCall] {
        try requireController(parent, field: "parent")
        try requireController(child, field: "child")
        if let frame, !TreeValidation.isValid(frame) {
            throw .invalidArgument(field: "frame", "frame must be finite with a size not negative")
        }
        let parentNode = nodes.controllers[existing: parent]
        let target: String
        let bounds: Rect
        if let containerView {
            guard let declared = parentNode.containerViews.first(where: { $0.id == containerView }) else {
                throw .invalidArgument(field: "containerView", "\(parent) has no container view \(containerView)")
            }
            target = containerView
            bounds = (nodes.views[containerView]?.frame ?? declared.frame ?? Rect(size: nodes.window.size)).bounds
        } else {
            target = parentNode.viewID
            bounds = (nodes.views[target]?.frame ?? Rect(size: nodes.window.size)).bounds
        }
        let childView = ControllerNode.viewID(of: child)
        return [
            RawCall(receiver: parent, method: "addChild", args: ["child": .string(child)]),
            RawCall(receiver: childView, method: "setFrame", args: frameArguments(frame ?? bounds)),
            RawCall(receiver: target, method: "addSubview", args: ["view": .string(childView)]),
            RawCall(receiver: child, method: "didMove", args: ["toParent": .string(parent)]),
        ]
    }

    /// `hideContentController`: willMove(nil), removeFromSuperview, removeFromParent.
    func hideContentControllerCalls(child: String, parent: String) throws(ContainmentError) -> [RawCall] {
        try requireController(parent, field: "parent")
        try requireController(child, field: "child")
        guard parentID(of: child) == parent else {
            throw .notFound(code: "child_not_found", "\(child) is not a child of \(parent)", field: "child")
        }
        return [
            RawCall(receiver: child, method: "willMove", args: Self.toParentNil),
            RawCall(receiver: ControllerNode.viewID(of: child), method: "removeFromSuperview"),
            RawCall(receiver: child, method: "removeFromParent"),
        ]
    }

    /// `cycleFromViewController`: what runs before the transition, and its completion block.
    func cycleFromViewControllerCalls(
        parent: String, from: String, to: String, duration: Double, options: [String]
    ) throws(ContainmentError) -> (prepare: [RawCall], completion: [RawCall]) {
        try requireController(parent, field: "parent")
        let fromHandle = try requireController(from, field: "from")
        try requireController(to, field: "to")
        var prepare = [
            RawCall(receiver: from, method: "willMove", args: Self.toParentNil),
            RawCall(receiver: parent, method: "addChild", args: ["child": .string(to)]),
        ]
        if let rootView = readController(fromHandle, { $0.rootView }) {
            let frame = readView(rootView) { $0.frame }
            prepare.append(RawCall(receiver: ControllerNode.viewID(of: to), method: "setFrame", args: frameArguments(frame)))
        }
        let completion = [
            RawCall(receiver: from, method: "removeFromParent"),
            RawCall(receiver: to, method: "didMove", args: ["toParent": .string(parent)]),
        ]
        return (prepare, completion)
    }

    /// Runs calls in order within the current turn; the caller's transaction undoes all.
    func runCalls(_ calls: [RawCall]) throws(ContainmentError) {
        for call in calls {
            try apply(call, field: "")
        }
    }

    /// `willMove(toParent: nil)`'s arguments, built once.
    static let toParentNil: [String: JSONValue] = ["toParent": .null]

    /// `setFrame`'s arguments, reused while the frame stays the same: a transition between
    /// siblings of one container sets the same frame each time, and the five-member
    /// dictionaries cost allocations and hashes per call.
    func frameArguments(_ frame: Rect) -> [String: JSONValue] {
        // Compared bit for bit: `-0.0 == 0.0`, yet the two print differently.
        if let last = ongoing.lastFrameArguments, last.frame.x.bitPattern == frame.x.bitPattern, last.frame.y.bitPattern == frame.y.bitPattern,
            last.frame.width.bitPattern == frame.width.bitPattern, last.frame.height.bitPattern == frame.height.bitPattern
        {
            return last.args
        }
        let args: [String: JSONValue] = [
            "frame": .object(["x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width), "height": .number(frame.height)])
        ]
        ongoing.lastFrameArguments = (frame, args)
        return args
    }
}
