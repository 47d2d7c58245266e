/// What a controller's `popoverPresentationController` is given before it is presented as a
/// popover (docs/uikit-rules-presentation.md, rule 47): its anchor and the arrows allowed.
/// The engine does not place the popover by them; it checks that an anchor is set.
public struct PopoverPresentationController: Codable, Sendable, Equatable {
    /// The id of the view the popover points at.
    public var sourceView: String?
    /// The rectangle in `sourceView`'s coordinates the popover points at.
    public var sourceRect: Rect?
    /// An identifier of the bar button item the popover points at (the engine has no bars' items).
    public var barButtonItem: String?
    /// UIKit's `UIPopoverArrowDirection` options; not declared: `any`.
    public var permittedArrowDirections: [PopoverArrowDirection]?

    public init(
        sourceView: String? = nil, sourceRect: Rect? = nil, barButtonItem: String? = nil, permittedArrowDirections: [PopoverArrowDirection]? = nil
    ) {
        self.sourceView = sourceView
        self.sourceRect = sourceRect
        self.barButtonItem = barButtonItem
        self.permittedArrowDirections = permittedArrowDirections
    }

    /// Whether UIKit has somewhere to anchor the popover.
    var hasAnchor: Bool { sourceView != nil || barButtonItem != nil }

    /// With UIKit's default arrows, as snapshots show it.
    public var resolved: PopoverPresentationController {
        var copy = self
        copy.permittedArrowDirections = permittedArrowDirections ?? [.any]
        return copy
    }
}

/// `UIPopoverArrowDirection`, one option per value.
public enum PopoverArrowDirection: String, Codable, Sendable, CaseIterable {
    case up, down, left, right, any
}

extension ContainmentTree {
    static func validate(_ popover: PopoverPresentationController?, field: String) throws(ContainmentError) {
        guard let popover else { return }
        if let view = popover.sourceView, !TreeValidation.isValidID(view) {
            throw .invalidArgument(field: field + ".sourceView", "sourceView must be a view id")
        }
        if let rect = popover.sourceRect, !TreeValidation.isValid(rect) {
            throw .invalidArgument(field: field + ".sourceRect", "sourceRect must be finite with a size not negative")
        }
        if let item = popover.barButtonItem, !TreeValidation.isValidID(item) {
            throw .invalidArgument(field: field + ".barButtonItem", "barButtonItem must be an identifier like an id")
        }
        if let directions = popover.permittedArrowDirections, directions.isEmpty || Set(directions).count != directions.count {
            throw .invalidArgument(
                field: field + ".permittedArrowDirections", "permittedArrowDirections must name at least one direction, each once")
        }
    }
}
