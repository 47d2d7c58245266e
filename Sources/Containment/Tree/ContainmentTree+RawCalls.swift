/// DESIGN.md's "Raw calls": UIKit's methods by their Swift names, dispatched on the kind of
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

    func apply(_ call: RawCall, field prefix: String) throws(ContainmentError) {
        let args = RawCallArguments(call.args, prefix: prefix)
        if call.method == "runLoop" {
            flushTurn()
            return
        }
        if call.receiver == WindowState.viewID {
            try applyWindowCall(call.method, args, prefix: prefix)
        } else if let index = controllers.index(forKey: call.receiver) {
            try applyControllerCall(call.receiver, at: index, call.method, args, prefix: prefix)
        } else if views.index(forKey: call.receiver) != nil {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, isLoaded: true)
        } else if isUnloadedViewID(call.receiver) {
            try applyViewCall(call.receiver, call.method, args, prefix: prefix, isLoaded: false)
        } else {
            throw .notFound(code: "receiver_not_found", "no controller or view \(call.receiver)", field: prefix + "receiver")
        }
    }

    /// Whether `id` names a view that is not loaded (without loading it).
    func isUnloadedViewID(_ id: String) -> Bool {
        containerViewOwners[id] != nil || (id.hasSuffix(".view") && controllers.index(forKey: String(id.dropLast(5))) != nil)
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
        _ controller: String, at index: ControllerIndex, _ method: String, _ args: RawCallArguments, prefix: String
    ) throws(ContainmentError) {
        switch method {
        case "addChild":
            // addChildController checks the child exists, with the same error.
            try addChildController(try args.id("child"), to: controller, field: args.field("child"))
        case "removeFromParent":
            removeFromParentController(controller, at: index)
        case "willMove":
            willMove(controller, at: index, toParent: try optionalControllerArgument(args, "toParent"))
        case "didMove":
            didMove(controller, toParent: try optionalControllerArgument(args, "toParent"))
        case "beginAppearanceTransition":
            let appearing = try args.bool("isAppearing")
            let animated = try args.bool("animated", default: false)
            beginAppearanceTransition(controller, appearing: appearing, animated: animated, driver: .manual)
        case "endAppearanceTransition":
            endAppearanceTransition(controller)
        case "transition":
            let from = try controllerArgument(args, "from")
            let to = try controllerArgument(args, "to")
            _ = try startTransition(
                parent: controller, from: from, to: to, duration: try args.number("duration", default: 0.25),
                options: try args.strings("options", default: []), completion: [], field: prefix + "args.")
        case "loadViewIfNeeded":
            loadViewIfNeeded(controller)
        case "unloadView":
            try unloadView(controller)
        case "setNeedsStatusBarAppearanceUpdate":
            emit(controller, "setNeedsStatusBarAppearanceUpdate")
        default:
            try applyContainerCall(controller, method, args, prefix: prefix)
        }
    }

    /// `isLoaded`: `apply` found the receiver among the views, so it needs no resolving.
    private func applyViewCall(
        _ receiver: String, _ method: String, _ args: RawCallArguments, prefix: String, isLoaded: Bool
    ) throws(ContainmentError) {
        guard Self.isViewMethod(method) else { throw unknownMethod(method, "view", prefix: prefix) }
        let view = isLoaded ? receiver : try resolveView(receiver, field: prefix + "receiver")
        switch method {
        case "addSubview":
            let subview = try args.id("view")
            try addSubview(try resolveView(subview, field: args.field("view")), to: view)
        case "insertSubview":
            let subview = try args.id("view")
            let index = try args.index("at")
            try addSubview(try resolveView(subview, field: args.field("view")), to: view, at: index)
        case "removeFromSuperview":
            removeFromSuperview(view)
        case "layoutIfNeeded":
            layoutIfNeeded(view)
        default:
            setFrame(view, try args.rect("frame"))
        }
    }
}
