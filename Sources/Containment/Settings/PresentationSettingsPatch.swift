/// A PATCH of `PresentationSettings`: an absent field is left alone; `null` removes the
/// transitioning delegate (rule 44), the popover's anchor (rule 47), the navigation item or the
/// search controller's delegate (rule 51), which a value replaces
/// whole, and leaves the other fields alone. `preferredStyle` is fixed at creation.
public struct PresentationSettingsPatch: Codable, Sendable, Equatable {
    public var modalPresentationStyle: ModalPresentationStyle?
    public var definesPresentationContext: Bool?
    public var isModalInPresentation: Bool?
    public var transitioningDelegate: TransitioningDelegate??
    public var popoverPresentationController: PopoverPresentationController??
    public var sourceType: ImagePickerSourceType?
    /// Fields of the `sheetPresentationController` object to change (rule 50).
    public var sheetPresentationController: SheetPresentationSettingsPatch?
    /// Replaced whole; `null` removes it (rule 51).
    public var navigationItem: NavigationItem??
    public var searchControllerDelegate: SearchControllerDelegate??

    public init(
        modalPresentationStyle: ModalPresentationStyle? = nil, definesPresentationContext: Bool? = nil,
        isModalInPresentation: Bool? = nil, transitioningDelegate: TransitioningDelegate?? = nil,
        popoverPresentationController: PopoverPresentationController?? = nil, sourceType: ImagePickerSourceType? = nil,
        sheetPresentationController: SheetPresentationSettingsPatch? = nil, navigationItem: NavigationItem?? = nil,
        searchControllerDelegate: SearchControllerDelegate?? = nil
    ) {
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        self.isModalInPresentation = isModalInPresentation
        self.transitioningDelegate = transitioningDelegate
        self.popoverPresentationController = popoverPresentationController
        self.sourceType = sourceType
        self.sheetPresentationController = sheetPresentationController
        self.navigationItem = navigationItem
        self.searchControllerDelegate = searchControllerDelegate
    }

    typealias CodingKeys = PresentationSettings.CodingKeys

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        modalPresentationStyle = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: SettingsKey(CodingKeys.modalPresentationStyle))
        definesPresentationContext = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.definesPresentationContext))
        isModalInPresentation = try container.decodeIfPresent(Bool.self, forKey: SettingsKey(CodingKeys.isModalInPresentation))
        transitioningDelegate = try container.decodeClearable(forKey: SettingsKey(CodingKeys.transitioningDelegate))
        popoverPresentationController = try container.decodeClearable(forKey: SettingsKey(CodingKeys.popoverPresentationController))
        sourceType = try container.decodeIfPresent(ImagePickerSourceType.self, forKey: SettingsKey(CodingKeys.sourceType))
        // Decoded, not decoded if present: `null` would read as "leave alone" where a client may mean "clear".
        let sheet = SettingsKey(CodingKeys.sheetPresentationController)
        sheetPresentationController = container.contains(sheet) ? try container.decode(SheetPresentationSettingsPatch.self, forKey: sheet) : nil
        navigationItem = try container.decodeClearable(forKey: SettingsKey(CodingKeys.navigationItem))
        searchControllerDelegate = try container.decodeClearable(forKey: SettingsKey(CodingKeys.searchControllerDelegate))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(modalPresentationStyle, forKey: .modalPresentationStyle)
        try container.encodeIfPresent(definesPresentationContext, forKey: .definesPresentationContext)
        try container.encodeIfPresent(isModalInPresentation, forKey: .isModalInPresentation)
        try container.encodeClearable(transitioningDelegate, forKey: .transitioningDelegate)
        try container.encodeClearable(popoverPresentationController, forKey: .popoverPresentationController)
        try container.encodeIfPresent(sourceType, forKey: .sourceType)
        try container.encodeIfPresent(sheetPresentationController, forKey: .sheetPresentationController)
        try container.encodeClearable(navigationItem, forKey: .navigationItem)
        try container.encodeClearable(searchControllerDelegate, forKey: .searchControllerDelegate)
    }

    public var isEmpty: Bool { self == PresentationSettingsPatch() }

    /// `settings` with this patch applied.
    public func applied(to settings: PresentationSettings) -> PresentationSettings {
        var result = settings
        if let style = modalPresentationStyle { result.modalPresentationStyle = style }
        if let defines = definesPresentationContext { result.definesPresentationContext = defines }
        if let modal = isModalInPresentation { result.isModalInPresentation = modal }
        if let delegate = transitioningDelegate { result.transitioningDelegate = delegate }
        if let popover = popoverPresentationController { result.popoverPresentationController = popover }
        if let source = sourceType { result.sourceType = source }
        if let sheet = sheetPresentationController { result.sheetPresentationController = sheet.applied(to: settings.sheetPresentationController) }
        if let item = navigationItem { result.navigationItem = item }
        if let delegate = searchControllerDelegate { result.searchControllerDelegate = delegate }
        return result
    }

    /// `kind` is the patched controller's.
    func validate(kind: ControllerKind) throws(ContainmentError) {
        if let delegate = transitioningDelegate { try ContainmentTree.validate(delegate, field: "transitioningDelegate") }
        if let popover = popoverPresentationController {
            try ContainmentTree.validate(popover, field: "popoverPresentationController")
        }
        if sourceType != nil, kind != .imagePickerController {
            throw .invalidArgument(field: "sourceType", "only image picker controllers have a sourceType")
        }
        if let item = navigationItem { try ContainmentTree.validate(item, field: "navigationItem") }
        if case .some(.some) = searchControllerDelegate, kind != .searchController {
            throw .invalidArgument(field: "searchControllerDelegate", "only search controllers have a searchControllerDelegate")
        }
    }
}
