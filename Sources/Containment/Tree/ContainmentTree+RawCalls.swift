/// The raw calls (docs/api.md, "Raw calls"): UIKit's methods by their Swift names, dispatched on the kind of
/// receiver. Arguments are checked before anything changes; UIKit's own preconditions are
/// checked by the operations themselves.
extension ContainmentTree {
    /// A switch rather than a set: a few comparisons cost less than hashing the name.
    static func isViewMethod(_ method: String) -> Bool {
        switch method {
        case "addSubview", "insertSubview", "removeFromSuperview", "layoutIfNeeded", "setFrame": true
        default: false
        }
    }

    /// `isFinal`: a failure of this call rolls back to a mark taken just before it and
    /// nothing rolls back further (a non-atomic batch), so what follows its last possible
    /// failure needs no undo (`finishCall`).
    /// An argument the method did not read is refused after it ran, so a call with arguments
    /// is never final: its undo entries let that refusal roll it back.
    func apply(_ call: RawCall, field prefix: String, isFinal: Bool = false) throws(ContainmentError) {
        let args = RawCallArguments(call.args, prefix: prefix)
        try dispatch(call, args, prefix: prefix, isFinal: isFinal && args.values.isEmpty)
        try args.checkNoneUnread(method: call.method)
    }

    private func dispatch(_ call: RawCall, _ args: RawCallArguments, prefix: String, isFinal: Bool) throws(ContainmentError) {
        if call.method == "runLoop" {
            finishCall(isFinal) { flushTurn() }
            return
        }
        // A root view id cannot name a controller: its lookup would only miss.
        let isRootViewID = ControllerNode.isRootViewID(call.receiver)
        if call.receiver == WindowState.viewID {
            try applyWindowCall(call.method, args, prefix: prefix)
        } else if !isRootViewID, let index = controllers.handle(call.receiver) {
            try applyControllerCall(call.receiver, at: index, call.method, args, prefix: prefix, isFinal: isFinal)
        } else if let view = views.handle(call.receiver) {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, loaded: view, isFinal: isFinal)
        } else if isUnloadedViewID(call.receiver, isRootViewID: isRootViewID) {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, loaded: nil, isFinal: isFinal)
        } else {
            throw .notFound(code: "receiver_not_found", "no controller or view \(call.receiver)", field: prefix + "receiver")
        }
    }

    /// Runs the part of a call after everything in it that can fail; for a final call (see
    /// `apply`) without undo entries, since nothing can roll it back anymore.
    private func finishCall(_ isFinal: Bool, _ body: () -> Void) {
        if isFinal {
            withoutUndo(body)
        } else {
            body()
        }
    }

    /// Whether `id` names a view that is not loaded (without loading it).
    func isUnloadedViewID(_ id: String, isRootViewID: Bool) -> Bool {
        containerViewOwners[id] != nil || (isRootViewID && controllers.handle(String(id.dropLast(5))) != nil)
    }

    private func unknownMethod(_ method: String, _ receiverKind: String, prefix: String) -> ContainmentError {
        .invalidArgument(field: prefix + "method", "\(method) is not a method of a \(receiverKind)")
    }

    private func applyWindowCall(_ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        switch method {
        case "makeKeyAndVisible":
            makeKeyAndVisible()
        case "setRootViewController":
            let root = try args.optionalID("rootViewController")
            if let root { try requireController(root, field: args.field("rootViewController")) }
            try setRootViewController(root)
        case "setHidden":
            setWindowHidden(try args.bool("hidden"))
        case "setSize":
            try setWindowSize(try args.size("size"))
        case "setHorizontalSizeClass":
            try setHorizontalSizeClass(try args.rawValue("sizeClass", as: SizeClass.self))
        default:
            throw unknownMethod(method, "window", prefix: prefix)
        }
    }

    private func controllerArgument(_ args: RawCallArguments, _ key: String) throws(ContainmentError) -> String {
        let id = try args.id(key)
        try requireController(id, field: args.field(key))
        return id
    }

    private func optionalControllerArgument(_ args: RawCallArguments, _ key: String) throws(ContainmentError) -> String? {
        guard let id = try args.optionalID(key) else { return nil }
        try requireController(id, field: args.field(key))
        return id
    }

    /// `index` is the receiver's; the calls pass it on where they edit the receiver.
    private func applyControllerCall(
        _ controller: String, at index: NodeHandle, _ method: String, _ args: RawCallArguments, prefix: String,
        isFinal: Bool
    ) throws(ContainmentError) {
        switch method {
        case "addChild":
            // checkAddChild checks the child exists, with the same error.
            let child = try args.id("child")
            if let childIndex = try checkAddChild(child, to: index, field: args.field("child")) {
                finishCall(isFinal) { linkChild(child, at: childIndex, to: index) }
            }
        case "removeFromParent":
            finishCall(isFinal) { removeFromParentController(controller, at: index) }
        case "willMove":
            let parent = try optionalControllerArgument(args, "toParent")
            finishCall(isFinal) { willMove(controller, at: index, toParent: parent) }
        case "didMove":
            didMove(controller, toParent: try optionalControllerArgument(args, "toParent"))
        case "beginAppearanceTransition":
            let appearing = try args.bool("isAppearing")
            let animated = try args.bool("animated", default: false)
            finishCall(isFinal) {
                beginAppearanceTransition(controller, appearing: appearing, animated: animated, driver: .manual)
            }
        case "endAppearanceTransition":
            finishCall(isFinal) { endAppearanceTransition(controller) }
        case "transition":
            let from = try controllerArgument(args, "from")
            let to = try controllerArgument(args, "to")
            _ = try startTransition(
                parent: controller, from: from, to: to, duration: try args.number("duration", default: 0.25),
                options: try args.strings("options", default: []), completion: [], field: prefix + "args.")
        case "loadViewIfNeeded":
            finishCall(isFinal) { loadViewIfNeeded(controller) }
        case "unloadView":
            try unloadView(controller)
        case "setNeedsStatusBarAppearanceUpdate":
            emit(controller, "setNeedsStatusBarAppearanceUpdate")
        case "present", "dismiss", "beginInteractiveDismissal", "updateInteractiveDismissal", "finishInteractiveDismissal",
            "cancelInteractiveDismissal":
            try applyPresentationCall(controller, method, args)
        default:
            try applyContainerCall(controller, method, args, prefix: prefix)
        }
    }

    /// `loaded`: the receiver's handle when `apply` found it among the views, so it needs no resolving.
    private func applyViewCall(
        _ receiver: String, _ method: String, _ args: RawCallArguments, prefix: String, loaded: NodeHandle?, isFinal: Bool
    ) throws(ContainmentError) {
        guard Self.isViewMethod(method) else { throw unknownMethod(method, "view", prefix: prefix) }
        let view: NodeHandle
        if let loaded {
            view = loaded
        } else {
            view = try resolveView(receiver, field: prefix + "receiver")
        }
        switch method {
        case "addSubview", "insertSubview":
            let subview = try args.id("view")
            let index = method == "insertSubview" ? try args.index("at") : nil
            let move = try checkAddSubview(try resolveView(subview, field: args.field("view")), to: view, at: index)
            finishCall(isFinal) { moveSubview(move) }
        case "removeFromSuperview":
            finishCall(isFinal) { removeFromSuperview(view) }
        case "layoutIfNeeded":
            finishCall(isFinal) { layoutIfNeeded(view) }
        default:
            let frame = try args.rect("frame")
            finishCall(isFinal) { setFrame(view, frame) }
        }
    }
}
