/// A trait `registerForTraitChanges(_:handler:)` observes, by its name in a trait collection
/// (UIKit's `UITraitHorizontalSizeClass` is `horizontalSizeClass`): the traits the engine models.
public enum TraitName: String, Codable, Sendable, CaseIterable {
    case horizontalSizeClass
}
