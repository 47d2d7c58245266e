/// UIPageViewController (docs/uikit-rules-page-view-controller.md, rules 24–25): one current
/// page, or two in a spread, whose views fill the container. It does not forward appearance automatically: it
/// begins and ends its pages' appearance itself, and relays its own appearance to its current
/// pages after its own callback. Its delegate's callbacks are events on it.
extension ContainmentTree {
    /// An animated `setViewControllers` takes as long as a navigation push.
    static let pageTransitionDuration = navigationDuration

    func applyPageCall(_ controller: String, _ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        switch method {
        case "setViewControllers":
            let pages = try controllerList(args, "viewControllers").1
            try checkDirection(args)
            try setPages(controller, pages, animated: try args.bool("animated", default: false), field: args.field("viewControllers"))
        case "beginInteractiveSwipe":
            let to = try controllerList(args, "to").1
            try checkDirection(args)
            try beginInteractiveSwipe(controller, to: to, field: args.field("to"))
        case "finishInteractiveSwipe":
            try endInteractiveSwipe(controller, finish: true)
        case "cancelInteractiveSwipe":
            try endInteractiveSwipe(controller, finish: false)
        default:
            throw .invalidArgument(field: prefix + "method", "\(method) is not a method of a pageViewController")
        }
    }

    /// `direction` (`forward` by default) chooses the side the page comes from: it changes
    /// the animation, never the callbacks, so it is only checked.
    private func checkDirection(_ args: RawCallArguments) throws(ContainmentError) {
        if args.values["direction"] != nil {
            _ = try args.rawValue("direction", as: PageDirection.self)
        }
    }

    /// A spec's page fields: the settings only on a page view controller, and its
    /// `viewControllers` as many as a transition takes (a 400 naming the field, where the
    /// same list in a raw call is UIKit's exception).
    func validatePageFields(_ spec: ControllerSpec, kind: ControllerKind, path: String) throws(ContainmentError) {
        try spec.pageViewControllerSettings.validate(kind: kind, path: path)
        let required = spec.pageViewControllerSettings.pagesPerTransition
        if kind == .pageViewController, let pages = spec.viewControllers, pages.count != required {
            throw .invalidArgument(
                field: path + "viewControllers",
                "this page view controller shows \(required) page\(required == 1 ? "" : "s") at a time; \(pages.count) given")
        }
    }

    /// How many pages each of its transitions takes (rule 24, "Two-page spreads").
    private func pagesPerTransition(of pageViewController: String) -> Int {
        nodes.controllers[existing: pageViewController].pageViewControllerSettings.pagesPerTransition
    }

    /// UIKit's exception for a list of pages the spine does not take.
    private func checkPageCount(_ pages: [String], of pageViewController: String, field: String) throws(ContainmentError) {
        let required = pagesPerTransition(of: pageViewController)
        guard pages.count == required else {
            throw .invalidArgumentException(
                code: "page_count_mismatch",
                "The number of view controllers provided (\(pages.count)) doesn't match the number required (\(required)) for the requested transition"
            )
        }
        guard Set(pages).count == pages.count else {
            throw .invalidArgument(field: field, "a page is shown once: \(pages.joined(separator: ", "))")
        }
    }

    // MARK: setViewControllers

    /// `setViewControllers(_:direction:animated:completion:)` (rule 24): each old page
    /// willMove(nil), disappears, didMove(nil); each new page is added, loads, appears and gets
    /// didMove. Animated, the two overlap for `pageTransitionDuration` on the tree's clock, as
    /// a navigation push does. It never calls the delegate.
    func setPages(_ pageViewController: String, _ pages: [String], animated: Bool, field: String) throws(ContainmentError) {
        try checkPageCount(pages, of: pageViewController, field: field)
        try requireNoSwipe(pageViewController)
        finishRunningTransitions(of: pageViewController)
        let node = nodes.controllers[existing: pageViewController]
        let oldPages = node.stack ?? []
        guard oldPages != pages else { return }
        let removed = oldPages.filter { !pages.contains($0) }
        let added = pages.filter { !oldPages.contains($0) }
        // Animated, each leaving page is turned into the page taking its place, left pair first
        // (rule 24, "Two-page spreads"): one transition per pair, as a push has one.
        let pairs = Array(zip(removed, added))
        if animated, !pairs.isEmpty, removed.count == added.count, removed.allSatisfy({ isShownPage($0, of: pageViewController) }),
            isOnScreen(node.viewID)
        {
            for (old, new) in pairs {
                willMove(old, toParent: nil)
                try addChildController(new, to: pageViewController, field: field)
            }
            editController(pageViewController) { $0.stack = pages }
            for (old, new) in pairs {
                loadViewIfNeeded(new)
                setFrame(nodes.controllers[existing: new].viewID, pageFrame(new, of: pageViewController))
                _ = try startTransition(
                    parent: pageViewController, from: old, to: new, duration: Self.pageTransitionDuration, options: [],
                    completion: [
                        RawCall(receiver: old, method: "removeFromParent"),
                        RawCall(receiver: new, method: "didMove", args: ["toParent": .string(pageViewController)]),
                    ],
                    field: "", reportsCompletion: false, drivesAppearance: true)
            }
            return
        }
        let children = Set(childIDs(of: node))
        for old in removed {
            willMove(old, toParent: nil)
            if isShownPage(old, of: pageViewController) {
                disappearPage(old)
                removeFromSuperview(nodes.controllers[existing: old].viewID)
            }
            removeFromParentController(old)
        }
        // A removed page's `didMove(toParent: nil)` override that set pages took this call's
        // place, as a tab selected inside a selection does (rule 40).
        guard nodes.controllers[existing: pageViewController].stack == oldPages.filter({ !removed.contains($0) }) else { return }
        editController(pageViewController) { $0.stack = pages }
        for new in added where children.contains(new) || parentID(of: new) != pageViewController {
            try addChildController(new, to: pageViewController, field: field)
            if nodes.controllers[existing: pageViewController].isViewLoaded {
                try showPage(new, in: pageViewController)
                if awaitsAppearance(pageViewController) {
                    awaitAppearance(of: new, in: pageViewController)
                    continue
                }
                appearPage(new, of: pageViewController)
            }
            didMove(new, toParent: pageViewController)
        }
    }

    /// A page leaving the page view controller's view disappears at once if it is showing.
    private func disappearPage(_ page: String) {
        guard let state = nodes.controllers[page]?.appearance, state == .appeared || state == .appearing else { return }
        beginAppearanceTransition(page, appearing: false, animated: false, driver: .manual)
        endAppearanceTransition(page)
    }

    /// A page that is now current appears as its page view controller does: at once when
    /// that has appeared, or with its own appearance while it is appearing (the relay ends it).
    private func appearPage(_ page: String, of pageViewController: String) {
        let container = nodes.controllers[existing: pageViewController]
        guard let state = nodes.controllers[page]?.appearance, state == .disappeared || state == .disappearing else { return }
        switch container.appearance {
        case .appeared:
            // Not in a window being hidden (an override in its walk set the pages): the walk
            // has yet to turn the container away, and the page stays as it is (rule 40).
            guard isOnScreen(container.viewID) else { return }
            beginAppearanceTransition(page, appearing: true, animated: false, driver: .manual)
            endAppearanceTransition(page)
        case .appearing:
            beginAppearanceTransition(page, appearing: true, animated: container.appearanceAnimated, driver: container.appearanceDriver ?? .turn)
        case .disappearing, .disappeared:
            break
        }
    }

    /// Loading a page view controller's view puts its current pages in it.
    func showCurrentPages(of pageViewController: String) throws(ContainmentError) {
        for page in nodes.controllers[existing: pageViewController].stack ?? [] where parentID(of: page) == pageViewController {
            try showPage(page, in: pageViewController)
        }
    }

    private func showPage(_ page: String, in pageViewController: String) throws(ContainmentError) {
        loadViewIfNeeded(page)
        let viewID = nodes.controllers[existing: page].viewID
        setFrame(viewID, pageFrame(page, of: pageViewController))
        try addSubview(viewID, to: nodes.controllers[existing: pageViewController].viewID)
    }

    /// A page fills the page view controller's view, or its half of it in a spread bound in
    /// the middle: the first page (or the first page a turn brings) on the left.
    func pageFrame(_ page: String, of pageViewController: String) -> Rect {
        let bounds = contentFrame(of: pageViewController)
        let node = nodes.controllers[existing: pageViewController]
        guard node.pageViewControllerSettings.resolved.spineLocation == .mid else { return bounds }
        let pages = (node.stack?.contains(page) ?? false) ? node.stack ?? [] : node.pageSwipe?.to ?? []
        let half = bounds.width / 2
        return Rect(x: pages.firstIndex(of: page) == 1 ? half : 0, y: bounds.y, width: half, height: bounds.height)
    }

    private func isShownPage(_ page: String, of pageViewController: String) -> Bool {
        guard let node = nodes.controllers[page], node.isViewLoaded else { return false }
        return superviewID(of: node.viewID) == nodes.controllers[pageViewController]?.viewID
    }

    // MARK: Relaying its own appearance

    /// The pages whose appearance follows the page view controller's: its children whose
    /// views are in its view (the current page, the page a swipe is turning to, and a page
    /// left behind by a swipe whose other page was removed mid-swipe), except a page an
    /// animated `setViewControllers` is taking out, which that transition drives
    /// (docs/uikit-rules-page-view-controller.md, "Decision: a page removed mid-swipe").
    /// `drivenOnly`: only a transition that forwards appearance keeps its leaving page; one
    /// started off screen drives none, so an end relayed to that page is its only end.
    private func shownPages(of pageViewController: String, drivenOnly: Bool = false) -> [String] {
        guard let node = nodes.controllers[pageViewController] else { return [] }
        let pages = childIDs(of: node).filter { isShownPage($0, of: pageViewController) }
        guard !pages.isEmpty, !time.scheduler.running.isEmpty else { return pages }
        let leaving = Set(
            time.scheduler.running.values.lazy.filter { $0.parent == pageViewController && (!drivenOnly || $0.forwardsAppearance) }.map(\.from))
        return pages.filter { !leaving.contains($0) }
    }

    /// Rule 24: after its own "will" callback, the same begins on its current pages.
    func relayAppearanceToPages(of pageViewController: String, appearing: Bool, animated: Bool, driver: AppearanceDriver) {
        if appearing { showAwaitingPages(of: pageViewController) }
        let going: AppearanceState = appearing ? .appearing : .disappearing
        for page in shownPages(of: pageViewController) {
            // An earlier page's override may have turned the page view controller back (it
            // hid the window as its page appeared, rule 40): the rest follow it, not the relay.
            if overrides.anyDeclared, nodes.controllers[existing: pageViewController].appearance != going { break }
            guard let state = nodes.controllers[page]?.appearance else { continue }
            let changes = appearing ? (state == .disappeared || state == .disappearing) : (state == .appeared || state == .appearing)
            if changes {
                beginAppearanceTransition(page, appearing: appearing, animated: animated, driver: driver)
            }
        }
    }

    /// After its own "did" callback, the pages it began under the same driver end: a page a
    /// transition began taking out after the relay's begin (an override hid the window while
    /// the new page loaded, rule 40) included, as that transition drives none.
    func relayEndToPages(of pageViewController: String, driver: AppearanceDriver?) {
        for page in shownPages(of: pageViewController, drivenOnly: true) {
            guard let node = nodes.controllers[page], node.appearanceDriver == driver,
                node.appearance == .appearing || node.appearance == .disappearing
            else { continue }
            endAppearanceTransition(page)
        }
    }

    // MARK: Interactive swipes

    private func requireNoSwipe(_ pageViewController: String) throws(ContainmentError) {
        guard nodes.controllers[existing: pageViewController].pageSwipe == nil else {
            throw .internalInconsistency(
                code: "page_swipe_in_progress", "A page turn of \(ContainmentError.describe(pageViewController)) is in progress")
        }
    }

    private func currentSwipe(_ pageViewController: String) throws(ContainmentError) -> PageSwipe {
        guard let swipe = nodes.controllers[existing: pageViewController].pageSwipe else {
            throw .internalInconsistency(
                code: "no_page_swipe", "No page turn of \(ContainmentError.describe(pageViewController)) is in progress")
        }
        return swipe
    }

    /// The start of a gesture-driven page turn to `to` (the pages the data source returned, as
    /// many as the spine takes): they become children at once, the delegate's
    /// `willTransitionTo`, then they begin appearing and the current pages disappearing (rule 25;
    /// docs/uikit-rules-page-view-controller.md, "Decision: when a page becomes a child").
    func beginInteractiveSwipe(_ pageViewController: String, to: [String], field: String) throws(ContainmentError) {
        try requireNoSwipe(pageViewController)
        guard !ongoing.endingPageSwipes.contains(pageViewController) else {
            throw .internalInconsistency(
                code: "page_swipe_in_progress", "A page turn of \(ContainmentError.describe(pageViewController)) is ending")
        }
        let node = nodes.controllers[existing: pageViewController]
        guard let from = node.stack, !from.isEmpty, from.allSatisfy({ isShownPage($0, of: pageViewController) }) else {
            throw .internalInconsistency(
                code: "no_current_page", "\(ContainmentError.describe(pageViewController)) shows no page to turn from")
        }
        try checkPageCount(to, of: pageViewController, field: field)
        if let current = to.first(where: from.contains) {
            throw .invalidArgument(field: field, "\(current) is a current page already")
        }
        let swipe = PageSwipe(from: from, to: to)
        finishRunningTransitions(of: pageViewController)
        // Callbacks run from here on; the turn is in progress for them already.
        editController(pageViewController) { $0.pageSwipe = swipe }
        try requireSwipeStands(swipe, of: pageViewController)
        for page in to {
            try addChildController(page, to: pageViewController, field: field)
            try requireSwipeStands(swipe, of: pageViewController)
        }
        emit(pageViewController, "willTransitionTo", ["pendingViewControllers": .array(to.map { .string($0) })])
        for page in to { try showPage(page, in: pageViewController) }
        if nodes.controllers[existing: pageViewController].appearance == .appeared {
            for page in to { beginAppearanceTransition(page, appearing: true, animated: true, driver: .manual) }
            for page in from { beginAppearanceTransition(page, appearing: false, animated: true, driver: .manual) }
        }
        try requireSwipeStands(swipe, of: pageViewController)
    }

    /// A callback run by a beginning or ending turn took one of its pages away or changed the
    /// current pages: the turn, and the request, are refused
    /// (docs/uikit-rules-page-view-controller.md). `ending`: the swipe is no longer current.
    private func requireSwipeStands(_ swipe: PageSwipe, of pageViewController: String, ending: Bool = false) throws(ContainmentError) {
        let node = nodes.controllers[existing: pageViewController]
        let pages = ending ? swipe.from + swipe.to : swipe.from
        guard node.pageSwipe == (ending ? nil : swipe), node.stack == swipe.from, pages.allSatisfy({ parentID(of: $0) == pageViewController })
        else {
            throw .internalInconsistency(
                code: "page_swipe_interrupted",
                "A callback changed the pages of \(ContainmentError.describe(pageViewController)) while its page turn \(ending ? "ended" : "began")")
        }
    }

    /// The end of the gesture (rule 25). Finished: the current pages leave, `to` are the pages.
    /// Cancelled: both reverse, `to` leave, the pages stay. The delegate's
    /// `didFinishAnimating` comes last either way.
    func endInteractiveSwipe(_ pageViewController: String, finish: Bool) throws(ContainmentError) {
        let swipe = try currentSwipe(pageViewController)
        editController(pageViewController) { $0.pageSwipe = nil }
        ongoing.endingPageSwipes.insert(pageViewController)
        defer { ongoing.endingPageSwipes.remove(pageViewController) }
        let scroll = nodes.controllers[existing: pageViewController].pageViewControllerSettings.transitionStyle == .scroll
        // Begun by the swipe and still driven by it, on screen: the logged orders.
        let driven = (swipe.to + swipe.from).allSatisfy { nodes.controllers[existing: $0].appearanceDriver == .manual }
        let showing =
            isOnScreen(nodes.controllers[existing: pageViewController].viewID) && nodes.controllers[existing: pageViewController].appearance == .appeared
        let leaving = finish ? swipe.from : swipe.to
        for page in leaving { willMove(page, toParent: nil) }
        if driven, showing {
            if finish {
                // Scroll: new.viewDidAppear, old.viewDidDisappear; page curl: the other way round.
                for page in scroll ? swipe.to + swipe.from : swipe.from + swipe.to {
                    endAppearanceTransition(page)
                }
            } else if scroll {
                runAppearanceTransitions(swipe.from.map { ($0, true) } + swipe.to.map { ($0, false) })
            } else {
                for page in swipe.to { beginAppearanceTransition(page, appearing: false, animated: true, driver: .manual) }
                for page in swipe.from { beginAppearanceTransition(page, appearing: true, animated: true, driver: .manual) }
                for page in swipe.to + swipe.from { endAppearanceTransition(page) }
            }
        } else {
            // The page view controller appeared, disappeared or was hidden meanwhile: end what
            // the swipe left in flight, then the pages follow the page view controller.
            settleManualAppearance(of: swipe.to + swipe.from)
            for page in leaving { disappearPage(page) }
            for page in finish ? swipe.to : swipe.from { appearPage(page, of: pageViewController) }
        }
        try requireSwipeStands(swipe, of: pageViewController, ending: true)
        for page in leaving { removeFromSuperview(nodes.controllers[existing: page].viewID) }
        if finish {
            editController(pageViewController) { $0.stack = swipe.to }
        }
        for page in leaving { removeFromParentController(page) }
        if finish {
            for page in swipe.to { didMove(page, toParent: pageViewController) }
        }
        emit(
            pageViewController, "didFinishAnimating",
            [
                "finished": .bool(true), "previousViewControllers": .array(swipe.from.map { .string($0) }),
                "transitionCompleted": .bool(finish),
            ])
    }
}
