/// Snapshots as Codable values and the `_printHierarchy`-style text dump. Both walk
/// iteratively, so any depth works.
extension ContainmentTree {
    /// The whole tree, as `GET /v1/trees/{tree}` shows it.
    public func snapshot() -> TreeSnapshot {
        var viewSnapshots: [String: ViewSnapshot] = [:]
        for (_, viewID, node) in nodes.views.all {
            viewSnapshots[viewID] = viewSnapshot(node, id: viewID)
        }
        var controllerSnapshots: [String: ControllerSnapshot] = [:]
        let links = allPresentationLinks()
        let sizeClasses = overriddenSizeClasses()
        for (_, controllerID, node) in nodes.controllers.all {
            var snapshot = controllerSnapshot(node, view: node.isViewLoaded ? viewSnapshots[node.viewID] : nil)
            addPresentation(of: node, links: links[controllerID] ?? PresentationLinks(), to: &snapshot)
            snapshot.traitCollection = sizeClasses[controllerID].map { TraitOverrides(horizontalSizeClass: $0) }
            controllerSnapshots[controllerID] = snapshot
        }
        return TreeSnapshot(
            id: id, clock: configuration.clock,
            window: WindowSnapshot(
                size: nodes.window.size, horizontalSizeClass: nodes.window.horizontalSizeClass, visible: nodes.window.visible,
                rootViewController: nodes.window.rootViewController, statusBar: statusBarSnapshot(), homeIndicator: homeIndicatorSnapshot(),
                screenEdgesDeferringSystemGestures: screenEdgesSnapshot(), activationState: nodes.window.activationState),
            controllers: controllerSnapshots, views: viewSnapshots, lastSeq: lastSeq,
            time: configuration.clock == "manual" ? ISOTime.string(from: ongoing.now) : nil,
            nextDueTime: nextDueTime.map(ISOTime.string))
    }

    /// One controller.
    public func controller(_ id: String) throws(ContainmentError) -> ControllerSnapshot {
        guard let node = nodes.controllers[id] else {
            throw .notFound(code: "controller_not_found", "no controller \(id)")
        }
        let view = node.isViewLoaded ? nodes.views[node.viewID].map { viewSnapshot($0, id: node.viewID) } : nil
        var snapshot = controllerSnapshot(node, view: view)
        addPresentation(of: node, links: presentationLinks(of: id), to: &snapshot)
        if hasTraitOverrides, traitHierarchy().contains(where: { $0.id == id }) {
            let sizeClass = horizontalSizeClass(of: id)
            snapshot.traitCollection = sizeClass == nodes.window.horizontalSizeClass ? nil : TraitOverrides(horizontalSizeClass: sizeClass)
        }
        return snapshot
    }

    private func viewSnapshot(_ node: ViewNode, id: String) -> ViewSnapshot {
        let links = linkIDs(of: node)
        return ViewSnapshot(
            id: id, frame: node.frame, superview: links.superview, subviews: links.subviews, owner: links.owner, inWindow: node.inWindow)
    }

    private func controllerSnapshot(_ node: ControllerNode, view: ViewSnapshot?) -> ControllerSnapshot {
        var snapshot = ControllerSnapshot(
            id: node.id, kind: node.kind, title: node.title, parent: shownParent(of: node), children: shownChildren(of: node),
            isViewLoaded: node.isViewLoaded, view: view, containerViews: node.containerViews.map(\.id),
            appearance: node.appearance, isMovingToParent: node.isMovingToParent, isMovingFromParent: node.isMovingFromParent,
            automaticallyForwardsAppearance: node.automaticallyForwardsAppearance,
            preferredContentSize: node.preferredContentSize, statusBarSettings: node.statusBarSettings.resolved,
            properties: node.properties,
            viewControllers: node.stack, selectedIndex: node.selectedIndex, primary: node.split?.primary,
            secondary: node.split?.secondary, isCollapsed: node.split?.isCollapsed, isPrimaryHidden: node.split?.isPrimaryHidden,
            compact: node.split?.compact,
            childContentSizes: node.childContentSizes.isEmpty ? nil : node.childContentSizes,
            pageViewControllerSettings: node.pageViewControllerSettings)
        if let split = node.split {
            snapshot.supplementary = split.supplementary
            snapshot.displayMode = splitDisplayMode(node.id)
            snapshot.splitBehavior = snapshot.displayMode == nil ? nil : splitBehavior(node.id)
        }
        if node.kind == .tabBarController {
            snapshot.customizableViewControllers = node.customizableViewControllers ?? node.stack ?? []
            snapshot.mode = node.tabBarMode ?? .automatic
            snapshot.sidebar = TabBarSidebar(isHidden: node.sidebarIsHidden ?? Self.sidebarIsHiddenByDefault)
            snapshot.compactTabIdentifiers = node.compactTabIdentifiers
            snapshot.isTabBarHidden = node.isTabBarHidden ?? false
            if let tabs = node.tabs {
                snapshot.tabs = Tab.annotated(tabs)
                snapshot.selectedTab = Self.selectedTabPath(of: node).last?.identifier
            }
        }
        if let more = node.more {
            snapshot.moreNavigationController = MoreNavigationSnapshot(id: MoreNavigationState.id(of: node.id), viewControllers: more.top.map { [$0] } ?? [])
            snapshot.selectedViewController = more.isSelected ? MoreNavigationState.id(of: node.id) : nil
        }
        if node.hasExtras {
            snapshot.answers = node.answers
            snapshot.overrideTraitCollection = node.overrideTraitCollection
            if !node.overrides.isEmpty { snapshot.overrides = node.overrides }
            snapshot.segueSettings = node.segueSettings.resolved
        }
        return snapshot
    }

    /// An indented dump like UIKit's `_printHierarchy`: the window's root view controller
    /// and its descendants, then every detached controller tree.
    public func hierarchyText() -> String {
        var lines = [
            "<UIWindow \(WindowState.viewID)>, \(nodes.window.visible ? "visible" : "hidden"), size: \(Self.format(nodes.window.size.width))x\(Self.format(nodes.window.size.height)), horizontalSizeClass: \(nodes.window.horizontalSizeClass.rawValue)"
        ]
        var roots: [String] = []
        if let root = nodes.window.rootViewController { roots.append(root) }
        let detached = nodes.controllers.nodes.filter { $0.parent == nil && $0.presentation == nil && $0.id != nodes.window.rootViewController }
            .map(\.id).sorted()
        roots += detached
        var printed: Set<String> = []
        for (index, root) in roots.enumerated() {
            if index == (nodes.window.rootViewController == nil ? 0 : 1) { lines.append("detached:") }
            var stack = [(root, 0, false)]
            while let (controller, depth, isPresented) = stack.popLast() {
                // Each controller once: the links never loop (`checkNotPresenting`), and a dump
                // must end even if they did.
                guard let node = nodes.controllers[controller], printed.insert(controller).inserted else { continue }
                lines.append(Self.indentation(depth, presented: isPresented) + describeLine(node))
                // A presented controller follows its presenter's children, marked `+`.
                if let presented = node.presentedViewController {
                    stack.append((presented, depth + 1, true))
                }
                for child in childIDs(of: node).reversed() {
                    stack.append((child, depth + 1, false))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `_printHierarchy`'s `   | ` per level, capped so a very deep chain prints in linear
    /// size: past the cap the depth is written as a number.
    /// A presented controller's last level is `   + ` instead.
    static func indentation(_ depth: Int, presented: Bool = false) -> String {
        let cap = 32
        let levels = String(repeating: "   | ", count: min(depth, cap)) + (depth > cap ? "[\(depth)] " : "")
        guard presented, depth > 0, depth <= cap else { return levels }
        return String(levels.dropLast(5)) + "   + "
    }

    private func describeLine(_ node: ControllerNode) -> String {
        var line = "<\(Self.className(node.kind)) \(node.id)>, state: \(node.appearance.rawValue), view: "
        line += node.isViewLoaded ? "<UIView \(node.viewID)>" : "(view not loaded)"
        if node.isViewLoaded, !isInWindow(node.viewID) { line += " not in the window" }
        if let title = node.title { line += ", title: \(title)" }
        if node.kind == .navigationController, let stack = node.stack { line += ", stack: [\(stack.joined(separator: ", "))]" }
        if let index = node.selectedIndex { line += ", selectedIndex: \(index)" }
        if let style = node.pageViewControllerSettings.transitionStyle { line += ", pages: [\((node.stack ?? []).joined(separator: ", "))], \(style.rawValue)" }
        if let split = node.split {
            line += ", collapsed: \(split.isCollapsed)"
            if split.isPrimaryHidden { line += ", primary hidden" }
        }
        if let presentation = node.presentation {
            line += ", presented with: <\(presentation.style.presentationControllerClass)>"
        }
        return line
    }

    static func className(_ kind: ControllerKind) -> String {
        switch kind {
        case .viewController: "UIViewController"
        case .navigationController: "UINavigationController"
        case .tabBarController: "UITabBarController"
        case .splitViewController: "UISplitViewController"
        case .pageViewController: "UIPageViewController"
        case .alertController: "UIAlertController"
        case .activityViewController: "UIActivityViewController"
        case .imagePickerController: "UIImagePickerController"
        case .searchController: "UISearchController"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
