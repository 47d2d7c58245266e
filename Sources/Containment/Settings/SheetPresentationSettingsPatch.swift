/// A PATCH of `SheetPresentationSettings`, and the property changes inside `animateChanges`
/// (rule 50): an absent field is left alone; `null` clears an identifier.
public struct SheetPresentationSettingsPatch: Codable, Sendable, Equatable {
    public var detents: [SheetDetentIdentifier]?
    public var selectedDetentIdentifier: SheetDetentIdentifier??
    public var largestUndimmedDetentIdentifier: SheetDetentIdentifier??
    public var prefersGrabberVisible: Bool?

    public init(
        detents: [SheetDetentIdentifier]? = nil, selectedDetentIdentifier: SheetDetentIdentifier?? = nil,
        largestUndimmedDetentIdentifier: SheetDetentIdentifier?? = nil, prefersGrabberVisible: Bool? = nil
    ) {
        self.detents = detents
        self.selectedDetentIdentifier = selectedDetentIdentifier
        self.largestUndimmedDetentIdentifier = largestUndimmedDetentIdentifier
        self.prefersGrabberVisible = prefersGrabberVisible
    }

    typealias CodingKeys = SheetPresentationSettings.CodingKeys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        detents = try container.decodeIfPresent([SheetDetentIdentifier].self, forKey: .detents)
        selectedDetentIdentifier = try container.decodeClearable(forKey: .selectedDetentIdentifier)
        largestUndimmedDetentIdentifier = try container.decodeClearable(forKey: .largestUndimmedDetentIdentifier)
        prefersGrabberVisible = try container.decodeIfPresent(Bool.self, forKey: .prefersGrabberVisible)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(detents, forKey: .detents)
        try container.encodeClearable(selectedDetentIdentifier, forKey: .selectedDetentIdentifier)
        try container.encodeClearable(largestUndimmedDetentIdentifier, forKey: .largestUndimmedDetentIdentifier)
        try container.encodeIfPresent(prefersGrabberVisible, forKey: .prefersGrabberVisible)
    }

    /// `settings` with this patch applied; nil settings are UIKit's defaults.
    public func applied(to settings: SheetPresentationSettings?) -> SheetPresentationSettings {
        var result = settings ?? SheetPresentationSettings()
        if let detents { result.detents = detents }
        if let selected = selectedDetentIdentifier { result.selectedDetentIdentifier = selected }
        if let undimmed = largestUndimmedDetentIdentifier { result.largestUndimmedDetentIdentifier = undimmed }
        if let prefers = prefersGrabberVisible { result.prefersGrabberVisible = prefers }
        return result
    }
}
