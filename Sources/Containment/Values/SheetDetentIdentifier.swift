/// `UISheetPresentationController.Detent.Identifier`: the system detents, by their Swift names
/// (docs/uikit-rules-presentation.md, rule 50), smallest first. Custom detents (iOS 16) are not
/// modelled: their heights come from app code the engine cannot order.
public enum SheetDetentIdentifier: String, Codable, Sendable, CaseIterable, Comparable {
    case medium
    case large

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .medium && rhs == .large }
}
