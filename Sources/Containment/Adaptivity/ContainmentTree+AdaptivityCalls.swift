/// The raw calls of routing, traits, screen deciders and user actions
/// (docs/uikit-rules-adaptivity.md), on controllers; false for a method that is not one of them.
extension ContainmentTree {
    func applyAdaptivityCall(_ controller: String, _ method: String, _ args: RawCallArguments) throws(ContainmentError) -> Bool {
        switch method {
        // `show(_:sender:)`; a split view controller's `show(_ column:)` takes `column` instead.
        case "show" where args.values["column"] == nil:
            let shown = try routedController(args)
            _ = try args.optionalSender("sender")
            try show(shown, from: controller)
        case "showDetailViewController":
            let shown = try routedController(args)
            _ = try args.optionalSender("sender")
            try showDetailViewController(shown, from: controller)
        case "targetViewController":
            let action = try args.rawValue("forAction", as: RoutingAction.self)
            _ = try args.optionalSender("sender")
            ongoing.result = targetViewController(forAction: action, from: controller).map(JSONValue.string) ?? .null
        case "setOverrideTraitCollection":
            let collection = try Self.traitCollectionArgument(args.json("collection"), field: args.field("collection"))
            let child = try args.id("forChild")
            try requireController(child, field: args.field("forChild"))
            try setOverrideTraitCollection(collection, forChild: child, of: controller)
        case "setNeedsUpdateOfHomeIndicatorAutoHidden", "setNeedsUpdateOfScreenEdgesDeferringSystemGestures":
            emit(controller, method)
        case "tapTabBarItem" where nodes.controllers[existing: controller].kind == .tabBarController:
            try tapTabBarItem(controller, index: try args.index("index"), field: args.field("index"))
        case "tapMoreBackButton" where nodes.controllers[existing: controller].kind == .tabBarController:
            try tapMoreBackButton(controller, field: args.prefix + "method")
        default:
            return false
        }
        return true
    }

    /// The `viewController` of `show` and `showDetailViewController`, which must exist.
    private func routedController(_ args: RawCallArguments) throws(ContainmentError) -> String {
        let shown = try args.id("viewController")
        try requireController(shown, field: args.field("viewController"))
        return shown
    }
}
