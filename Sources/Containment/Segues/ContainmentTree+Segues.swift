/// Storyboard segues (docs/uikit-rules-segues.md, rule 45): `performSegue(withIdentifier:sender:)`
/// from code, a segue the user triggers (which asks `shouldPerformSegue(withIdentifier:sender:)`
/// first), `prepare(for:sender:)` on the source before the destination's view loads, and
/// embed segues performed while the source's view loads, before its `viewDidLoad`.
extension ContainmentTree {
    /// Segues one controller may declare.
    public static let maxSegues = 64

    /// Checks a controller's segues (`field`: their path) and its children's embed segues.
    static func validateSegues(_ spec: ControllerSpec, path: String) throws(ContainmentError) {
        var identifiers: Set<String> = []
        let segues = spec.segueSettings.segues ?? []
        guard segues.count <= maxSegues else {
            throw .invalidArgument(field: path + "segues", "a controller declares at most \(maxSegues) segues; \(segues.count) given")
        }
        for (index, segue) in segues.enumerated() {
            try validate(segue, field: path + "segues[\(index)]")
            guard identifiers.insert(segue.identifier).inserted else {
                throw .invalidArgument(field: path + "segues[\(index)].identifier", "segue \(segue.identifier) is declared twice")
            }
        }
        for (index, child) in (spec.children ?? []).enumerated() {
            guard let identifier = child.embedSegue else { continue }
            let childPath = path + "children[\(index)]."
            guard !identifier.isEmpty, identifiers.insert(identifier).inserted else {
                throw .invalidArgument(field: childPath + "embedSegue", "segue identifier \(identifier) is empty or declared twice")
            }
            if child.frame != nil {
                throw .invalidArgument(field: childPath + "frame", "a child an embed segue embeds fills its container view")
            }
        }
    }

    /// One show, present or unwind segue; embed segues come from the children's `embedSegue`.
    static func validate(_ segue: SegueSpec, field: String) throws(ContainmentError) {
        guard !segue.identifier.isEmpty else { throw .invalidArgument(field: field + ".identifier", "a segue needs an identifier") }
        switch segue.kind {
        case .show, .present:
            guard segue.destination != nil else {
                throw .invalidArgument(field: field + ".destination", "a \(segue.kind.rawValue) segue needs a destination")
            }
            guard segue.action == nil else { throw .invalidArgument(field: field + ".action", "only unwind segues have an action") }
        case .unwind:
            guard let action = segue.action, !action.isEmpty else {
                throw .invalidArgument(field: field + ".action", "an unwind segue needs the action its destination implements")
            }
            guard segue.destination == nil else {
                throw .invalidArgument(field: field + ".destination", "an unwind segue finds its destination (canPerformUnwindSegueAction)")
            }
        case .embed:
            throw .invalidArgument(field: field + ".kind", "declare an embed segue on the embedded child (embedSegue)")
        }
        if segue.containerView != nil {
            throw .invalidArgument(field: field + ".containerView", "only embed segues have a container view")
        }
    }

    /// The segues a spec's node keeps: its own, then an embed segue per child that names one.
    static func segues(of spec: ControllerSpec) -> [SegueSpec] {
        (spec.segueSettings.segues ?? [])
            + (spec.children ?? []).compactMap { child in
                child.embedSegue.map { SegueSpec(identifier: $0, kind: .embed, destination: child.id, containerView: child.containerView) }
            }
    }

    // MARK: Raw calls

    /// `performSegue(withIdentifier:sender:)` from code, or `triggerSegue`: the user activates
    /// the control the segue starts from, which asks `shouldPerformSegue` first.
    func applySegueCall(_ controller: String, _ method: String, _ args: RawCallArguments) throws(ContainmentError) {
        let identifier = try args.id("identifier")
        // The object that initiated the segue, handed to `prepare` as is: an id, or null.
        let sender = args.values["sender"] == nil ? nil : try args.optionalID("sender")
        guard let segue = (nodes.controllers[existing: controller].segueSettings.segues ?? []).first(where: { $0.identifier == identifier }),
            segue.kind != .embed
        else {
            throw .invalidArgumentException(
                code: "no_segue", "Receiver (\(ContainmentError.describe(controller))) has no segue with identifier '\(identifier)'")
        }
        if method == "triggerSegue" {
            let answer = segue.shouldPerform ?? true
            var arguments: [String: JSONValue] = ["identifier": .string(identifier), "result": .bool(answer)]
            if let sender { arguments["sender"] = .string(sender) }
            emit(controller, "shouldPerformSegue", arguments)
            guard answer else { return }
        }
        switch segue.kind {
        case .show, .present:
            try performForwardSegue(segue, from: controller, sender: sender)
        case .unwind:
            try performUnwindSegue(segue, from: controller, sender: sender)
        case .embed:
            break
        }
    }

    /// `prepare(for:sender:)` on the source, with the overrides of `prepare`.
    func prepare(_ segue: SegueSpec, from source: String, destination: String, sender: String? = nil) {
        var arguments: [String: JSONValue] = [
            "identifier": .string(segue.identifier), "kind": .string(segue.kind.rawValue), "destination": .string(destination),
        ]
        if let sender { arguments["sender"] = .string(sender) }
        emit(source, "prepare", arguments)
        runOverrides(source, .prepare)
    }

    /// Show: pushed on the source's nearest navigation controller, as `show(_:sender:)` does
    /// by default, else presented; present: presented from the source.
    private func performForwardSegue(_ segue: SegueSpec, from source: String, sender: String?) throws(ContainmentError) {
        guard let destination = segue.destination, nodes.controllers[destination] != nil else {
            throw .notFound(code: "controller_not_found", "no controller \(segue.destination ?? "") for segue \(segue.identifier)")
        }
        prepare(segue, from: source, destination: destination, sender: sender)
        let animated = segue.animated ?? true
        if segue.kind == .show, let navigation = nearestNavigationController(of: source) {
            try pushViewController(destination, on: navigation, animated: animated)
        } else {
            try present(destination, from: source, animated: animated)
        }
    }

    /// The source, or its nearest ancestor, that is a navigation controller.
    func nearestNavigationController(of controller: String) -> String? {
        var current: String? = controller
        var budget = WalkBudget("navigation controller", nodes: nodes.controllers.count)
        while let id = current, let node = nodes.controllers[id] {
            guard visit(&budget) else { break }
            if node.kind == .navigationController { return id }
            current = node.parent.map { nodes.controllers.id($0) }
        }
        return nil
    }

    // MARK: Embed segues

    /// While `controller`'s view loads, before its `viewDidLoad`: each embed segue whose
    /// child is free prepares (`prepare(for:sender:)` on the controller) and embeds it, as a
    /// storyboard's container view does.
    func performEmbedSegues(of controller: String) {
        for segue in nodes.controllers[existing: controller].segueSettings.segues ?? [] where segue.kind == .embed {
            guard let child = segue.destination, let node = nodes.controllers[child], node.parent == nil, node.presentation == nil else {
                continue
            }
            prepare(segue, from: controller, destination: child)
            recordingUndo {
                let mark = markUndo()
                do throws(ContainmentError) {
                    try runCalls(
                        try displayContentControllerCalls(child: child, parent: controller, containerView: segue.containerView, frame: nil))
                } catch {
                    rollback(to: mark)
                    warn(controller, "could not perform embed segue \(segue.identifier): \(error.message)")
                }
            }
        }
    }
}
