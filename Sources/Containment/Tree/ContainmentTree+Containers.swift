/// Built-in containers (SEMANTICS rules 13–15) dispatched by kind; each is built from the
/// same operations as custom containers: addChild/willMove, views in the container's own
/// view, appearance by transitions, didMove/removeFromParent in the completion.
extension ContainmentTree {
    static let navigationBarHeight = 44.0
    static let tabBarHeight = 49.0
    /// UINavigationController's push/pop animation.
    static let navigationDuration = 0.35

    func applyContainerCall(_ controller: String, _ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        let kind = controllers[controller]!.kind
        switch (kind, method) {
        case (.navigationController, "pushViewController"):
            try pushViewController(try controllerList(args, "viewController").0, on: controller, animated: try args.bool("animated", default: true))
        case (.navigationController, "popViewController"):
            try popViewController(controller, animated: try args.bool("animated", default: true))
        case (.navigationController, "popToRootViewController"):
            let stack = controllers[controller]!.stack ?? []
            if let root = stack.first {
                try setNavigationStack(controller, [root], animated: try args.bool("animated", default: true), field: args.field("animated"))
            }
        case (.navigationController, "popToViewController"):
            let target = try controllerList(args, "viewController").0
            let stack = controllers[controller]!.stack ?? []
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
            try setTabs(controller, try controllerList(args, "viewControllers").1, field: args.field("viewControllers"))
        case (.tabBarController, "setSelectedIndex"):
            let index = try args.index("index")
            guard index < (controllers[controller]!.stack ?? []).count else {
                throw .invalidArgument(field: args.field("index"), "index is beyond the tabs")
            }
            try selectTab(controller, index)
        case (.splitViewController, "setViewController"):
            let child = try controllerList(args, "viewController").0
            try setSplitColumn(controller, child, column: try args.rawValue("column", as: SplitColumn.self))
        case (.splitViewController, "show"):
            try showSplitColumn(controller, try args.rawValue("column", as: SplitColumn.self), show: true)
        case (.splitViewController, "hide"):
            try showSplitColumn(controller, try args.rawValue("column", as: SplitColumn.self), show: false)
        default:
            throw .invalidArgument(field: prefix + "method", "\(method) is not a method of a \(kind.rawValue)")
        }
    }

    /// One existing controller id (`.0`) or a list of them (`.1`) from `args[key]`.
    private func controllerList(_ args: RawCallArguments, _ key: String) throws(ContainmentError) -> (String, [String]) {
        if case .array = args.values[key] {
            let ids = try args.strings(key)
            for (index, id) in ids.enumerated() where controllers[id] == nil {
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
        let node = controllers[container]!
        let bounds = (node.isViewLoaded ? views[node.viewID]!.frame : Rect(size: window.size)).bounds
        switch node.kind {
        case .navigationController:
            let bar = min(Self.navigationBarHeight, bounds.height)
            return Rect(x: 0, y: bar, width: bounds.width, height: bounds.height - bar)
        case .tabBarController:
            return Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - Self.tabBarHeight))
        case .viewController, .splitViewController:
            return bounds
        }
    }

    /// Where content goes in a built-in container's view: under its bar.
    func contentIndex(in container: String) -> Int {
        let node = controllers[container]!
        let subviews = views[node.viewID]?.subviews ?? []
        let bars = Set(node.containerViews.map(\.id))
        return subviews.firstIndex { bars.contains($0) } ?? subviews.count
    }

    // MARK: Navigation (rule 13)

    func pushViewController(_ pushed: String, on navigation: String, animated: Bool) throws(ContainmentError) {
        let stack = controllers[navigation]!.stack ?? []
        if controllers[pushed]!.kind == .navigationController {
            throw .invalidArgumentException(code: "push_navigation_controller", "Pushing a navigation controller is not supported")
        }
        if stack.contains(pushed) {
            throw .invalidArgumentException(
                code: "push_same_instance",
                "Pushing the same view controller instance more than once is not supported (\(ContainmentError.describe(pushed)))")
        }
        try setNavigationStack(navigation, stack + [pushed], animated: animated, field: "args.viewController")
    }

    /// Popping the root does nothing.
    func popViewController(_ navigation: String, animated: Bool) throws(ContainmentError) {
        let stack = controllers[navigation]!.stack ?? []
        guard stack.count > 1 else { return }
        try setNavigationStack(navigation, Array(stack.dropLast()), animated: animated, field: "args.animated")
    }

    /// `setViewControllers(_:animated:)`, which push and pop are: the removed get
    /// `willMove(nil)`, the added `addChild`; one visible transition from the old top to the
    /// new top at most; its completion removes the removed and calls didMove on the added.
    func setNavigationStack(_ navigation: String, _ newStack: [String], animated: Bool, field: String) throws(ContainmentError) {
        guard Set(newStack).count == newStack.count else {
            throw .invalidArgumentException(code: "duplicate_view_controllers", "All view controllers in a navigation controller must be distinct")
        }
        for id in newStack where controllers[id]!.kind == .navigationController {
            throw .invalidArgumentException(code: "push_navigation_controller", "Pushing a navigation controller is not supported")
        }
        guard controllers[navigation]!.interactivePop == nil else {
            throw .internalInconsistency(code: "interactive_pop_in_progress", "An interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        finishRunningTransitions(of: navigation)
        try replaceStack(of: navigation, with: newStack, duration: animated ? Self.navigationDuration : 0, field: field)
    }

    /// The shared stack change of navigation and tab bar controllers.
    private func replaceStack(of container: String, with newStack: [String], duration: Double, field: String) throws(ContainmentError) {
        let oldStack = controllers[container]!.stack ?? []
        let oldSet = Set(oldStack)
        let newSet = Set(newStack)
        let removed = oldStack.filter { !newSet.contains($0) }.reversed()
        let added = newStack.filter { !oldSet.contains($0) }
        for controller in removed {
            willMove(controller, toParent: nil)
        }
        for controller in added {
            try addChildController(controller, to: container, field: field)
        }
        editController(container) { $0.stack = newStack }
        let completion =
            removed.map { RawCall(receiver: $0, method: "removeFromParent") }
            + added.map { RawCall(receiver: $0, method: "didMove", args: ["toParent": .string(container)]) }
        let oldTop = oldStack.last
        let newTop = newStack.last
        try showContent(of: container, from: oldTop, to: newTop, duration: duration, completion: completion)
    }

    /// Swaps the content child shown in a built-in container's view: a transition when the
    /// old one is showing there, else plain view moves; `completion` runs when done.
    func showContent(
        of container: String, from oldTop: String?, to newTop: String?, duration: Double, completion: [RawCall], animates: Bool = true
    ) throws(ContainmentError) {
        let node = controllers[container]!
        guard node.isViewLoaded, oldTop != newTop else {
            try runCalls(completion)
            return
        }
        if animates, let oldTop, let newTop, controllers[oldTop]!.isViewLoaded,
            views[controllers[oldTop]!.viewID]?.superview == node.viewID
        {
            loadViewIfNeeded(newTop)
            setFrame(controllers[newTop]!.viewID, contentFrame(of: container))
            _ = try startTransition(
                parent: container, from: oldTop, to: newTop, duration: duration, options: [], completion: completion, field: "",
                reportsCompletion: false, insertAt: contentIndex(in: container))
            return
        }
        if let oldTop, let oldNode = controllers[oldTop], oldNode.isViewLoaded, views[oldNode.viewID]?.superview == node.viewID {
            removeFromSuperview(oldNode.viewID)
        }
        if let newTop {
            loadViewIfNeeded(newTop)
            let viewID = controllers[newTop]!.viewID
            setFrame(viewID, contentFrame(of: container))
            try addSubview(viewID, to: node.viewID, at: contentIndex(in: container))
        }
        try runCalls(completion)
    }

    /// Loading a built-in container's view puts its current content child in it.
    func showInitialContent(of container: String) throws(ContainmentError) {
        let node = controllers[container]!
        let content: String?
        switch node.kind {
        case .navigationController: content = node.stack?.last
        case .tabBarController: content = node.selectedIndex.flatMap { node.stack?[$0] }
        case .splitViewController:
            try showSplitColumns(container)
            return
        case .viewController: content = nil
        }
        if let content {
            try showContent(of: container, from: nil, to: content, duration: 0, completion: [])
        }
    }

    // MARK: Interactive pop

    func beginInteractivePop(_ navigation: String) throws(ContainmentError) {
        let node = controllers[navigation]!
        let stack = node.stack ?? []
        guard node.interactivePop == nil else {
            throw .internalInconsistency(code: "interactive_pop_in_progress", "An interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        guard stack.count > 1, node.isViewLoaded else {
            throw .internalInconsistency(code: "nothing_to_pop", "\(ContainmentError.describe(navigation)) has nothing to pop")
        }
        finishRunningTransitions(of: navigation)
        let top = stack[stack.count - 1]
        let below = stack[stack.count - 2]
        willMove(top, toParent: nil)
        loadViewIfNeeded(below)
        let forwards = isOnScreen(node.viewID)
        if forwards {
            beginAppearanceTransition(top, appearing: false, animated: true, driver: .manual)
            beginAppearanceTransition(below, appearing: true, animated: true, driver: .manual)
        }
        setFrame(controllers[below]!.viewID, contentFrame(of: navigation))
        try addSubview(controllers[below]!.viewID, to: node.viewID, at: 0)
        editController(navigation) { $0.interactivePop = InteractivePop(from: top, to: below, percent: 0) }
    }

    func updateInteractivePop(_ navigation: String, percent: Double) throws(ContainmentError) {
        guard controllers[navigation]!.interactivePop != nil else {
            throw .internalInconsistency(code: "no_interactive_pop", "No interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        editController(navigation) { $0.interactivePop?.percent = percent }
    }

    /// Finish: the pop completes (top's "did", below's "did", top leaves). Cancel: both
    /// reverse (below will/did disappear, top will/did appear) and the stack stays.
    func endInteractivePop(_ navigation: String, finish: Bool) throws(ContainmentError) {
        guard let pop = controllers[navigation]!.interactivePop else {
            throw .internalInconsistency(code: "no_interactive_pop", "No interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        editController(navigation) { $0.interactivePop = nil }
        let began = controllers[pop.from]!.appearanceDriver == .manual
        if finish {
            removeFromSuperview(controllers[pop.from]!.viewID)
            if began {
                endAppearanceTransition(pop.from)
                endAppearanceTransition(pop.to)
            }
            editController(navigation) { $0.stack?.removeLast() }
            removeFromParentController(pop.from)
        } else {
            if began, !isOnScreen(controllers[navigation]!.viewID) {
                // The window went away meanwhile: settle whatever is still in flight.
                for controller in [pop.to, pop.from] where controllers[controller]!.appearanceDriver == .manual {
                    endAppearanceTransition(controller)
                }
            } else if began {
                beginAppearanceTransition(pop.to, appearing: false, animated: true, driver: .manual)
                endAppearanceTransition(pop.to)
                beginAppearanceTransition(pop.from, appearing: true, animated: true, driver: .manual)
                endAppearanceTransition(pop.from)
            }
            removeFromSuperview(controllers[pop.to]!.viewID)
            didMove(pop.from, toParent: navigation)
            flagMoving(pop.from, toParent: true)
        }
    }

    // MARK: Tab bar (rule 14)

    /// `setViewControllers` on a tab bar: the selected tab stays selected if kept, else the
    /// first tab is selected; only the selected child's view is in the hierarchy.
    func setTabs(_ tabBar: String, _ tabs: [String], field: String) throws(ContainmentError) {
        guard Set(tabs).count == tabs.count else {
            throw .invalidArgumentException(code: "duplicate_view_controllers", "All view controllers in a tab bar controller must be distinct")
        }
        let node = controllers[tabBar]!
        let oldSelected = node.selectedIndex.flatMap { node.stack?[$0] }
        let newSelected = oldSelected.flatMap { tabs.firstIndex(of: $0) } ?? (tabs.isEmpty ? nil : 0)
        let oldStack = node.stack ?? []
        let oldSet = Set(oldStack)
        let newSet = Set(tabs)
        let removed = oldStack.filter { !newSet.contains($0) }
        let added = tabs.filter { !oldSet.contains($0) }
        for controller in removed { willMove(controller, toParent: nil) }
        for controller in added { try addChildController(controller, to: tabBar, field: field) }
        editController(tabBar) { node in
            node.stack = tabs
            node.selectedIndex = newSelected
        }
        let completion =
            removed.map { RawCall(receiver: $0, method: "removeFromParent") }
            + added.map { RawCall(receiver: $0, method: "didMove", args: ["toParent": .string(tabBar)]) }
        try showContent(of: tabBar, from: oldSelected, to: newSelected.map { tabs[$0] }, duration: 0, completion: completion)
        finishRunningTransitions(of: tabBar)
    }

    /// Rule 14: synchronously hides the old tab and shows the new one; the new tab's view
    /// loads on first selection; selecting the current tab does nothing.
    func selectTab(_ tabBar: String, _ index: Int) throws(ContainmentError) {
        let node = controllers[tabBar]!
        guard node.selectedIndex != index, let tabs = node.stack else { return }
        let old = node.selectedIndex.map { tabs[$0] }
        editController(tabBar) { $0.selectedIndex = index }
        try showContent(of: tabBar, from: old, to: tabs[index], duration: 0, completion: [])
        finishRunningTransitions(of: tabBar)
    }
}
