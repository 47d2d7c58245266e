/// Modal presentation (docs/uikit-rules-presentation.md, rules 19–22): `present` and
/// `dismiss`, built from the same pieces as containment — views entering and leaving the
/// window, appearance transitions driven by a timed transition on the tree's clock.
extension ContainmentTree {
    /// UIKit's default modal transition (cover vertical) lasts about half a second.
    static let presentationDuration = 0.5

    // MARK: present

    /// `present(_:animated:completion:)`: UIKit's exceptions (rule 22) change nothing; its
    /// console warnings present nothing; otherwise the presented controller loads, the
    /// appearance transitions begin (the presenter's only for covering styles, rule 20) and
    /// its view enters the window; the rest happens when the transition completes.
    /// `activatingSearch`: UIKit presents a search controller whose search became active (rule
    /// 51), announced to its delegate once the presentation is sure to go ahead.
    func present(_ presented: String?, from receiver: String, animated: Bool, activatingSearch: Bool = false) throws(ContainmentError) {
        try checkPresent(presented, from: receiver)
        guard let presented else { return }
        let node = nodes.controllers[existing: presented]
        let requested = Self.requestedStyle(of: node)
        let presenter = presentingController(for: receiver, style: requested)
        try checkNotPresenting(presenter: presenter, presented: presented)
        if let warning = presentWarning(presented, on: presenter, from: receiver) {
            warn(receiver, warning)
            return
        }
        // Adapted to the presenter's traits before the transition begins (rule 33).
        let style = adaptedStyle(of: presented, requested: requested, sizeClass: horizontalSizeClass(of: presenter))
        if style == .popover { try checkPopoverAnchor(presented, from: receiver) }
        if activatingSearch { emit(presented, "willPresentSearchController") }
        editController(presenter) { $0.presentedViewController = presented }
        let delegate = nodes.controllers[existing: presented].presentationSettings.transitioningDelegate
        var presentation = Presentation(
            presenter: presenter, style: style, phase: .presenting, requestedStyle: style == requested ? nil : requested)
        presentation.removesPresentersView = delegate?.presentationController?.shouldRemovePresentersView ?? false
        editController(presented) { $0.presentation = presentation }
        // After the links: a `present` from its `viewDidLoad` override finds a presentation
        // in progress (rule 40).
        loadViewIfNeeded(presented)
        let (transitionID, ordinal) = nextPresentationTransitionID()
        let forwards = nodes.window.visible
        schedulePresentationTransition(
            transitionID, ordinal: ordinal, presenter: presenter, from: presenter, to: presented, animated: animated, forwards: forwards,
            step: activatingSearch ? .activateSearch(presented: presented) : .present(presented: presented),
            duration: delegate?.transitionDuration)
        if forwards {
            if presentation.coversPresenter {
                beginPresentationAppearance(presenter, appearing: false, animated: animated, transition: transitionID)
            }
            beginPresentationAppearance(presented, appearing: true, animated: animated, transition: transitionID)
        }
        setFrame(node.viewID, presentedFrame(of: presented))
        try addSubview(node.viewID, to: WindowState.viewID)
        // An override in the begins may have hidden the window (rule 40): what began
        // appearing turns away, as when the window hides mid-transition.
        if forwards, !nodes.window.visible, let view = readController(presented, { $0.rootView }) {
            disappearWalk(from: view)
        }
    }

    /// The exceptions of rule 22, in the order UIKit checks them.
    private func checkPresent(_ presented: String?, from receiver: String) throws(ContainmentError) {
        guard let presented else {
            throw .invalidArgumentException(
                code: "present_nil",
                "Application tried to present a nil modal view controller on target \(ContainmentError.describe(receiver)).")
        }
        let node = nodes.controllers[existing: presented]
        if presented == receiver {
            throw .invalidArgumentException(
                code: "present_on_itself",
                "Application tried to present modal view controller on itself. Presenting controller is \(ContainmentError.describe(receiver)).")
        }
        if let parent = node.parent.map({ nodes.controllers.id($0) }) {
            throw .invalidArgumentException(
                code: "present_child",
                "Application tried to present modally a view controller \(ContainmentError.describe(presented)) that has a parent view controller \(ContainmentError.describe(parent))."
            )
        }
        if let presentation = node.presentation {
            throw .invalidArgumentException(
                code: "already_presented",
                "Application tried to present modally a view controller \(ContainmentError.describe(presented)) that is already being presented by \(ContainmentError.describe(presentation.presenter))."
            )
        }
        if nodes.window.rootViewController == presented || (node.isViewLoaded && isInWindow(node.viewID)) {
            throw .invalidArgumentException(
                code: "present_active",
                "Application tried to present modally an active controller \(ContainmentError.describe(presented)).")
        }
    }

    /// The console warnings of rule 22: why `presenter` cannot present now, or nil.
    private func presentWarning(_ presented: String, on presenter: String, from source: String) -> String? {
        let node = nodes.controllers[existing: presenter]
        let attempt =
            "Attempt to present \(ContainmentError.describe(presented)) on \(ContainmentError.describe(presenter)) (from \(ContainmentError.describe(source)))"
        let current = node.presentedViewController
        if let phase = node.presentation?.phase, phase != .presented {
            return attempt + " while a presentation is in progress."
        }
        if let current, nodes.controllers[current]?.presentation?.phase != .presented {
            return attempt + " while a presentation is in progress."
        }
        if let current {
            return attempt + " which is already presenting \(ContainmentError.describe(current))."
        }
        guard node.isViewLoaded, isInWindow(node.viewID) else {
            return attempt + " whose view is not in the window hierarchy."
        }
        return nil
    }

    // MARK: dismiss

    /// `dismiss(animated:completion:)` (rule 21): the receiver, or its nearest ancestor, that
    /// presents something dismisses it with everything presented above it; otherwise the
    /// request goes to the presenter of the receiver's nearest presented ancestor. Nothing
    /// presented: nothing happens, as in UIKit. `cause`: who dismisses, which decides what the
    /// delegates hear (rules 48 and 51).
    func dismiss(_ receiver: String, animated: Bool, cause: DismissalCause = .app) {
        guard let presenter = dismissingController(for: receiver) else { return }
        var stack: [String] = []
        var next = nodes.controllers[existing: presenter].presentedViewController
        var budget = WalkBudget("presented", nodes: nodes.controllers.count)
        while let presented = next {
            guard visit(&budget) else { break }
            stack.append(presented)
            next = nodes.controllers[existing: presented].presentedViewController
        }
        let settled = nodes.controllers[existing: presenter].presentation.map { $0.phase == .presented } ?? true
        guard settled, stack.allSatisfy({ nodes.controllers[existing: $0].presentation?.phase == .presented }) else {
            warn(
                receiver,
                "Attempt to dismiss from view controller \(ContainmentError.describe(presenter)) while a presentation or dismiss is in progress!")
            return
        }
        if cause == .search { emit(stack[0], "willDismissSearchController") }
        for presented in stack {
            editController(presented) { $0.presentation?.phase = .dismissing }
        }
        let (transitionID, ordinal) = nextPresentationTransitionID()
        let forwards = nodes.window.visible
        let top = stack[stack.count - 1]
        schedulePresentationTransition(
            transitionID, ordinal: ordinal, presenter: presenter, from: top, to: presenter, animated: animated, forwards: forwards,
            step: Self.dismissalStep(cause, stack: stack),
            duration: nodes.controllers[existing: top].presentationSettings.transitioningDelegate?.transitionDuration)
        if forwards {
            beginPresentationAppearance(top, appearing: false, animated: animated, transition: transitionID)
            // Controllers between the receiver and the top are "simply removed" (Apple's
            // dismiss documentation): no animation of their own.
            for middle in stack.dropLast().reversed() {
                beginPresentationAppearance(middle, appearing: false, animated: false, transition: transitionID)
            }
        }
        if nodes.controllers[existing: stack[0]].presentation?.coversPresenter == true {
            if forwards, presenterReturnsOnScreen(presenter, coveredBy: stack[0]) {
                beginPresentationAppearance(presenter, appearing: true, animated: animated, transition: transitionID)
            }
            uncover(presenter, coveredBy: stack[0])
        }
    }

    private static func dismissalStep(_ cause: DismissalCause, stack: [String]) -> PresentationStep {
        switch cause {
        case .app: .dismiss(stack: stack)
        case .tapOutsidePopover: .dismissByUser(presented: stack[stack.count - 1])
        case .search: .deactivateSearch(stack: stack)
        }
    }

    /// Who handles `dismiss` sent to `receiver` (see `dismiss`).
    private func dismissingController(for receiver: String) -> String? {
        var current: String? = receiver
        var budget = WalkBudget("dismissing controller", nodes: nodes.controllers.count)
        while let id = current, let (presented, presentation, parent) = readController(id, { ($0.presentedViewController, $0.presentation, $0.parent) }) {
            guard visit(&budget) else { break }
            if presented != nil { return id }
            if let presentation { return presentation.presenter }
            current = parent.map { nodes.controllers.id($0) }
        }
        return nil
    }

    // MARK: Completion

    /// The end of a presentation or dismissal animation: the "did" callbacks — for a
    /// presentation the presented controller's first, then the covered presenter's (rule 20);
    /// for a dismissal the presenter's first, then the dismissed ones, top first (see
    /// docs/uikit-rules-presentation.md, "Decisions") — then the links and views settle.
    func completePresentationTransition(_ record: TransitionRecord, _ step: PresentationStep) {
        switch step {
        case .present(let presented), .activateSearch(let presented):
            guard let presentation = nodes.controllers[presented]?.presentation, presentation.phase == .presenting else { return }
            endPresentationAppearance(presented, transition: record.id)
            endPresentationAppearance(record.parent, transition: record.id)
            editController(presented) { $0.presentation?.phase = .presented }
            if presentation.coversPresenter {
                cover(record.parent, by: presented)
            }
            if case .activateSearch = step { emit(presented, "didPresentSearchController") }
        case .dismiss(let stack), .deactivateSearch(let stack):
            endPresentationAppearance(record.parent, transition: record.id)
            for presented in stack.reversed() {
                endPresentationAppearance(presented, transition: record.id)
            }
            if case .deactivateSearch = step, nodes.controllers[stack[0]] != nil { emit(stack[0], "didDismissSearchController") }
            unlinkPresentations(of: record.parent, stack: stack)
        case .dismissByUser(let presented):
            endPresentationAppearance(record.parent, transition: record.id)
            endPresentationAppearance(presented, transition: record.id)
            if nodes.controllers[presented] != nil { emit(presented, "presentationControllerDidDismiss") }
            unlinkPresentations(of: record.parent, stack: [presented])
        }
    }

    /// Dismissed controllers' views leave the window and every link of the stack goes.
    func unlinkPresentations(of presenter: String, stack: [String]) {
        for presented in stack.reversed() {
            guard let node = nodes.controllers[presented] else { continue }
            if node.isViewLoaded {
                removeFromSuperview(node.viewID)
            }
            editController(presented) { node in
                node.presentation = nil
                node.presentedViewController = nil
            }
        }
        if nodes.controllers[presenter] != nil {
            editController(presenter) { $0.presentedViewController = nil }
        }
    }

    /// After a covering presentation UIKit removes the presenter's views; where they were is
    /// kept to put them back at dismissal.
    private func cover(_ presenter: String, by presented: String) {
        guard let node = nodes.controllers[presenter], node.isViewLoaded, let view = nodes.views.handle(node.viewID),
            let superview = nodes.views[view].superview, let index = nodes.views[superview].subviews.firstIndex(of: view)
        else { return }
        // An id, not a handle: the superview may be deleted while the presenter is covered.
        let place = (superview: nodes.views.id(superview), index: index)
        editController(presented) { $0.presentation?.coveredPlace = place }
        removeFromSuperview(node.viewID)
    }

    /// A covering presentation's dismissal begins by putting the presenter's view back.
    private func uncover(_ presenter: String, coveredBy presented: String) {
        guard let place = nodes.controllers[presented]?.presentation?.coveredPlace else { return }
        editController(presented) { $0.presentation?.coveredPlace = nil }
        loadViewIfNeeded(presenter)
        let viewID = nodes.controllers[existing: presenter].viewID
        guard superviewID(of: viewID) == nil, let siblings = nodes.views[place.superview]?.subviews else { return }
        do {
            try addSubview(viewID, to: place.superview, at: min(place.index, siblings.count))
        } catch {
            warn(presenter, "could not put back the view of \(ContainmentError.describe(presenter)): \(error.message)")
        }
    }

    /// Whether `uncover` leaves the presenter's view on screen, asked before it runs because
    /// the presenter's "will appear" comes first. A view the hierarchy rules refuse to put back
    /// (its controller was made another's child meanwhile), or whose old superview is gone,
    /// stays out, and a controller whose view is off screen does not appear.
    private func presenterReturnsOnScreen(_ presenter: String, coveredBy presented: String) -> Bool {
        let node = nodes.controllers[existing: presenter]
        guard let place = nodes.controllers[presented]?.presentation?.coveredPlace else {
            return node.isViewLoaded && isOnScreen(node.viewID)
        }
        guard let superview = nodes.views.handle(place.superview) else { return false }
        guard let view = nodes.views.handle(node.viewID) else { return isOnScreen(place.superview) }
        if superviewID(of: node.viewID) != nil { return isOnScreen(node.viewID) }
        let index = min(place.index, nodes.views[superview].subviews.count)
        return (try? checkAddSubview(view, to: superview, at: index)) != nil && isOnScreen(place.superview)
    }

    // MARK: Appearance and time

    /// Begins an appearance transition the presentation drives, only where it changes the
    /// state (a covered or hidden controller has nothing to disappear).
    func beginPresentationAppearance(_ controller: String, appearing: Bool, animated: Bool, transition: String?) {
        guard let state = nodes.controllers[controller]?.appearance else { return }
        let changes = appearing ? (state == .disappeared || state == .disappearing) : (state == .appeared || state == .appearing)
        guard changes else { return }
        beginAppearanceTransition(
            controller, appearing: appearing, animated: animated, driver: transition.map { .transition($0) } ?? .manual)
    }

    /// Ends what `beginPresentationAppearance` began for this transition, if still running.
    private func endPresentationAppearance(_ controller: String, transition: String) {
        guard nodes.controllers[controller]?.appearanceDriver == .transition(transition) else { return }
        endAppearanceTransition(controller, of: transition)
    }

    /// A transition id, numbered like every other transition of the tree.
    private func nextPresentationTransitionID() -> (id: String, ordinal: Int) {
        let number = editScheduler { scheduler in
            scheduler.transitionCount += 1
            return scheduler.transitionCount
        }
        return ("t\(number)", number)
    }

    /// A presentation's animation as a transition on the tree's clock: an animated one
    /// completes after `presentationDuration`, a plain one at the end of this turn. Stored
    /// before the appearance begins, which list in it the controllers they drive.
    /// `duration`: the transitioning delegate's animator's, if it declares one (rule 44).
    private func schedulePresentationTransition(
        _ transitionID: String, ordinal: Int, presenter: String, from: String, to: String, animated: Bool, forwards: Bool,
        step: PresentationStep, duration animatorDuration: Double? = nil
    ) {
        let duration = animated ? animatorDuration ?? Self.presentationDuration : 0
        let record = TransitionRecord(
            id: transitionID, parent: presenter, from: from, to: to, duration: duration, options: [], startedAt: ongoing.now,
            completesAt: ongoing.now + duration, forwardsAppearance: forwards, completion: [], reportsCompletion: false,
            ordinal: ordinal, presentation: step)
        editScheduler { $0.running[transitionID] = record }
    }

    // MARK: Guards

    /// A presented controller is a root of its own: the engine refuses to make it a child
    /// (UIKit does not check, and then reports a parent and a presenter at once).
    func checkNotPresented(_ child: String, at index: NodeHandle) throws(ContainmentError) {
        guard let presenter = readController(index, { $0.presentation?.presenter }) else { return }
        throw ContainmentError(
            kind: .exception, exceptionName: nil, code: "child_is_presented",
            message: "\(ContainmentError.describe(child)) is presented by \(ContainmentError.describe(presenter)); dismiss it before adding it as a child")
    }

    /// A controller that presents the requested parent, itself or through one of its
    /// descendants, cannot become its child: the parent and presentation links would form a
    /// loop that no walk of the hierarchy leaves. UIKit does not check; the engine refuses it.
    /// Called after the plain ancestor check, so a match here crossed a presentation.
    func checkNotPresenting(_ parent: NodeHandle, child: String, at index: NodeHandle) throws(ContainmentError) {
        // A leaf that presents nothing is above nothing: the common `addChild` costs one read.
        if readController(index, { $0.children.isEmpty && $0.presentedViewController == nil }) { return }
        guard isAbove(index, following: parent) else { return }
        throw ContainmentError(
            kind: .exception, exceptionName: nil, code: "child_presents_parent",
            message:
                "\(ContainmentError.describe(child)) presents \(ContainmentError.describe(nodes.controllers.id(parent))) or one of its ancestors; dismiss it before adding it as a child"
        )
    }

    /// A controller that presents the presenter, itself or through one of its descendants,
    /// cannot be presented by it: the presentation links would close a loop (a presenter whose
    /// view left the window, presented by what it presents). UIKit does not check; the engine
    /// refuses it.
    func checkNotPresenting(presenter: String, presented: String) throws(ContainmentError) {
        let index = nodes.controllers.existing(presented)
        guard readController(index, { !$0.children.isEmpty || $0.presentedViewController != nil }),
            isAbove(index, following: nodes.controllers.existing(presenter))
        else { return }
        throw ContainmentError(
            kind: .exception, exceptionName: nil, code: "presented_presents_presenter",
            message:
                "\(ContainmentError.describe(presented)) presents \(ContainmentError.describe(presenter)) or one of its ancestors; dismiss it before presenting it"
        )
    }

    /// Whether `ancestor` is `controller` or is reached from it by parent links, or by
    /// presenter links where there is no parent.
    private func isAbove(_ ancestor: NodeHandle, following controller: NodeHandle) -> Bool {
        var current: NodeHandle? = controller
        var budget = WalkBudget("parent and presenter", nodes: nodes.controllers.count)
        while let handle = current {
            guard visit(&budget) else { break }
            if handle == ancestor { return true }
            let (up, presenter) = readController(handle) { ($0.parent, $0.presentation?.presenter) }
            current = up ?? presenter.flatMap { controllerHandle(named: $0) }
        }
        return false
    }

    /// A controller being deleted must not be presented or present anything, or the other
    /// end of the link would be left pointing at nothing.
    func checkNoPresentation(in subtree: [String]) throws(ContainmentError) {
        for controller in subtree {
            let node = nodes.controllers[existing: controller]
            if let presented = node.presentedViewController {
                throw ContainmentError(
                    kind: .exception, exceptionName: nil, code: "controller_presenting",
                    message: "\(ContainmentError.describe(controller)) presents \(ContainmentError.describe(presented)); dismiss it first")
            }
            if let presentation = node.presentation {
                throw ContainmentError(
                    kind: .exception, exceptionName: nil, code: "controller_presenting",
                    message: "\(ContainmentError.describe(controller)) is presented by \(ContainmentError.describe(presentation.presenter)); dismiss it first")
            }
        }
    }
}
