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
    /// Its popover's anchor (rule 47); nil: none set.
    public var popoverPresentationController: PopoverPresentationController?
    /// An alert controller's style (rule 49), fixed at creation as UIKit's initializer fixes it.
    public var preferredStyle: AlertControllerStyle?
    /// An image picker's source (rule 49).
    public var sourceType: ImagePickerSourceType?
    /// Its `sheetPresentationController`'s detents and grabber (rule 50); nil: UIKit's defaults.
    public var sheetPresentationController: SheetPresentationSettings?
    /// Its `navigationItem`: the search controller it installs (rule 51); nil: none.
    public var navigationItem: NavigationItem?
    /// A search controller's `delegate` (rule 51); nil: none, or one implementing only the notifications.
    public var searchControllerDelegate: SearchControllerDelegate?

    public init(
        modalPresentationStyle: ModalPresentationStyle? = nil, definesPresentationContext: Bool? = nil,
        isModalInPresentation: Bool? = nil, transitioningDelegate: TransitioningDelegate? = nil,
        popoverPresentationController: PopoverPresentationController? = nil, preferredStyle: AlertControllerStyle? = nil,
        sourceType: ImagePickerSourceType? = nil, sheetPresentationController: SheetPresentationSettings? = nil,
        navigationItem: NavigationItem? = nil, searchControllerDelegate: SearchControllerDelegate? = nil
    ) {
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        self.isModalInPresentation = isModalInPresentation
        self.transitioningDelegate = transitioningDelegate
        self.popoverPresentationController = popoverPresentationController
        self.preferredStyle = preferredStyle
        self.sourceType = sourceType
        self.sheetPresentationController = sheetPresentationController
        self.navigationItem = navigationItem
        self.searchControllerDelegate = searchControllerDelegate
    }

    /// Whether nothing is declared, so a controller needs no room for them.
    public var isEmpty: Bool { self == PresentationSettings() }

    /// With UIKit's default for each field not declared, as snapshots and stored state show them.
    public func resolved(for kind: ControllerKind) -> PresentationSettings {
        PresentationSettings(
            modalPresentationStyle: modalPresentationStyle ?? .automatic,
            definesPresentationContext: definesPresentationContext ?? Self.definesPresentationContextByDefault(kind),
            isModalInPresentation: isModalInPresentation ?? false, transitioningDelegate: transitioningDelegate,
            popoverPresentationController: popoverPresentationController?.resolved,
            preferredStyle: kind == .alertController ? preferredStyle ?? .alert : preferredStyle,
            sourceType: kind == .imagePickerController ? sourceType ?? .photoLibrary : sourceType,
            sheetPresentationController: sheetPresentationController?.resolved, navigationItem: navigationItem,
            searchControllerDelegate: searchControllerDelegate)
    }

    /// UIKit's default `definesPresentationContext`: true for a navigation controller, the one
    /// system container Apple's reference names, false for the others
    /// (docs/uikit-rules-presentation.md, rule 19).
    static func definesPresentationContextByDefault(_ kind: ControllerKind) -> Bool {
        kind == .navigationController
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
        popoverPresentationController = try container.decodeIfPresent(
            PopoverPresentationController.self, forKey: SettingsKey(CodingKeys.popoverPresentationController))
        preferredStyle = try container.decodeIfPresent(AlertControllerStyle.self, forKey: SettingsKey(CodingKeys.preferredStyle))
        sourceType = try container.decodeIfPresent(ImagePickerSourceType.self, forKey: SettingsKey(CodingKeys.sourceType))
        sheetPresentationController = try container.decodeIfPresent(
            SheetPresentationSettings.self, forKey: SettingsKey(CodingKeys.sheetPresentationController))
        navigationItem = try container.decodeIfPresent(NavigationItem.self, forKey: SettingsKey(CodingKeys.navigationItem))
        searchControllerDelegate = try container.decodeIfPresent(
            SearchControllerDelegate.self, forKey: SettingsKey(CodingKeys.searchControllerDelegate))
    }

    enum CodingKeys: String, CodingKey {
        case modalPresentationStyle, definesPresentationContext, isModalInPresentation, transitioningDelegate, popoverPresentationController
        case preferredStyle, sourceType, sheetPresentationController, navigationItem, searchControllerDelegate
    }

    /// `path` prefixes the field; `kind` is the controller's, which alone may have its own fields.
    func validate(kind: ControllerKind, path: String) throws(ContainmentError) {
        try ContainmentTree.validate(transitioningDelegate, field: path + "transitioningDelegate")
        try ContainmentTree.validate(popoverPresentationController, field: path + "popoverPresentationController")
        if preferredStyle != nil, kind != .alertController {
            throw .invalidArgument(field: path + "preferredStyle", "only alert controllers have a preferredStyle")
        }
        if sourceType != nil, kind != .imagePickerController {
            throw .invalidArgument(field: path + "sourceType", "only image picker controllers have a sourceType")
        }
        try sheetPresentationController?.validate(prefix: path + "sheetPresentationController.")
        try ContainmentTree.validate(navigationItem, field: path + "navigationItem")
        if searchControllerDelegate != nil, kind != .searchController {
            throw .invalidArgument(field: path + "searchControllerDelegate", "only search controllers have a searchControllerDelegate")
        }
    }
}
