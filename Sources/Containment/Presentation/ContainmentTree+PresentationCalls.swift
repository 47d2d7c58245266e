/// Presentations as raw calls: the calls themselves (docs/api.md, "Raw calls") and the calls a
/// declarative tree's `presented` specs expand to.
extension ContainmentTree {
    /// The presentation raw calls (docs/api.md, "Raw calls"), on any controller.
    func applyPresentationCall(_ controller: String, _ method: String, _ args: RawCallArguments) throws(ContainmentError) {
        switch method {
        case "present":
            let presented = try args.optionalID("viewController")
            if let presented { try requireController(presented, field: args.field("viewController")) }
            try present(presented, from: controller, animated: try args.bool("animated", default: true))
        case "dismiss":
            dismiss(controller, animated: try args.bool("animated", default: true))
        case "beginInteractiveDismissal":
            try beginInteractiveDismissal(controller, shouldDismiss: try args.bool("shouldDismiss", default: true))
        case "updateInteractiveDismissal":
            let percent = try args.number("percent")
            guard (0...1).contains(percent) else { throw .invalidArgument(field: args.field("percent"), "percent must be within 0...1") }
            try updateInteractiveDismissal(controller, percent: percent)
        case "dragSheet":
            let detent = try args.json("detentIdentifier") == .null ? nil : args.rawValue("detentIdentifier", as: SheetDetentIdentifier.self)
            // A drag released at a detent asks the delegate nothing.
            let shouldDismiss = try detent == nil ? args.bool("shouldDismiss", default: true) : true
            try dragSheet(controller, to: detent, shouldDismiss: shouldDismiss, field: args.field("detentIdentifier"))
        case "animateChanges":
            try animateSheetChanges(controller, try Self.sheetChanges(args), prefix: args.field(""))
        default:
            try endInteractiveDismissal(controller, finish: method == "finishInteractiveDismissal")
        }
    }

    /// The sheet properties `animateChanges` sets inside its block: absent ones are left
    /// alone, a `null` identifier clears it.
    private static func sheetChanges(_ args: RawCallArguments) throws(ContainmentError) -> SheetPresentationSettingsPatch {
        var changes = SheetPresentationSettingsPatch()
        if args.json("detents") != nil {
            var detents: [SheetDetentIdentifier] = []
            for name in try args.strings("detents") {
                guard let detent = SheetDetentIdentifier(rawValue: name) else {
                    throw .invalidArgument(field: args.field("detents"), "\(name) is not a detent identifier (medium, large)")
                }
                detents.append(detent)
            }
            changes.detents = detents
        }
        for key in ["selectedDetentIdentifier", "largestUndimmedDetentIdentifier"] {
            guard let value = args.json(key) else { continue }
            let detent = value == .null ? nil : try args.rawValue(key, as: SheetDetentIdentifier.self)
            if key == "selectedDetentIdentifier" {
                changes.selectedDetentIdentifier = .some(detent)
            } else {
                changes.largestUndimmedDetentIdentifier = .some(detent)
            }
        }
        if args.json("prefersGrabberVisible") != nil { changes.prefersGrabberVisible = try args.bool("prefersGrabberVisible") }
        return changes
    }

    /// The calls a programmer would write for the `presented` specs, parents first: each
    /// `present` (not animated) on a turn of its own, since UIKit refuses a presentation from
    /// a controller whose own presentation has not completed.
    func presentationCalls(for specs: [ControllerSpec]) -> [RawCall] {
        var calls: [RawCall] = []
        for spec in specs {
            guard let presented = spec.presented else { continue }
            calls.append(RawCall(receiver: WindowState.viewID, method: "runLoop"))
            calls.append(
                RawCall(receiver: spec.id, method: "present", args: ["viewController": .string(presented.id), "animated": false]))
        }
        return calls
    }
}
