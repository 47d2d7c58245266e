/// What `automatic` resolves to per kind and the anchor a popover needs
/// (docs/uikit-rules-presentation.md, rules 47 and 49).
extension ContainmentTree {
    /// The style `present` asks for: the declared one, `automatic` resolved for the
    /// controller's kind. A plain controller pays one comparison more than before.
    static func requestedStyle(of node: ControllerNode) -> ModalPresentationStyle {
        let style = node.presentationSettings.modalPresentationStyle ?? .automatic
        guard style == .automatic, node.kind != .viewController else { return style.resolved }
        return node.kind.automaticStyle(node.presentationSettings)
    }

    /// UIKit raises `NSGenericException` when a popover is shown without a `sourceView` or a
    /// `barButtonItem`, in the reason its presented controller's class gives. UIKit raises it
    /// as the transition begins, after `present` returned; the engine refuses the `present`,
    /// since the uncaught exception ends the app before anything else happens.
    func checkPopoverAnchor(_ presented: String, from receiver: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: presented]
        guard node.presentationSettings.popoverPresentationController?.hasAnchor != true else { return }
        let reason: String
        switch node.kind {
        case .alertController:
            reason =
                "Your application has presented a UIAlertController (\(ContainmentError.describe(presented))) of style UIAlertControllerStyleActionSheet from \(Self.className(nodes.controllers[existing: receiver].kind)) (\(ContainmentError.describe(receiver))). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
        case .activityViewController:
            reason =
                "Your application has presented a UIActivityViewController (\(ContainmentError.describe(presented))). In its current trait environment, the modalPresentationStyle of a UIActivityViewController with this style is UIModalPresentationPopover. You must provide location information for this popover through the view controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem. If this information is not known when you present the view controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
        default:
            reason =
                "UIPopoverPresentationController (\(ContainmentError.describe(presented + ".popoverPresentationController"))) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        }
        throw ContainmentError(kind: .exception, exceptionName: ContainmentError.genericExceptionName, code: "popover_without_anchor", message: reason)
    }
}

extension ControllerKind {
    /// What UIKit's `automatic` means for this class (rule 49): most present as a page sheet;
    /// an alert over everything without removing the presenter, an action sheet or a share
    /// sheet as a popover, the camera full screen, a search controller over its context.
    func automaticStyle(_ settings: PresentationSettings) -> ModalPresentationStyle {
        switch self {
        case .alertController: settings.preferredStyle == .actionSheet ? .popover : .overFullScreen
        case .activityViewController: .popover
        case .imagePickerController: settings.sourceType == .camera ? .fullScreen : .pageSheet
        case .searchController: .overCurrentContext
        case .viewController, .navigationController, .tabBarController, .splitViewController, .pageViewController: .pageSheet
        }
    }
}
