/// Traits (docs/uikit-rules-adaptivity.md, rules 32 and 39): every controller of the window's
/// trait hierarchy has the window's horizontal size class unless an override above it (its
/// parent's `setOverrideTraitCollection(_:forChild:)`, its own or an ancestor's
/// `traitOverrides`) says otherwise; a presented controller takes its presenter's, a parentless
/// one whose view sits in another controller's view that controller's. A change tells each
/// controller whose traits change once: `willTransition(to:with:)` down the whole hierarchy,
/// then (a rotation) `viewWillTransition(to:with:)`, then `traitCollectionDidChange` and the
/// trait change handlers; then split view controllers and presentations adapt.
extension ContainmentTree {
    /// A controller's size class given the one its environment passes down: its parent's
    /// override for it, then its own `traitOverrides`.
    static func sizeClass(of node: borrowing ControllerNode, inheriting inherited: SizeClass) -> SizeClass {
        node.answers.traitOverrides?.horizontalSizeClass ?? node.overrideTraitCollection?.horizontalSizeClass ?? inherited
    }

    /// The controllers of the window's trait hierarchy with their size classes, parents first;
    /// a presented controller comes after its presenter's subtree (its presentation controller
    /// passes the change on after the presenter's children), and inherits its presenter's traits;
    /// a controller whose view sits in another's without `addChild` comes after that one's
    /// children and inherits its traits (rule 39).
    func traitHierarchy() -> [(id: String, sizeClass: SizeClass)] {
        guard let root = nodes.window.rootViewController, let rootHandle = controllerHandle(named: root) else { return [] }
        let enclosed = controllersInOtherControllersViews(root: rootHandle)
        var result: [(id: String, sizeClass: SizeClass)] = []
        var stack = [(rootHandle, nodes.window.horizontalSizeClass)]
        var budget = WalkBudget("trait hierarchy", nodes: nodes.controllers.count)
        while let (handle, inherited) = stack.popLast() {
            guard visit(&budget) else { break }
            let (id, own, children, presented) = readController(handle) { node in
                (node.id, Self.sizeClass(of: node, inheriting: inherited), node.children, node.presentedViewController)
            }
            result.append((id, own))
            if let presented, let presentedHandle = controllerHandle(named: presented) {
                stack.append((presentedHandle, own))
            }
            if let inside = enclosed[handle] {
                stack.append(contentsOf: inside.reversed().map { ($0, own) })
            }
            stack.append(contentsOf: children.reversed().map { ($0, own) })
        }
        return result
    }

    /// The size class of one controller: up its parent links (a presented controller to its
    /// presenter, a parentless one to the controller whose view holds its view) to the
    /// window's. O(depth).
    func horizontalSizeClass(of controller: String) -> SizeClass {
        var chain: [NodeHandle] = []
        var current = controllerHandle(named: controller)
        var budget = WalkBudget("traits", nodes: nodes.controllers.count)
        while let handle = current {
            guard visit(&budget) else { break }
            chain.append(handle)
            let (parent, presenter) = readController(handle) { ($0.parent, $0.presentation?.presenter) }
            current = parent ?? presenter.flatMap { controllerHandle(named: $0) }
            // Without overrides every controller has the window's traits: no view walk.
            if current == nil, nodes.window.tracksTraits { current = enclosingController(of: handle) }
        }
        var sizeClass = nodes.window.horizontalSizeClass
        for handle in chain.reversed() {
            sizeClass = readController(handle) { Self.sizeClass(of: $0, inheriting: sizeClass) }
        }
        return sizeClass
    }

    /// Whether any controller overrides traits: without one, every controller has the
    /// window's, and snapshots skip the walk (O(1) until an override was ever set).
    var hasTraitOverrides: Bool {
        nodes.window.tracksTraits
            && nodes.controllers.nodes.contains { node in
                node.hasExtras && (node.overrideTraitCollection != nil || node.answers.traitOverrides != nil)
            }
    }

    /// Each controller's size class where it differs from the window's, for snapshots.
    func overriddenSizeClasses() -> [String: SizeClass] {
        guard hasTraitOverrides else { return [:] }
        var result: [String: SizeClass] = [:]
        for (id, sizeClass) in traitHierarchy() where sizeClass != nodes.window.horizontalSizeClass {
            result[id] = sizeClass
        }
        return result
    }

    /// A trait change as one transition: `change` alters what traits derive from (the window's
    /// size class, an override); the controllers whose size class it changes are told, each
    /// once: `willTransition` (when `coordinated`, as a window transition is), then `during`
    /// (a rotation's size change), then `traitCollectionDidChange` with the traits they had;
    /// then split view controllers and presentations adapt to their new traits.
    func changeTraits(coordinated: Bool, during: () throws(ContainmentError) -> Void = {}, _ change: () -> Void) throws(ContainmentError) {
        var told: [String: SizeClass] = [:]
        for (id, _) in traitHierarchy() { told[id] = toldSizeClass(of: id) }
        change()
        let after = traitHierarchy()
        let changed = after.compactMap { entry -> (id: String, previous: SizeClass, sizeClass: SizeClass)? in
            guard let previous = told[entry.id], previous != entry.sizeClass else { return nil }
            return (entry.id, previous, entry.sizeClass)
        }
        if coordinated {
            for entry in changed {
                emit(entry.id, "willTransition", ["newCollection": TraitOverrides.json(entry.sizeClass)])
            }
        }
        try during()
        for entry in changed {
            emit(entry.id, "traitCollectionDidChange", ["previousTraitCollection": TraitOverrides.json(entry.previous)])
            callTraitChangeHandler(of: entry.id, previous: entry.previous)
            told[entry.id] = entry.sizeClass
        }
        if nodes.window.tracksTraits {
            for (id, sizeClass) in told { noteTold(sizeClass, to: id) }
        }
        let adapting = changed.map { ($0.id, $0.sizeClass) }
        try adaptSplitViewControllers(adapting)
        try adaptTabBarControllers(adapting)
        try adaptPresentations(adapting)
    }

    /// The size class a controller was last told of.
    private func toldSizeClass(of controller: String) -> SizeClass {
        readController(controller) { $0.hasExtras ? $0.toldSizeClass : nil } ?? nodes.window.horizontalSizeClass
    }

    /// Records what a controller was told, as `toldSizeClass` keeps it.
    private func noteTold(_ sizeClass: SizeClass, to controller: String) {
        let stored: SizeClass? = sizeClass == nodes.window.horizontalSizeClass ? nil : sizeClass
        guard readController(controller, { $0.hasExtras ? $0.toldSizeClass : nil }) != stored else { return }
        editController(controller) { $0.toldSizeClass = stored }
    }

    /// Once overrides exist, traits are tracked: `toldSizeClass` is kept for every controller.
    func trackTraits() {
        if !nodes.window.tracksTraits { editWindow { $0.tracksTraits = true } }
    }

    /// The end of a turn, once traits are tracked: a controller whose traits changed without a
    /// trait change (moved under a parent with other traits, presented by one) is told now, as
    /// UIKit updates traits when it lays the hierarchy out.
    func reconcileTraits() {
        guard nodes.window.tracksTraits else { return }
        for (id, sizeClass) in traitHierarchy() {
            let previous = toldSizeClass(of: id)
            guard previous != sizeClass else { continue }
            emit(id, "traitCollectionDidChange", ["previousTraitCollection": TraitOverrides.json(previous)])
            callTraitChangeHandler(of: id, previous: previous)
            noteTold(sizeClass, to: id)
        }
    }

    /// A window size-class change (`setHorizontalSizeClass`, or `setSize` with one, a rotation).
    func setHorizontalSizeClass(_ sizeClass: SizeClass, during: () throws(ContainmentError) -> Void = {}) throws(ContainmentError) {
        guard sizeClass != nodes.window.horizontalSizeClass else {
            try during()
            return
        }
        try changeTraits(coordinated: true, during: during) { editWindow { $0.horizontalSizeClass = sizeClass } }
    }

    /// `setOverrideTraitCollection(_:forChild:)` (nil clears it): the child and what it
    /// contains take those traits. Not a transition: only `traitCollectionDidChange`.
    func setOverrideTraitCollection(_ collection: TraitOverrides?, forChild child: String, of parent: String) throws(ContainmentError) {
        guard parentID(of: child) == parent else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_a_child",
                message: "\(ContainmentError.describe(child)) is not a child of \(ContainmentError.describe(parent))")
        }
        let value = collection?.horizontalSizeClass == nil ? nil : collection
        guard nodes.controllers[existing: child].overrideTraitCollection != value else { return }
        if value != nil { trackTraits() }
        try changeTraits(coordinated: false) { editController(child) { $0.overrideTraitCollection = value } }
    }

    /// `traitOverrides` changed by a PATCH: the controller and what it contains take them.
    func setTraitOverrides(_ overrides: TraitOverrides?, of controller: String) throws(ContainmentError) {
        let value = overrides?.horizontalSizeClass == nil ? nil : overrides
        guard nodes.controllers[existing: controller].answers.traitOverrides != value else { return }
        if value != nil { trackTraits() }
        try changeTraits(coordinated: false) { editController(controller) { $0.answers.traitOverrides = value } }
    }

    /// The `collection` argument of `setOverrideTraitCollection`: a trait collection object
    /// (`{"horizontalSizeClass": "regular"}`) or `null`.
    static func traitCollectionArgument(_ value: JSONValue?, field: String) throws(ContainmentError) -> TraitOverrides? {
        guard let value else { throw .invalidArgument(field: field, "missing argument collection") }
        if value == .null { return nil }
        guard case .object(let fields) = value else {
            throw .invalidArgument(field: field, "collection must be a trait collection object or null")
        }
        var result = TraitOverrides()
        for (name, trait) in fields {
            guard name == "horizontalSizeClass" else {
                throw .invalidArgument(field: field + "." + name, "a trait collection carries horizontalSizeClass only")
            }
            guard let raw = trait.stringValue, let sizeClass = SizeClass(rawValue: raw) else {
                throw .invalidArgument(field: field + "." + name, "horizontalSizeClass must be compact or regular")
            }
            result.horizontalSizeClass = sizeClass
        }
        return result
    }
}
