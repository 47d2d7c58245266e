/// Children and subviews lists change by logged edits: the undo log records the change and
/// its index instead of a copy of the list, so linking into a parent with many children (a
/// group of 5,000, the window's view) does not copy its list on every call. Lists hold no
/// duplicates, so removals search from the end, where the most recently added entry (the
/// one most often removed again) is found at once.
extension ContainmentTree {
    func appendChildLink(_ child: NodeHandle, to parent: NodeHandle) {
        editController(parent) { $0.appendChild(child) }
        if undo.isRecording { undo.entries.append(.childAppended(parent: parent)) }
    }

    func removeChildLink(_ child: NodeHandle, from parent: NodeHandle) {
        let removed = editController(parent) { node -> Int? in
            guard let index = node.children.lastIndex(of: child) else { return nil }
            node.removeChild(at: index)
            return index
        }
        if undo.isRecording, let removed { undo.entries.append(.childRemoved(parent: parent, child: child, index: removed)) }
    }

    /// At `index` clamped to the list, or at the end.
    func insertSubviewLink(_ subview: NodeHandle, into superview: NodeHandle, at index: Int?) {
        let position = editView(superview) { node in
            let position = min(max(index ?? node.subviews.count, 0), node.subviews.count)
            node.insertSubview(subview, at: position)
            return position
        }
        if undo.isRecording { undo.entries.append(.subviewInserted(superview: superview, index: position)) }
    }

    func removeSubviewLink(_ subview: NodeHandle, from superview: NodeHandle) {
        let removed = editView(superview) { node -> Int? in
            guard let index = node.subviews.lastIndex(of: subview) else { return nil }
            node.removeSubview(at: index)
            return index
        }
        if undo.isRecording, let removed { undo.entries.append(.subviewRemoved(superview: superview, subview: subview, index: removed)) }
    }
}
