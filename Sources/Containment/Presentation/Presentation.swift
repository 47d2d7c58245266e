/// A presented controller's side of a modal presentation (docs/uikit-rules-presentation.md):
/// who presents it, how, and what is under way. The presenter stores only the id of the
/// controller it presents (`ControllerExtras.presentedViewController`).
struct Presentation: Equatable {
    enum Phase: Equatable, Codable {
        /// `present` has begun; the presentation transition has not completed.
        case presenting
        case presented
        /// `dismiss` has begun; the dismissal transition has not completed.
        case dismissing
        /// A sheet's swipe-down is in progress (`percent` 0…1).
        case interactiveDismissal(percent: Double)
    }

    var presenter: String
    /// The style in force (`automatic` already resolved; adapted to the traits, docs/uikit-rules-adaptivity.md).
    var style: ModalPresentationStyle
    var phase: Phase
    /// The style the controller asked for when UIKit adapted it to another (a popover in a
    /// compact width is a sheet); nil when `style` is the one asked for.
    var requestedStyle: ModalPresentationStyle?
    /// Covering styles: where the presenter's view was before UIKit removed it, to put it
    /// back at dismissal.
    var coveredPlace: (superview: String, index: Int)?
    /// A `custom` presentation whose presentation controller's `shouldRemovePresentersView`
    /// is true (rule 44).
    var removesPresentersView = false

    /// Whether the presenter's view leaves the window when the presentation ends.
    var coversPresenter: Bool { style.coversPresenter || (style == .custom && removesPresentersView) }

    var isBeingPresented: Bool { phase == .presenting }

    /// The style the controller asked for (`modalPresentationStyle`, resolved).
    var requested: ModalPresentationStyle { requestedStyle ?? style }

    var isBeingDismissed: Bool {
        switch phase {
        case .dismissing, .interactiveDismissal: true
        case .presenting, .presented: false
        }
    }

    static func == (lhs: Presentation, rhs: Presentation) -> Bool {
        lhs.presenter == rhs.presenter && lhs.style == rhs.style && lhs.phase == rhs.phase && lhs.requestedStyle == rhs.requestedStyle
            && lhs.removesPresentersView == rhs.removesPresentersView
            && lhs.coveredPlace?.superview == rhs.coveredPlace?.superview && lhs.coveredPlace?.index == rhs.coveredPlace?.index
    }
}

/// What a presentation or dismissal transition does when its animation completes.
enum PresentationStep: Codable {
    case present(presented: String)
    /// The presented controllers being dismissed, the lowest first.
    case dismiss(stack: [String])
    /// A popover the user dismissed by tapping outside it (rule 48): its delegate hears
    /// `presentationControllerDidDismiss` when the dismissal completes.
    case dismissByUser(presented: String)
    /// A search controller presented because its search became active (rule 51): its
    /// delegate hears `didPresentSearchController` when the presentation completes.
    case activateSearch(presented: String)
    /// The dismissal of a search controller whose search became inactive (rule 51), the
    /// search controller lowest: `didDismissSearchController` when it completes.
    case deactivateSearch(stack: [String])
}

/// Who dismisses a presentation, which decides what the delegates hear.
enum DismissalCause {
    /// `dismiss(animated:completion:)`: no delegate hears of it.
    case app
    /// A tap outside a popover (rule 48).
    case tapOutsidePopover
    /// A search becoming inactive (rule 51).
    case search
}

/// `presentedViewController` and `presentingViewController` as UIKit reports them for one
/// controller (inherited from its ancestors).
struct PresentationLinks {
    var presented: String?
    var presenting: String?
}
