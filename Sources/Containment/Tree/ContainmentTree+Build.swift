/// Declarative building (Interface Builder's embed segues): a spec is checked whole, its
/// controllers created detached, then its embeds run as the raw calls a programmer would
/// write, parents first, so the events are exactly those of doing it call by call.
extension ContainmentTree {
    /// Returns the calls that make the spec's presentations (`presented`), which need the
    /// presenters in the window: the caller runs them once the root is the window's.
    @discardableResult
    func buildSpec(_ root: ControllerSpec, field rootField: String?) throws(ContainmentError) -> [RawCall] {
        let specs = try validateSpec(root, field: rootField)
        // Only a trait override gives a controller another size class than its window's.
        let traitOverrides = specs.contains { $0.0.answers.traitOverrides?.horizontalSizeClass != nil }
        let sizeClasses = traitOverrides ? specSizeClasses(root) : [:]
        if specs.contains(where: { $0.0.overrides?.isEmpty == false }) { overrides.anyDeclared = true }
        for (spec, _) in specs {
            let node = makeNode(spec, sizeClass: sizeClasses[spec.id] ?? nodes.window.horizontalSizeClass)
            if spec.answers.traitOverrides?.horizontalSizeClass != nil { trackTraits() }
            insertController(node)
            if spec.answers.navigationControllerDelegate == true { noteNavigationDelegateSet(spec.id) }
            for container in node.containerViews {
                storeContainerViewOwner(spec.id, for: container.id)
            }
        }
        // A split view controller gets its columns once their contents are built, as a
        // storyboard sets its `viewControllers` (rule 31): innermost first.
        var columnCalls: [[RawCall]] = []
        for (spec, _) in specs {
            let calls = try embedCalls(for: spec)
            if spec.kind == .splitViewController {
                columnCalls.append(calls)
            } else {
                try runCalls(calls)
            }
        }
        for calls in columnCalls.reversed() {
            try runCalls(calls)
        }
        return presentationCalls(for: specs.map(\.0))
    }

    /// Every spec in the tree, parents first, with its field path.
    private func flatten(_ root: ControllerSpec, field: String?) -> [(ControllerSpec, String)] {
        var result: [(ControllerSpec, String)] = []
        var stack = [(root, field.map { $0 + "." } ?? "")]
        while let (spec, path) = stack.popLast() {
            result.append((spec, path))
            var nested: [(ControllerSpec, String)] = []
            for (index, child) in (spec.children ?? []).enumerated() { nested.append((child, path + "children[\(index)].")) }
            for (index, child) in (spec.viewControllers ?? []).enumerated() {
                nested.append((child, path + "viewControllers[\(index)]."))
            }
            for (index, tab) in (spec.tabs ?? []).enumerated() { nested += tab.controllerSpecs(path: path + "tabs[\(index)].") }
            if let primary = spec.primary { nested.append((primary, path + "primary.")) }
            if let secondary = spec.secondary { nested.append((secondary, path + "secondary.")) }
            if let compact = spec.compact { nested.append((compact, path + "compact.")) }
            if let supplementary = spec.supplementary { nested.append((supplementary, path + "supplementary.")) }
            if let presented = spec.presented { nested.append((presented, path + "presented.")) }
            stack.append(contentsOf: nested.reversed())
        }
        return result
    }

    private func validateSpec(_ root: ControllerSpec, field: String?) throws(ContainmentError) -> [(ControllerSpec, String)] {
        let specs = flatten(root, field: field)
        guard nodes.controllers.count + specs.count <= configuration.maxControllers else {
            throw ContainmentError(
                kind: .limitExceeded, code: "too_many_controllers",
                message: "a tree holds at most \(configuration.maxControllers) controllers")
        }
        var ids: Set<String> = []
        var viewIDs: Set<String> = []
        for (spec, path) in specs {
            guard TreeValidation.isValidNodeID(spec.id) else {
                throw .invalidArgument(field: path + "id", "controller id must match [A-Za-z0-9._-]{1,64}, not be window or end in .view")
            }
            // A clash with the tree is a conflict (409); one inside the spec is a bad spec (400).
            guard nodes.controllers[spec.id] == nil, nodes.containerViewOwners[spec.id] == nil else {
                throw .alreadyExists("id \(spec.id) is already in use", field: path + "id")
            }
            guard !viewIDs.contains(spec.id), ids.insert(spec.id).inserted else {
                throw .invalidArgument(field: path + "id", "id \(spec.id) appears more than once in the spec")
            }
            try validateFields(spec, path: path)
            if spec.presented != nil, field == nil {
                throw .invalidArgument(
                    field: path + "presented", "a presentation needs its presenter in the window: use presented in a tree's root spec")
            }
            for (index, container) in ((spec.containerViews ?? []) + decorativeViews(for: spec)).enumerated() {
                let containerPath = path + "containerViews[\(index)]."
                guard TreeValidation.isValidNodeID(container.id) else {
                    throw .invalidArgument(field: containerPath + "id", "view id must match [A-Za-z0-9._-]{1,64}, not be window or end in .view")
                }
                guard nodes.controllers[container.id] == nil, nodes.containerViewOwners[container.id] == nil else {
                    throw .alreadyExists("id \(container.id) is already in use", field: containerPath + "id")
                }
                guard !ids.contains(container.id), viewIDs.insert(container.id).inserted else {
                    throw .invalidArgument(field: containerPath + "id", "id \(container.id) appears more than once in the spec")
                }
                if let frame = container.frame, !TreeValidation.isValid(frame) {
                    throw .invalidArgument(field: containerPath + "frame", "frame must be finite with a size not negative")
                }
            }
            for (index, child) in (spec.children ?? []).enumerated() {
                if let containerView = child.containerView, !(spec.containerViews ?? []).contains(where: { $0.id == containerView }) {
                    throw .invalidArgument(
                        field: path + "children[\(index)].containerView", "\(spec.id) declares no container view \(containerView)")
                }
            }
        }
        for id in viewIDs where ids.contains(id) {
            throw .invalidArgument(field: field ?? "id", "id \(id) names both a controller and a view in the spec")
        }
        return specs
    }

    private func validateFields(_ spec: ControllerSpec, path: String) throws(ContainmentError) {
        let kind = spec.kind ?? .viewController
        if let size = spec.preferredContentSize, !TreeValidation.isValid(size) {
            throw .invalidArgument(field: path + "preferredContentSize", "preferredContentSize must be finite and not negative")
        }
        if let frame = spec.frame, !TreeValidation.isValid(frame) {
            throw .invalidArgument(field: path + "frame", "frame must be finite with a size not negative")
        }
        if spec.children?.isEmpty == false, kind != .viewController {
            throw .invalidArgument(field: path + "children", "a \(kind.rawValue) manages its children itself; use its own fields")
        }
        if spec.viewControllers != nil, kind != .navigationController, kind != .tabBarController, kind != .pageViewController {
            throw .invalidArgument(
                field: path + "viewControllers", "only navigation, tab bar and page view controllers have viewControllers")
        }
        try validatePageFields(spec, kind: kind, path: path)
        try spec.answers.validate(kind: kind, path: path)
        try Self.validateChildContentSizes(spec.childContentSizes, field: path + "childContentSizes")
        try Self.validateOverrides(spec.overrides?.mapValues { $0 as [RawCall]? }, field: path + "overrides")
        try spec.presentationSettings.validate(kind: kind, path: path)
        try Self.validateSegues(spec, path: path)
        if let index = spec.selectedIndex {
            guard kind == .tabBarController else {
                throw .invalidArgument(field: path + "selectedIndex", "only tab bar controllers have a selectedIndex")
            }
            guard index >= 0, index < (spec.viewControllers ?? []).count else {
                throw .invalidArgument(field: path + "selectedIndex", "selectedIndex is out of range")
            }
        }
        try validateTabFields(spec, kind: kind, path: path)
        try validateSidebarFields(spec, kind: kind, path: path)
        if spec.primary != nil || spec.secondary != nil || spec.compact != nil || spec.supplementary != nil, kind != .splitViewController {
            let field = spec.primary != nil ? "primary" : spec.secondary != nil ? "secondary" : spec.compact != nil ? "compact" : "supplementary"
            throw .invalidArgument(field: path + field, "only split view controllers have columns")
        }
        if spec.compact != nil, (spec.answers.style ?? .unspecified) == .unspecified {
            throw .invalidArgument(
                field: path + "compact", "only a column-style split view controller (style doubleColumn or tripleColumn) has a compact column")
        }
        if spec.supplementary != nil, spec.answers.style != .tripleColumn {
            throw .invalidArgument(field: path + "supplementary", "only a tripleColumn split view controller has a supplementary column")
        }
    }

    /// `sizeClass`: the horizontal size class the controller will have where the spec puts it
    /// (a split view controller starts collapsed in a compact one).
    private func makeNode(_ spec: ControllerSpec, sizeClass: SizeClass) -> ControllerNode {
        var node = ControllerNode(id: spec.id, kind: spec.kind ?? .viewController)
        node.automaticallyForwardsAppearance = spec.automaticallyForwardsAppearance ?? true
        let properties = (spec.properties ?? [:]).filter { $0.value != .null }
        let containerViews = (spec.containerViews ?? []) + decorativeViews(for: spec)
        if !spec.presentationSettings.isEmpty { node.presentationSettings = spec.presentationSettings }
        var segueSettings = spec.segueSettings
        segueSettings.segues = Self.segues(of: spec)
        // Plain controllers, the bulk of big trees, get no extras at all.
        guard
            spec.title != nil || spec.preferredContentSize != nil || !spec.statusBarSettings.isEmpty || !properties.isEmpty || !containerViews.isEmpty
                || node.kind != .viewController
                || spec.childContentSizes?.isEmpty == false || !spec.answers.isEmpty || spec.overrides?.isEmpty == false
                || !segueSettings.isEmpty
        else { return node }
        node.answers = spec.answers
        node.title = spec.title
        node.preferredContentSize = spec.preferredContentSize ?? Size(width: 0, height: 0)
        node.statusBarSettings = spec.statusBarSettings
        node.properties = properties
        node.containerViews = containerViews
        node.childContentSizes = spec.childContentSizes ?? [:]
        node.overrides = spec.overrides ?? [:]
        node.segueSettings = segueSettings
        switch node.kind {
        case .navigationController, .tabBarController: node.stack = []
        case .pageViewController:
            node.stack = []
            node.pageViewControllerSettings = spec.pageViewControllerSettings.resolved
            // UIPageViewController drives its pages' appearance itself (rule 24).
            node.automaticallyForwardsAppearance = spec.automaticallyForwardsAppearance ?? false
        case .splitViewController: node.split = SplitState(isCollapsed: sizeClass == .compact)
        case .viewController, .alertController, .activityViewController, .imagePickerController, .searchController: break
        }
        return node
    }

    /// The views a built-in container draws itself (navigation bar, tab bar), declared like
    /// container views so they have ids, frames and a place in the hierarchy.
    func decorativeViews(for spec: ControllerSpec) -> [ContainerViewSpec] {
        let size = nodes.window.size
        switch spec.kind ?? .viewController {
        case .navigationController:
            return [ContainerViewSpec(id: spec.id + ".navigationBar", frame: Rect(x: 0, y: 0, width: size.width, height: Self.navigationBarHeight))]
        case .tabBarController:
            return [
                ContainerViewSpec(
                    id: spec.id + ".tabBar",
                    frame: Rect(x: 0, y: max(0, size.height - Self.tabBarHeight), width: size.width, height: Self.tabBarHeight))
            ]
        case .viewController, .splitViewController, .pageViewController, .alertController, .activityViewController, .imagePickerController, .searchController:
            return []
        }
    }

    /// The calls that embed a spec's direct children (custom, stack, tabs or columns).
    private func embedCalls(for spec: ControllerSpec) throws(ContainmentError) -> [RawCall] {
        var calls: [RawCall] = []
        // A child an embed segue embeds waits for its parent's view to load (rule 45).
        for child in spec.children ?? [] where child.embedSegue == nil {
            calls += try displayContentControllerCalls(child: child.id, parent: spec.id, containerView: child.containerView, frame: child.frame)
        }
        if let stack = spec.viewControllers {
            calls.append(
                RawCall(
                    receiver: spec.id, method: "setViewControllers",
                    args: ["viewControllers": .array(stack.map { .string($0.id) }), "animated": false]))
        }
        if let index = spec.selectedIndex {
            calls.append(RawCall(receiver: spec.id, method: "setSelectedIndex", args: ["index": .number(Double(index))]))
        }
        if let mode = spec.mode {
            calls.append(RawCall(receiver: spec.id, method: "setMode", args: ["mode": .string(mode.rawValue)]))
        }
        if let sidebar = spec.sidebar {
            calls.append(RawCall(receiver: spec.id, method: "sidebar.setHidden", args: ["hidden": .bool(sidebar.isHidden)]))
        }
        if let hidden = spec.isTabBarHidden {
            calls.append(RawCall(receiver: spec.id, method: "setTabBarHidden", args: ["hidden": .bool(hidden), "animated": false]))
        }
        if let identifiers = spec.compactTabIdentifiers {
            calls.append(
                RawCall(receiver: spec.id, method: "setCompactTabIdentifiers", args: ["identifiers": .array(identifiers.map(JSONValue.string))]))
        }
        if let tabs = spec.tabs {
            calls.append(RawCall(receiver: spec.id, method: "setTabs", args: ["tabs": .array(tabs.map(\.tab.json)), "animated": false]))
        }
        if let selectedTab = spec.selectedTab {
            calls.append(RawCall(receiver: spec.id, method: "setSelectedTab", args: ["identifier": .string(selectedTab)]))
        }
        // The compact column first: with it, a compact width never collapses the secondary onto the primary.
        let columns = [(SplitColumn.compact, spec.compact), (.primary, spec.primary), (.supplementary, spec.supplementary), (.secondary, spec.secondary)]
        for (column, columnSpec) in columns {
            guard let columnSpec else { continue }
            calls.append(
                RawCall(
                    receiver: spec.id, method: "setViewController",
                    args: ["viewController": .string(columnSpec.id), "column": .string(column.rawValue)]))
        }
        return calls
    }

    /// The horizontal size class each spec's controller will have: the window's, or what a
    /// `traitOverrides` above it (or its own) says; a presented one takes its presenter's.
    private func specSizeClasses(_ root: ControllerSpec) -> [String: SizeClass] {
        var result: [String: SizeClass] = [:]
        var stack = [(root, nodes.window.horizontalSizeClass)]
        while let (spec, inherited) = stack.popLast() {
            let own = spec.answers.traitOverrides?.horizontalSizeClass ?? inherited
            result[spec.id] = own
            let nested =
                (spec.children ?? []) + (spec.viewControllers ?? []) + (spec.tabs ?? []).flatMap { $0.controllerSpecs(path: "").map(\.0) }
                + [spec.primary, spec.secondary, spec.compact, spec.supplementary, spec.presented].compactMap { $0 }
            stack.append(contentsOf: nested.map { ($0, own) })
        }
        return result
    }
}
