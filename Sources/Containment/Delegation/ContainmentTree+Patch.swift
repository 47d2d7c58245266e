/// Changing a controller's settable fields: the delegation callbacks of rule 17 and the
/// KVO-style `propertyDidChange` the Tunnel app's parent observes (`currentLocation`).
extension ContainmentTree {
    func applyPatch(_ patch: ControllerPatch, to id: String) throws(ContainmentError) {
        try requireController(id, field: "id")
        if let size = patch.preferredContentSize, !TreeValidation.isValid(size) {
            throw .invalidArgument(field: "preferredContentSize", "preferredContentSize must be finite and not negative")
        }
        try Self.validateChildContentSizes(patch.childContentSizes, field: "childContentSizes")
        try Self.validateOverrides(patch.overrides, field: "overrides")
        try patch.presentationSettings.validate(kind: nodes.controllers[existing: id].kind)
        if patch.presentationSettings.sheetPresentationController != nil {
            try patch.presentationSettings.applied(to: nodes.controllers[existing: id].presentationSettings).sheetPresentationController?
                .validate(prefix: "sheetPresentationController.")
        }
        if let segues = patch.segueSettings.segues {
            try Self.validateSegues(ControllerSpec(id: id, segueSettings: SegueSettings(segues: segues)), path: "")
        }
        if patch.overrides?.values.contains(where: { $0 != nil }) == true { overrides.anyDeclared = true }
        editController(id) { node in
            for (callback, calls) in patch.overrides ?? [:] { node.overrides[callback] = calls }
            if let sizes = patch.childContentSizes { node.childContentSizes = sizes }
            if let title = patch.title { node.title = title }
            if !patch.statusBarSettings.isEmpty { node.statusBarSettings = patch.statusBarSettings.applied(to: node.statusBarSettings) }
            if let forwards = patch.automaticallyForwardsAppearance { node.automaticallyForwardsAppearance = forwards }
            if !patch.presentationSettings.isEmpty {
                node.presentationSettings = patch.presentationSettings.applied(to: node.presentationSettings)
            }
            if !patch.segueSettings.isEmpty { node.segueSettings = patch.segueSettings.applied(to: node.segueSettings) }
        }
        if let size = patch.preferredContentSize, size != nodes.controllers[existing: id].preferredContentSize {
            editController(id) { $0.preferredContentSize = size }
            if let parent = parentID(of: id) {
                emit(parent, "preferredContentSizeDidChange", ["child": .string(id), "size": Self.json(size)])
            }
        }
        try applyAnswers(patch.answers, to: id)
        if patch.mode != nil || patch.sidebar != nil || patch.compactTabIdentifiers != nil || patch.isTabBarHidden != nil {
            try applySidebarFields(patch, to: id)
        }
        if patch.tabs != nil || patch.selectedTab != nil { try applyTabs(patch, to: id) }
        // Keys in sorted order so the events are the same whatever order JSON gave them.
        for (key, value) in (patch.properties ?? [:]).sorted(by: { $0.key < $1.key }) {
            let old = nodes.controllers[existing: id].properties[key]
            let new: JSONValue? = value == .null ? nil : value
            guard old != new else { continue }
            editController(id) { $0.properties[key] = new }
            emit(id, "propertyDidChange", ["key": .string(key), "old": old ?? .null, "new": new ?? .null])
        }
    }
}
