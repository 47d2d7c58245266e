/// Unwind segues (docs/uikit-rules-segues.md, rule 46): UIKit searches for the destination
/// from the source outward, asking each container for `allowedChildrenForUnwinding(from:)`
/// (by default its children but the one containing the source) and each candidate
/// `canPerformUnwindSegueAction(_:from:sender:)`; then `prepare(for:sender:)` on the source,
/// the destination's unwind action, and `unwind(for:towards:)` on the controllers along the
/// way back, which dismiss, pop or select to show the destination.
extension ContainmentTree {
    func performUnwindSegue(_ segue: SegueSpec, from source: String, sender: String?) throws(ContainmentError) {
        guard let action = segue.action, let destination = unwindDestination(for: action, from: source) else { return }
        prepare(segue, from: source, destination: destination, sender: sender)
        emit(destination, "unwindAction", ["action": .string(action), "identifier": .string(segue.identifier), "source": .string(source)])
        runOverrides(destination, .unwindAction)
        try unwind(segue, from: source, to: destination)
    }

    /// Where `controller` leads outward: its parent, or the presenter of a presented one.
    private func outward(from controller: String) -> String? {
        guard let node = nodes.controllers[controller] else { return nil }
        return node.parent.map { nodes.controllers.id($0) } ?? node.presentation?.presenter
    }

    /// The search: at each controller outward from the source, its allowed children (each
    /// asked, then its own allowed children, depth first), then the controller itself. UIKit
    /// never searches the child it came from again, so no controller is asked twice: a
    /// declared list that names it, a duplicate or a controller already searched is skipped.
    func unwindDestination(for action: String, from source: String) -> String? {
        var search = UnwindSearch(source: source, action: action, budget: WalkBudget("unwind search", nodes: nodes.controllers.count))
        var wayOut = [source]
        while let next = outward(from: wayOut[wayOut.count - 1]), search.asked.insert(next).inserted {
            guard visit(&search.budget) else { return nil }
            wayOut.append(next)
        }
        search.asked.insert(source)
        for (previous, container) in zip(wayOut, wayOut.dropFirst()) {
            let containing = parentID(of: previous) == container ? previous : nil
            for child in allowedChildrenForUnwinding(of: container, excluding: containing, source: source) {
                if let found = searchForUnwind(from: child, &search) { return found }
            }
            if canPerformUnwind(container, action: action, source: source) { return container }
        }
        return nil
    }

    /// Depth first below `candidate`; the source and the controllers on its way out are
    /// marked asked before the search begins, so it never enters the subtree it came from.
    private func searchForUnwind(from candidate: String, _ search: inout UnwindSearch) -> String? {
        guard search.asked.insert(candidate).inserted, visit(&search.budget) else { return nil }
        if canPerformUnwind(candidate, action: search.action, source: search.source) { return candidate }
        for child in allowedChildrenForUnwinding(of: candidate, excluding: nil, source: search.source) {
            if let found = searchForUnwind(from: child, &search) { return found }
        }
        return nil
    }

    /// `allowedChildrenForUnwinding(from:)`: what the controller declares, or its children but
    /// the one containing the source (`childContaining(_:)`). Reported for a controller that
    /// has children or declares the answer.
    private func allowedChildrenForUnwinding(of controller: String, excluding containing: String?, source: String) -> [String] {
        guard let node = nodes.controllers[controller] else { return [] }
        let children = childIDs(of: node)
        let declared = node.segueSettings.allowedChildrenForUnwinding
        guard !children.isEmpty || declared != nil else { return [] }
        let allowed = declared.map { ids in ids.filter { children.contains($0) } } ?? children.filter { $0 != containing }
        emit(controller, "allowedChildrenForUnwinding", ["source": .string(source), "result": .array(allowed.map { .string($0) })])
        return allowed
    }

    /// `canPerformUnwindSegueAction(_:from:sender:)`: true when the controller implements the
    /// action and answers yes.
    private func canPerformUnwind(_ controller: String, action: String, source: String) -> Bool {
        let answer = nodes.controllers[controller]?.segueSettings.unwindActions?[action] ?? false
        emit(controller, "canPerformUnwindSegueAction", ["action": .string(action), "from": .string(source), "result": .bool(answer)])
        return answer
    }

    /// Back from `source` to `destination`: the presentations the way crosses are dismissed
    /// (by the presenter nearest the destination), then each container on the way down from
    /// the common ancestor shows the next controller, each told `unwind(for:towards:)` first.
    private func unwind(_ segue: SegueSpec, from source: String, to destination: String) throws(ContainmentError) {
        var downward: [String] = [destination]
        var budget = WalkBudget("unwind path", nodes: nodes.controllers.count)
        while let next = outward(from: downward[downward.count - 1]) {
            guard visit(&budget) else { break }
            downward.append(next)
        }
        // Up from the source to the first controller on the destination's way out.
        var dismissing: String?
        var current = source
        while !downward.contains(current), let node = nodes.controllers[current] {
            guard visit(&budget) else { break }
            if node.parent == nil, let presenter = node.presentation?.presenter {
                dismissing = presenter
                current = presenter
            } else if let parent = node.parent {
                current = nodes.controllers.id(parent)
            } else {
                return
            }
        }
        let animated = segue.animated ?? true
        let path = Array(downward[...(downward.firstIndex(of: current) ?? 0)].reversed())
        if let dismissing {
            // Towards the destination when the presenter is on its way, else outward.
            let onPath = path.first == dismissing
            tellUnwind(dismissing, towards: onPath ? (path.count > 1 ? path[1] : dismissing) : outward(from: dismissing) ?? dismissing, segue: segue)
            dismiss(dismissing, animated: animated)
        }
        for (container, next) in zip(path, path.dropFirst()) {
            if container != dismissing { tellUnwind(container, towards: next, segue: segue) }
            try show(next, in: container, animated: animated)
        }
    }

    private func tellUnwind(_ controller: String, towards: String, segue: SegueSpec) {
        emit(controller, "unwind", ["identifier": .string(segue.identifier), "towards": .string(towards)])
    }

    /// A built-in container's `unwind(for:towards:)`: a navigation controller pops to the
    /// child, a tab bar controller selects its tab.
    private func show(_ child: String, in container: String, animated: Bool) throws(ContainmentError) {
        guard let node = nodes.controllers[container], parentID(of: child) == container else { return }
        switch node.kind {
        case .navigationController:
            guard let stack = node.stack, let index = stack.firstIndex(of: child), index < stack.count - 1 else { return }
            try setNavigationStack(container, Array(stack[...index]), animated: animated, field: "args.identifier")
        case .tabBarController:
            guard let index = node.stack?.firstIndex(of: child), index != node.selectedIndex else { return }
            try selectTab(container, index)
        case .viewController, .splitViewController, .pageViewController, .alertController, .activityViewController, .imagePickerController, .searchController:
            break
        }
    }
}
