/// How a controller is presented and what it decides for the controllers it presents
/// (docs/uikit-rules.md, rules 18–23 and 44): fields of a controller spec, snapshot and stored
/// state, written in the same JSON object. A field left out is UIKit's default; snapshots and
/// stored state show the defaults (`resolved`).
public struct PresentationSettings: Codable, Sendable, Equatable {
    public var modalPresentationStyle: ModalPresentationStyle?
    public var definesPresentationContext: Bool?
    public var isModalInPresentation: Bool?
    /// What its `transitioningDelegate` answers when it is presented (rule 44); nil: none.
    public var transitioningDelegate: TransitioningDelegate?
    /// Its `sheetPresentationController`'s detents and grabber (rule 50); nil: UIKit's defaults.
    public var sheetPresentationController: SheetPresentationSettings?

    public init(
        modalPresentationStyle: ModalPresentationStyle? = nil, definesPresentationContext: Bool? = nil,
        isModalInPresentation: Bool? = nil, transitioningDelegate: TransitioningDelegate? = nil,
        sheetPresentationController: SheetPresentationSettings? = nil
    ) {
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        self.isModalInPresentation = isModalInPresentation
        self.transitioningDelegate = transitioningDelegate
        self.sheetPresentationController = sheetPresentationController
    }

    /// Whether nothing is declared, so a controller needs no room for them.
    public var isEmpty: Bool { self == PresentationSettings() }

    /// With UIKit's default for each field not declared, as snapshots and stored state show them.
    public var resolved: PresentationSettings {
        PresentationSettings(
            modalPresentationStyle: modalPresentationStyle ?? .automatic, definesPresentationContext: definesPresentationContext ?? false,
            isModalInPresentation: isModalInPresentation ?? false, transitioningDelegate: transitioningDelegate,
            sheetPresentationController: sheetPresentationController?.resolved)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        modalPresentationStyle = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: SettingsKey(CodingKeys.modalPresentationStyle))
        definesPresentationContext = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.definesPresentationContext))
        isModalInPresentation = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.isModalInPresentation))
        transitioningDelegate = try container.decodeIfPresent(TransitioningDelegate.self, forKey: SettingsKey(CodingKeys.transitioningDelegate))
        sheetPresentationController = try container.decodeIfPresent(
            SheetPresentationSettings.self, forKey: SettingsKey(CodingKeys.sheetPresentationController))
    }

    enum CodingKeys: String, CodingKey {
        case modalPresentationStyle, definesPresentationContext, isModalInPresentation, transitioningDelegate
        case sheetPresentationController
    }

    /// `path` prefixes the field.
    func validate(path: String) throws(ContainmentError) {
        try ContainmentTree.validate(transitioningDelegate, field: path + "transitioningDelegate")
        try sheetPresentationController?.validate(prefix: path + "sheetPresentationController.")
    }
}
