/// The traits a `UITraitCollection` carries that the engine models, as `setOverrideTraitCollection`
/// and `traitOverrides` set them: `{"horizontalSizeClass": "regular"}`. A trait left out is not
/// overridden.
public struct TraitOverrides: Codable, Sendable, Equatable, Hashable {
    public var horizontalSizeClass: SizeClass?

    public init(horizontalSizeClass: SizeClass? = nil) {
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// `{"horizontalSizeClass": "regular"}`, as events and raw calls carry a trait collection.
    static func json(_ sizeClass: SizeClass) -> JSONValue {
        .object(["horizontalSizeClass": .string(sizeClass.rawValue)])
    }
}
