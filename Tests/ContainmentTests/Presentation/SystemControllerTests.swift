import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rule 49: what `automatic` resolves to for UIKit's system
/// controllers.
@Suite struct SystemControllerTests {
    static let regular = TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular, clock: "manual")
    static let compact = TreeConfiguration(clock: "manual")

    /// A window whose root `root` shows `child` (which defines a presentation context), and a
    /// detached `system` of `kind`.
    func tree(
        _ configuration: TreeConfiguration = compact, kind: ControllerKind, settings: PresentationSettings = PresentationSettings()
    ) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "system", configuration: configuration,
            root: ControllerSpec(
                id: "root", children: [ControllerSpec(id: "child", presentationSettings: PresentationSettings(definesPresentationContext: true))]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "system", kind: kind, presentationSettings: settings), now: t0)
        return tree
    }

    /// Presents `system` from `child`, not animated: its events and the style in force.
    func present(_ tree: ContainmentTree) -> (events: [String], style: ModalPresentationStyle?, presenter: String?) {
        let events = tree.run([call("child", "present", ["viewController": "system", "animated": false])])
        let snapshot = tree.snapshot().controllers["system"]
        return (containment(events), snapshot?.presentationStyle, snapshot?.presentingViewController)
    }

    static let appears = ["system.viewWillAppear", "system.viewIsAppearing", "system.viewDidAppear"]
    static let anchor = PopoverPresentationController(sourceView: "child.view")

    @Test func rule49_anAlertIsOverFullScreenAndItsPresenterHearsNothing() throws {
        for configuration in [Self.compact, Self.regular] {
            let tree = try tree(configuration, kind: .alertController)
            let (events, style, presenter) = present(tree)
            #expect(events == Self.appears)
            #expect(style == .overFullScreen)
            #expect(presenter == "root")
            #expect(tree.snapshot().controllers["system"]?.presentationSettings.preferredStyle == .alert)
        }
    }

    @Test func rule49_anActionSheetIsAPopoverInARegularWidthAndOverFullScreenInACompactOne() throws {
        let settings = PresentationSettings(popoverPresentationController: Self.anchor, preferredStyle: .actionSheet)
        let regular = try tree(Self.regular, kind: .alertController, settings: settings)
        #expect(present(regular).style == .popover)
        let compact = try tree(kind: .alertController, settings: PresentationSettings(preferredStyle: .actionSheet))
        let (events, style, _) = present(compact)
        #expect(events == Self.appears)
        #expect(style == .overFullScreen)
    }

    @Test func rule49_anActivityControllerIsAPopoverInARegularWidthAndASheetInACompactOne() throws {
        let regular = try tree(Self.regular, kind: .activityViewController, settings: PresentationSettings(popoverPresentationController: Self.anchor))
        #expect(present(regular).style == .popover)
        let compact = try tree(kind: .activityViewController)
        let (events, style, _) = present(compact)
        #expect(events == Self.appears)
        #expect(style == .pageSheet)
        #expect(compact.snapshot().controllers["system"]?.presentationStyle == .pageSheet)
    }

    @Test func rule49_theCameraIsFullScreenAndThePhotoLibraryASheet() throws {
        let camera = try tree(kind: .imagePickerController, settings: PresentationSettings(sourceType: .camera))
        let (events, style, _) = present(camera)
        #expect(style == .fullScreen)
        #expect(
            events == [
                "root.viewWillDisappear", "child.viewWillDisappear", "system.viewWillAppear", "system.viewIsAppearing", "system.viewDidAppear",
                "root.viewDidDisappear", "child.viewDidDisappear",
            ])
        for source in [nil, ImagePickerSourceType.photoLibrary, .savedPhotosAlbum] {
            let library = try tree(kind: .imagePickerController, settings: PresentationSettings(sourceType: source))
            let (events, style, _) = present(library)
            #expect(style == .pageSheet)
            #expect(events == Self.appears)
        }
    }

    @Test func rule49_aSearchControllerIsPresentedOverItsContext() throws {
        let tree = try tree(kind: .searchController)
        let (events, style, presenter) = present(tree)
        #expect(style == .overCurrentContext)
        #expect(presenter == "child")
        #expect(events == Self.appears)
    }

    @Test func rule49_aDeclaredStyleWinsOverTheKindsAutomatic() throws {
        let tree = try tree(kind: .activityViewController, settings: PresentationSettings(modalPresentationStyle: .overFullScreen))
        #expect(present(tree).style == .overFullScreen)
    }

    @Test func rule49_theSystemFieldsBelongToTheirKindsAndTheKindsHaveNoChildren() throws {
        let tree = try tree(kind: .imagePickerController)
        #expect(tree.snapshot().controllers["system"]?.kind == .imagePickerController)
        #expect(tree.snapshot().controllers["system"]?.presentationSettings.sourceType == .photoLibrary)
        _ = try tree.updateController("system", ControllerPatch(presentationSettings: PresentationSettingsPatch(sourceType: .camera)), now: t0)
        #expect(tree.snapshot().controllers["system"]?.presentationSettings.sourceType == .camera)
        #expect(throws: ContainmentError.self) {
            try tree.updateController("root", ControllerPatch(presentationSettings: PresentationSettingsPatch(sourceType: .camera)), now: t0)
        }
        #expect(throws: ContainmentError.self) {
            try tree.createController(ControllerSpec(id: "plain", presentationSettings: PresentationSettings(preferredStyle: .alert)), now: t0)
        }
        #expect(throws: ContainmentError.self) {
            try tree.createController(ControllerSpec(id: "alert", kind: .alertController, children: [ControllerSpec(id: "inner")]), now: t0)
        }
        #expect(ContainmentTree.className(.searchController) == "UISearchController")
    }
}
