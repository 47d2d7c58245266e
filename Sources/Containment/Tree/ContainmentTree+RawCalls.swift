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
    /// An argument the method did not read is refused: by `finishCall`, before the part
    /// without undo (every read comes before it), and for the other methods after they ran,
    /// when their undo entries let the refusal roll them back.
    func apply(_ call: RawCall, field prefix: String, isFinal: Bool = false) throws(ContainmentError) {
        let args = RawCallArguments(call.args, prefix: prefix, method: call.method)
        try dispatch(call, args, prefix: prefix, isFinal: isFinal)
        try args.checkNoneUnread()
    }

    private func dispatch(_ call: RawCall, _ args: RawCallArguments, prefix: String, isFinal: Bool) throws(ContainmentError) {
        if call.method == "runLoop" {
            try finishCall(isFinal, args) { flushTurn() }
            return
        }
        // A root view id cannot name a controller: its lookup would only miss.
        let isRootViewID = ControllerNode.isRootViewID(call.receiver)
        if call.receiver == WindowState.viewID {
            try applyWindowCall(call.method, args, prefix: prefix)
        } else if !isRootViewID, let index = controllerHandle(named: call.receiver) {
            try applyControllerCall(call.receiver, at: index, call.method, args, prefix: prefix, isFinal: isFinal)
        } else if let view = nodes.views.handle(call.receiver) {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, loaded: view, isFinal: isFinal)
        } else if isUnloadedViewID(call.receiver, isRootViewID: isRootViewID) {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, loaded: nil, isFinal: isFinal)
        } else {
            throw .notFound(code: "receiver_not_found", "no controller or view \(call.receiver)", field: prefix + "receiver")
        }
    }

    /// Runs the part of a call after everything in it that can fail; for a final call (see
    /// `apply`) without undo entries, since nothing can roll it back anymore: its arguments
    /// are all read by then, so one it did not read is refused first.
    private func finishCall(_ isFinal: Bool, _ args: RawCallArguments, _ body: () -> Void) throws(ContainmentError) {
        if isFinal {
            try args.checkNoneUnread()
            withoutUndo(body)
        } else {
            body()
        }
    }

    /// Whether `id` names a view that is not loaded (without loading it).
    func isUnloadedViewID(_ id: String, isRootViewID: Bool) -> Bool {
        nodes.containerViewOwners[id] != nil || (isRootViewID && controllerHandle(named: ControllerNode.controllerID(ofRootView: id)) != nil)
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
            let size = try args.size("size")
            try setWindowSize(size, horizontalSizeClass: try args.optionalRawValue("horizontalSizeClass", as: SizeClass.self))
        case "setActivationState":
            setActivationState(try args.rawValue("state", as: ActivationState.self))
        case "setHorizontalSizeClass":
            try setHorizontalSizeClass(try args.rawValue("sizeClass", as: SizeClass.self))
        case "tapOutsidePopover":
            try tapOutsidePopover(shouldDismiss: try args.bool("shouldDismiss", default: true))
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
                // Only overrides re-entering the call can make the link fail (rule 40); the
                // undo log then records (`withoutUndo`), so the failure rolls back.
                var failure: ContainmentError?
                try finishCall(isFinal, args) {
                    do throws(ContainmentError) { try linkChild(child, at: childIndex, to: index) } catch { failure = error }
                }
                if let failure { throw failure }
            }
        case "removeFromParent":
            try finishCall(isFinal, args) { removeFromParentController(controller, at: index) }
        case "willMove":
            let parent = try optionalControllerArgument(args, "toParent")
            try finishCall(isFinal, args) { willMove(controller, at: index, toParent: parent) }
        case "didMove":
            didMove(controller, toParent: try optionalControllerArgument(args, "toParent"))
        case "beginAppearanceTransition":
            let appearing = try args.bool("isAppearing")
            let animated = try args.bool("animated", default: false)
            try finishCall(isFinal, args) {
                beginAppearanceTransition(controller, appearing: appearing, animated: animated, driver: .manual)
            }
        case "endAppearanceTransition":
            try finishCall(isFinal, args) { endAppearanceTransition(controller) }
        case "transition":
            let from = try controllerArgument(args, "from")
            let to = try controllerArgument(args, "to")
            _ = try startTransition(
                parent: controller, from: from, to: to, duration: try args.number("duration", default: 0.25),
                options: try args.strings("options", default: []), completion: takePendingCompletion(), field: prefix + "args.")
        case "loadViewIfNeeded":
            try finishCall(isFinal, args) { loadViewIfNeeded(controller) }
        case "unloadView":
            try unloadView(controller)
        case "setNeedsStatusBarAppearanceUpdate":
            emit(controller, "setNeedsStatusBarAppearanceUpdate")
        case "present", "dismiss", "beginInteractiveDismissal", "updateInteractiveDismissal", "finishInteractiveDismissal",
            "cancelInteractiveDismissal", "dragSheet", "animateChanges":
            try applyPresentationCall(controller, method, args)
        case "performSegue", "triggerSegue":
            try applySegueCall(controller, method, args)
        case "setActive", "tapSearchBar", "tapSearchBarCancelButton":
            try applySearchCall(controller, method, args, prefix: prefix)
        default:
            if try applyAdaptivityCall(controller, method, args) { return }
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
            try finishCall(isFinal, args) { moveSubview(move) }
        case "removeFromSuperview":
            try finishCall(isFinal, args) { removeFromSuperview(view) }
        case "layoutIfNeeded":
            try finishCall(isFinal, args) { layoutIfNeeded(view) }
        default:
            let frame = try args.rect("frame")
            try finishCall(isFinal, args) { setFrame(view, frame) }
        }
    }
}

extension ContainmentTree {
    /// The completion block a traced batch gave the top-level `transition` call being applied;
    /// taken once, so a `transition` an override makes inside it starts with an empty block.
    func takePendingCompletion() -> [RawCall] {
        defer { ongoing.pendingCompletion = [] }
        return ongoing.pendingCompletion
    }
}
