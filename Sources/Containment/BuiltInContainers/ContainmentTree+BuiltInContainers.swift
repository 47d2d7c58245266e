/// Built-in containers (docs/uikit-rules.md, rules 13–15) dispatched by kind; each is built from the
/// same operations as custom containers: addChild/willMove, views in the container's own
/// view, appearance by transitions, didMove/removeFromParent in the completion.
extension ContainmentTree {
    static let navigationBarHeight = 44.0
    static let tabBarHeight = 49.0
    /// UINavigationController's push/pop animation.
    static let navigationDuration = 0.35

    func applyContainerCall(_ controller: String, _ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        let kind = nodes.controllers[existing: controller].kind
        switch (kind, method) {
        case (.navigationController, "pushViewController"):
            try pushViewController(try controllerList(args, "viewController").0, on: controller, animated: try args.bool("animated", default: true))
        case (.navigationController, "popViewController"):
            try popViewController(controller, animated: try args.bool("animated", default: true))
        case (.navigationController, "popToRootViewController"):
            let stack = nodes.controllers[existing: controller].stack ?? []
            let animated = try args.bool("animated", default: true)
            if let root = stack.first {
                try setNavigationStack(controller, [root], animated: animated, field: args.field("animated"))
            }
        case (.navigationController, "popToViewController"):
            let target = try controllerList(args, "viewController").0
            let stack = nodes.controllers[existing: controller].stack ?? []
            guard let index = stack.firstIndex(of: target) else {
                throw .internalInconsistency(code: "not_in_stack", "Tried to pop to a view controller that doesn't exist.")
            }
            try setNavigationStack(
                controller, Array(stack[...index]), animated: try args.bool("animated", default: true), field: args.field("viewController"))
        case (.navigationController, "setViewControllers"):
            let list = try controllerList(args, "viewControllers").1
            try setNavigationStack(controller, list, animated: try args.bool("animated", default: false), field: args.field("viewControllers"))
        case (.navigationController, "beginInteractivePop"):
            try beginInteractivePop(controller)
        case (.navigationController, "updateInteractivePop"):
            let percent = try args.number("percent")
            guard (0...1).contains(percent) else { throw .invalidArgument(field: args.field("percent"), "percent must be within 0...1") }
            try updateInteractivePop(controller, percent: percent)
        case (.navigationController, "finishInteractivePop"):
            try endInteractivePop(controller, finish: true)
        case (.navigationController, "cancelInteractivePop"):
            try endInteractivePop(controller, finish: false)
        case (.tabBarController, "setViewControllers"):
            try refuseViewControllersIfTabs(controller, method: "setViewControllers")
            // UIKit's `setViewControllers(_:animated:)`: the flag is checked, and changes no callback.
            _ = try args.bool("animated", default: false)
            try setTabs(controller, try controllerList(args, "viewControllers").1, field: args.field("viewControllers"))
        case (.tabBarController, "setSelectedIndex"):
            let index = try args.index("index")
            guard index < (nodes.controllers[existing: controller].stack ?? []).count else {
                throw .invalidArgument(field: args.field("index"), "index is beyond the tabs")
            }
            try selectRootTab(controller, index, field: args.field("index"))
        case (.tabBarController, "setSelectedViewController"):
            // `moreNavigationController`, which is not one of the tree's controllers.
            if try args.id("viewController") == MoreNavigationState.id(of: controller) {
                try selectMore(controller, field: args.field("viewController"))
                return
            }
            let child = try controllerList(args, "viewController").0
            // Apple: "The specified view controller must be in the viewControllers array."
            guard let index = (nodes.controllers[existing: controller].stack ?? []).firstIndex(of: child) else {
                throw .invalidArgument(field: args.field("viewController"), "viewController is not one of the tabs")
            }
            try selectRootTab(controller, index, field: args.field("viewController"))
        case (.tabBarController, "setCustomizableViewControllers"):
            try setCustomizableViewControllers(controller, args)
        case (.tabBarController, "setTabs"):
            // The flag animates the tab bar's items only (rule 14), so it changes no callback.
            _ = try args.bool("animated", default: false)
            try setRootTabs(controller, try tabList(args, "tabs"), field: args.field("tabs"))
        case (.tabBarController, "setSelectedTab"):
            try setSelectedTab(controller, try args.id("identifier"), field: args.field("identifier"))
        case (.tabBarController, "tapTab"):
            try tapTab(controller, try args.id("identifier"), field: args.field("identifier"))
        case (.tabBarController, "setMode"):
            setTabBarMode(controller, try args.rawValue("mode", as: TabBarMode.self))
        case (.tabBarController, "sidebar.setHidden"):
            setSidebarHidden(controller, try args.bool("hidden"))
        case (.tabBarController, "setTabBarHidden"):
            // The flag animates the bar only (rule 14, "The sidebar"), so it changes no callback.
            let hidden = try args.bool("hidden")
            _ = try args.bool("animated", default: false)
            setTabBarHidden(controller, hidden)
        case (.tabBarController, "setCompactTabIdentifiers"):
            try setCompactTabIdentifiers(controller, try args.optionalStrings("identifiers"), field: args.field("identifiers"))
        case (.splitViewController, "setViewController"):
            let child = try controllerList(args, "viewController").0
            let column = try args.rawValue("column", as: SplitColumn.self)
            // No public text of UIKit's exception is known; the engine refuses it as an argument.
            if column == .compact, !hasColumnStyle(controller) {
                throw .invalidArgument(
                    field: args.field("column"), "only a column-style split view controller (style doubleColumn or tripleColumn) has a compact column")
            }
            if column == .supplementary, !hasTripleColumns(controller) {
                throw .invalidArgument(field: args.field("column"), "only a tripleColumn split view controller has a supplementary column")
            }
            try setSplitColumn(controller, child, column: column)
        case (.splitViewController, "viewController"):
            // `viewController(for:)`: answered in the batch's `results`, with no event.
            let column = try args.rawValue("column", as: SplitColumn.self)
            ongoing.result = nodes.controllers[existing: controller].split?.controller(for: column).map(JSONValue.string) ?? .null
        case (.splitViewController, "show"):
            try showSplitColumn(controller, try args.rawValue("column", as: SplitColumn.self), show: true)
        case (.splitViewController, "hide"):
            try showSplitColumn(controller, try args.rawValue("column", as: SplitColumn.self), show: false)
        case (.pageViewController, _):
            try applyPageCall(controller, method, args, prefix: prefix)
        default:
            throw .invalidArgument(field: prefix + "method", "\(method) is not a method of a \(kind.rawValue)")
        }
    }

    /// One existing controller id (`.0`) or a list of them (`.1`) from `args[key]`.
    func controllerList(_ args: RawCallArguments, _ key: String) throws(ContainmentError) -> (String, [String]) {
        if case .array = args.values[key] {
            let ids = try args.strings(key)
            for (index, id) in ids.enumerated() where nodes.controllers[id] == nil {
                throw .notFound(code: "controller_not_found", "no controller \(id)", field: args.field(key) + "[\(index)]")
            }
            return ("", ids)
        }
        let id = try args.id(key)
        try requireController(id, field: args.field(key))
        return (id, [id])
    }

    /// The frame a built-in container gives its content child.
    func contentFrame(of container: String) -> Rect {
        let node = nodes.controllers[existing: container]
        let bounds = (node.isViewLoaded ? nodes.views[existing: node.viewID].frame : Rect(size: nodes.window.size)).bounds
        switch node.kind {
        case .navigationController:
            let bar = min(Self.navigationBarHeight, bounds.height)
            return Rect(x: 0, y: bar, width: bounds.width, height: bounds.height - bar)
        case .tabBarController:
            // A tab on More's stack sits under More's navigation bar.
            let bar = node.more?.top != nil && node.more?.top == shownTab(of: container) ? min(Self.navigationBarHeight, bounds.height) : 0
            return Rect(x: 0, y: bar, width: bounds.width, height: max(0, bounds.height - Self.tabBarHeight - bar))
        case .viewController, .splitViewController, .pageViewController, .alertController, .activityViewController, .imagePickerController, .searchController:
            return bounds
        }
    }

    /// The frames a built-in container gives the views in its root view after a size change
    /// (its bar, its content child or columns); nil for custom containers, whose subviews
    /// follow the autoresizing rule instead.
    func builtInLayout(_ container: String) -> [(String, Rect)]? {
        guard let node = nodes.controllers[container], node.kind.isBuiltInContainer, let root = nodes.views[node.viewID] else { return nil }
        let bounds = root.frame.bounds
        var frames: [(String, Rect)] = []
        for subviewHandle in root.subviews {
            let subview = nodes.views.id(subviewHandle)
            if subview == container + ".navigationBar" {
                frames.append((subview, Rect(x: 0, y: 0, width: bounds.width, height: min(Self.navigationBarHeight, bounds.height))))
            } else if subview == container + ".tabBar" {
                let height = min(Self.tabBarHeight, bounds.height)
                frames.append((subview, Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)))
            } else if let owner = nodes.views[subviewHandle].owner {
                let child = nodes.controllers.id(owner)
                switch node.kind {
                case .splitViewController:
                    frames.append((subview, splitFrame(container, node.split?.column(of: child) ?? .secondary)))
                case .pageViewController:
                    frames.append((subview, pageFrame(child, of: container)))
                case .navigationController, .tabBarController, .viewController, .alertController, .activityViewController, .imagePickerController,
                    .searchController:
                    frames.append((subview, contentFrame(of: container)))
                }
            }
        }
        return frames
    }

    /// Where content goes in a built-in container's view: under its bar.
    func contentIndex(in container: String) -> Int {
        let node = nodes.controllers[existing: container]
        let subviews = nodes.views[node.viewID]?.subviews ?? []
        let bars = Set(node.containerViews.map(\.id))
        return subviews.firstIndex { bars.contains(nodes.views.id($0)) } ?? subviews.count
    }

    /// Replaces a built-in container's list of children (stack or tabs): the removed get
    /// `willMove(nil)` (last first), the added `addChild`; returns the completion that
    /// removes the removed (last first) and calls `didMove` on the added, for the caller to
    /// run once it has listed `newList` (`listChildren`). Overrides of those callbacks may
    /// change the list (rule 40): one that set it took this call's place (nil); one that
    /// only took controllers out leaves them out.
    func exchangeChildren(of container: String, with newList: [String], field: String) throws(ContainmentError) -> [RawCall]? {
        let oldList = nodes.controllers[existing: container].stack ?? []
        let oldSet = Set(oldList)
        let newSet = Set(newList)
        let removed = Array(oldList.filter { !newSet.contains($0) }.reversed())
        let added = newList.filter { !oldSet.contains($0) }
        let isSuperseded = {
            let list = self.nodes.controllers[existing: container].stack ?? []
            return list != oldList.filter(Set(list).contains)
        }
        for controller in removed {
            willMove(controller, toParent: nil)
            if isSuperseded() { return try yieldExchange(of: container, removed: removed, added: []) }
        }
        for (index, controller) in added.enumerated() {
            try addChildController(controller, to: container, field: field)
            if isSuperseded() { return try yieldExchange(of: container, removed: removed, added: Array(added[...index])) }
        }
        return removed.filter { isListable($0, in: container) }.map { RawCall(receiver: $0, method: "removeFromParent") }
            + added.filter { isListable($0, in: container) }.map { RawCall(receiver: $0, method: "didMove", args: ["toParent": .string(container)]) }
    }

    /// Writes a built-in container's list once its exchange's callbacks have run: without
    /// the controllers an override took out of the container meanwhile.
    @discardableResult
    func listChildren(of container: String, as list: [String]) -> [String] {
        let listed = list.filter { isListable($0, in: container) }
        editController(container) { $0.stack = listed }
        arrangeChildren(of: container, as: listed)
        return listed
    }

    /// Still the container's: its child, or a tab on its More navigation controller's stack.
    private func isListable(_ controller: String, in container: String) -> Bool {
        parentID(of: controller) == container || nodes.controllers[existing: container].more?.top == controller
    }

    /// An exchange an override's list took the place of: what it added that the list leaves
    /// out leaves again, and what it removed leaves unless listed again; the override's call
    /// told the listed their `didMove`.
    private func yieldExchange(of container: String, removed: [String], added: [String]) throws(ContainmentError) -> [RawCall]? {
        let isStray = { (controller: String) in
            self.parentID(of: controller) == container && !(self.nodes.controllers[existing: container].stack ?? []).contains(controller)
        }
        let strays = added.reversed().filter(isStray)
        for controller in strays {
            willMove(controller, toParent: nil)
        }
        try runCalls((removed + strays).filter(isStray).map { RawCall(receiver: $0, method: "removeFromParent") })
        return nil
    }

    /// A navigation or tab bar controller's `children` is its `viewControllers`, in that
    /// order (docs/uikit-rules-corrections.md): the listed children are put in the list's
    /// order; those leaving (removed when the transition completes) stay in front of them.
    func arrangeChildren(of container: String, as list: [String]) {
        let containerHandle = nodes.controllers.existing(container)
        let children = nodes.controllers[containerHandle].children
        let listed = Set(list.compactMap { controllerHandle(named: $0) })
        let leaving = children.filter { !listed.contains($0) }
        let arranged = list.compactMap { controllerHandle(named: $0) }.filter { readController($0, { $0.parent }) == containerHandle }
        guard children != leaving + arranged else { return }
        for child in children where listed.contains(child) {
            removeChildLink(child, from: containerHandle)
        }
        for child in arranged {
            appendChildLink(child, to: containerHandle)
        }
    }

    /// Swaps the content child shown in a built-in container's view: a transition when the
    /// old one is showing there, else plain view moves; `completion` runs when done.
    /// `appearingFirst`: the new child's "will" comes before the old one's (a tab bar, rule 14).
    func showContent(
        of container: String, from oldTop: String?, to newTop: String?, duration: Double, completion: [RawCall], animates: Bool = true,
        appearingFirst: Bool = false
    ) throws(ContainmentError) {
        let node = nodes.controllers[existing: container]
        guard node.isViewLoaded, oldTop != newTop else {
            try runCalls(completion)
            return
        }
        if animates, let oldTop, let newTop, nodes.controllers[existing: oldTop].isViewLoaded,
            superviewID(of: nodes.controllers[existing: oldTop].viewID) == node.viewID
        {
            loadViewIfNeeded(newTop)
            setFrame(nodes.controllers[existing: newTop].viewID, contentFrame(of: container))
            _ = try startTransition(
                parent: container, from: oldTop, to: newTop, duration: duration, options: [], completion: completion, field: "",
                reportsCompletion: false, insertAt: contentIndex(in: container), appearingFirst: appearingFirst)
            return
        }
        if let oldTop, let oldNode = nodes.controllers[oldTop], oldNode.isViewLoaded, superviewID(of: oldNode.viewID) == node.viewID {
            removeFromSuperview(oldNode.viewID)
            // Replaced from its own `viewWillAppear` override.
            turnAwayIfAppearing(oldTop)
        }
        if let newTop {
            loadViewIfNeeded(newTop)
            let viewID = nodes.controllers[existing: newTop].viewID
            setFrame(viewID, contentFrame(of: container))
            try addSubview(viewID, to: node.viewID, at: contentIndex(in: container))
        }
        try runCalls(completion)
    }

    /// Loading a built-in container's view puts its current content child in it.
    func showInitialContent(of container: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: container]
        let content: String?
        switch node.kind {
        case .navigationController: content = node.stack?.last
        case .tabBarController: content = shownTab(of: container)
        case .splitViewController:
            try showSplitColumns(container)
            return
        case .pageViewController:
            try showCurrentPages(of: container)
            return
        case .viewController, .alertController, .activityViewController, .imagePickerController, .searchController: content = nil
        }
        if let content {
            try showContent(of: container, from: nil, to: content, duration: 0, completion: [])
        }
    }
}
