/// What a controller sets on its `sheetPresentationController` (docs/uikit-rules-presentation.md,
/// rule 50), written as one object under that key; it matters while the controller is presented
/// as a sheet. A field left out is UIKit's default.
public struct SheetPresentationSettings: Codable, Sendable, Equatable {
    /// Smallest to largest; UIKit's default `[large]`.
    public var detents: [SheetDetentIdentifier]?
    /// nil: the sheet rests at the smallest detent.
    public var selectedDetentIdentifier: SheetDetentIdentifier?
    /// nil: dimmed at every detent.
    public var largestUndimmedDetentIdentifier: SheetDetentIdentifier?
    public var prefersGrabberVisible: Bool?

    public init(
        detents: [SheetDetentIdentifier]? = nil, selectedDetentIdentifier: SheetDetentIdentifier? = nil,
        largestUndimmedDetentIdentifier: SheetDetentIdentifier? = nil, prefersGrabberVisible: Bool? = nil
    ) {
        self.detents = detents
        self.selectedDetentIdentifier = selectedDetentIdentifier
        self.largestUndimmedDetentIdentifier = largestUndimmedDetentIdentifier
        self.prefersGrabberVisible = prefersGrabberVisible
    }

    enum CodingKeys: String, CodingKey {
        case detents, selectedDetentIdentifier, largestUndimmedDetentIdentifier, prefersGrabberVisible
    }

    /// With UIKit's defaults for what is not declared, as snapshots and stored state show them.
    public var resolved: SheetPresentationSettings {
        SheetPresentationSettings(
            detents: detents ?? [.large], selectedDetentIdentifier: selectedDetentIdentifier,
            largestUndimmedDetentIdentifier: largestUndimmedDetentIdentifier, prefersGrabberVisible: prefersGrabberVisible ?? false)
    }

    /// Where the sheet rests: the selected detent, or the smallest.
    var currentDetent: SheetDetentIdentifier {
        let detents = detents ?? [.large]
        return selectedDetentIdentifier.flatMap { detents.contains($0) ? $0 : nil } ?? detents[0]
    }

    /// Apple's `detents`: "This array must contain at least one element … specify detents in
    /// order from smallest to largest height"; the selected detent must be one of them (the
    /// engine's own check). `prefix` goes before each field's name.
    func validate(prefix: String) throws(ContainmentError) {
        if let detents {
            guard !detents.isEmpty else {
                throw .invalidArgument(field: prefix + "detents", "detents must contain at least one detent")
            }
            guard zip(detents, detents.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .invalidArgument(field: prefix + "detents", "detents must be in order from smallest to largest, each once")
            }
        }
        if let selected = selectedDetentIdentifier, !(detents ?? [.large]).contains(selected) {
            throw .invalidArgument(
                field: prefix + "selectedDetentIdentifier", "selectedDetentIdentifier \(selected.rawValue) is not one of the sheet's detents")
        }
    }
}
