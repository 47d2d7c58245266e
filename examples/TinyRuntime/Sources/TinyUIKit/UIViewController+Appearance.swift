/// Where a controller is in its appearance.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

extension UIViewController {
    /// For a container that forwards appearance by hand: begins this controller's appearance
    /// (`isAppearing`) or disappearance and that of the controllers its view drives.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        loadViewIfNeeded()
        let goingThatWay: Set<AppearanceState> = isAppearing ? [.appearing, .appeared] : [.disappearing, .disappeared]
        if goingThatWay.contains(appearance) {
            application.log("Unbalanced calls to begin/end appearance transitions for \(self)", self)
        } else {
            beginAppearance(isAppearing, animated: animated, byHand: true)
        }
        for controller in Self.driven(from: view, below: self) where !goingThatWay.contains(controller.appearance) {
            controller.beginAppearance(isAppearing, animated: animated, byHand: true)
        }
    }

    /// Ends what `beginAppearanceTransition` began, here and below.
    public func endAppearanceTransition() {
        guard appearance == .appearing || appearance == .disappearing else {
            application.log("Unbalanced calls to begin/end appearance transitions for \(self)", self)
            return
        }
        if appearance == .appearing { sendViewIsAppearingOnce() }
        finishAppearance()
        for controller in Self.driven(from: view, below: self) where controller.appearance == .appearing || controller.appearance == .disappearing {
            if controller.appearance == .appearing { controller.sendViewIsAppearingOnce() }
            controller.finishAppearance()
        }
    }

    /// Sends the "will" callback; the "did" comes at the turn's end, or by hand from
    /// `endAppearanceTransition`.
    func beginAppearance(_ isAppearing: Bool, animated: Bool, byHand: Bool) {
        switch (isAppearing, appearance) {
        case (true, .disappeared), (true, .disappearing):
            appearance = .appearing
            appearanceIsAnimated = animated
            sentViewIsAppearing = false
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearance = .disappearing
            appearanceIsAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        if !byHand { application.didBegin(self) }
    }

    func sendViewIsAppearingOnce() {
        guard !sentViewIsAppearing else { return }
        sentViewIsAppearing = true
        viewIsAppearing(appearanceIsAnimated)
    }

    func finishAppearance() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceIsAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceIsAnimated)
        case .appeared, .disappeared:
            break
        }
    }

    /// The controllers whose appearance follows `view`'s: each whose root view is at or below
    /// it (after `controller`, if given) and whose parent forwards appearance automatically,
    /// parents first and siblings in subview order.
    static func driven(from view: UIView, below controller: UIViewController? = nil) -> [UIViewController] {
        var found: [UIViewController] = []
        func visit(_ view: UIView) {
            guard let owner = view.viewController.flatMap({ $0 === controller ? nil : $0 }) else {
                view.subviews.forEach(visit)
                return
            }
            if let parent = owner.parent, !parent.shouldAutomaticallyForwardAppearanceMethods { return }
            let childrenFirst = owner.application.defects.contains(.childrenFirst)
            if !childrenFirst { found.append(owner) }
            view.subviews.forEach(visit)
            if childrenFirst { found.append(owner) }
        }
        visit(view)
        return found
    }
}
