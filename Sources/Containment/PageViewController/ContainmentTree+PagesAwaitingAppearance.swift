/// A page set while its page view controller is loaded but not shown (in its `viewDidLoad`,
/// as in Stack Overflow question 48653763): the page gets its whole appearance at once when
/// the page view controller begins appearing, then `didMove(toParent:)`, and its layout pass
/// after; if the page view controller is not shown within the turn, `didMove` comes at the
/// turn's end (docs/uikit-rules-callbacks.md, rule 42).
extension ContainmentTree {
    /// Whether pages set now wait for the page view controller to show them: its view is
    /// loaded, and neither shown nor on its way.
    func awaitsAppearance(_ pageViewController: String) -> Bool {
        let node = nodes.controllers[existing: pageViewController]
        return node.appearance == .disappeared && !isOnScreen(node.viewID)
    }

    func awaitAppearance(of page: String, in pageViewController: String) {
        let wasEmpty = nodes.controllers[existing: pageViewController].pagesAwaitingAppearance.isEmpty
        editController(pageViewController) { $0.pagesAwaitingAppearance.append(page) }
        if wasEmpty { appendToTurnList(.pagesAwaitingAppearance, nodes.controllers.existing(pageViewController)) }
    }

    /// The page view controller began appearing: each awaiting page that is still its shown
    /// page appears at once, then gets `didMove(toParent:)`.
    func showAwaitingPages(of pageViewController: String) {
        guard let awaiting = nodes.controllers[pageViewController]?.pagesAwaitingAppearance, !awaiting.isEmpty else { return }
        editController(pageViewController) { $0.pagesAwaitingAppearance = [] }
        for page in awaiting where parentID(of: page) == pageViewController {
            if let state = nodes.controllers[page]?.appearance, state == .disappeared || state == .disappearing,
                nodes.controllers[existing: page].isViewLoaded, isInWindow(nodes.controllers[existing: page].viewID)
            {
                beginAppearanceTransition(page, appearing: true, animated: false, driver: .manual)
                endAppearanceTransition(page)
            }
            didMove(page, toParent: pageViewController)
        }
    }

    /// The turn's end: pages still awaiting their page view controller get `didMove` now.
    func completeAwaitingPages() {
        guard !time.scheduler.pagesAwaitingAppearance.isEmpty else { return }
        for index in takeTurnList(.pagesAwaitingAppearance) where nodes.controllers.contains(index) {
            let pageViewController = nodes.controllers.id(index)
            let awaiting = readController(index) { $0.pagesAwaitingAppearance }
            guard !awaiting.isEmpty else { continue }
            editController(index) { $0.pagesAwaitingAppearance = [] }
            for page in awaiting where parentID(of: page) == pageViewController {
                didMove(page, toParent: pageViewController)
            }
        }
    }
}
