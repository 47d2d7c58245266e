/// The navigation controller's delegate (docs/uikit-rules.md, rule 13):
/// `navigationController(_:willShow:animated:)` right after the incoming top's own
/// `viewWillAppear`, `navigationController(_:didShow:animated:)` once it has appeared, after
/// the transition's completion (`didMove`). Events are on the navigation controller. Only a
/// navigation controller that declares `navigationControllerDelegate` is looked at, and only
/// once one exists in the tree (`WindowState.tellsNavigationDelegates`).
extension ContainmentTree {
    /// After `controller`'s `viewWillAppear` and its override: `willShow` when it is the top
    /// of a navigation controller whose delegate has not heard of it yet, or the controller a
    /// back swipe uncovers (driven by hand). Its first appearance, or a push, pop or
    /// `setViewControllers` that shows it on screen.
    func navigationDelegateWillShow(_ controller: String, at index: NodeHandle, driver: AppearanceDriver, animated: Bool) {
        guard let navigation = navigationWithDelegate(above: index), readController(index, { $0.appearance == .appearing }) else { return }
        let (stack, state) = readController(navigation) { ($0.stack ?? [], $0.navigationDelegate ?? NavigationDelegateState()) }
        let uncovered = driver == .manual && stack.count > 1 && stack[stack.count - 2] == controller
        guard stack.last == controller || uncovered, state.shown != controller, state.showing != controller else { return }
        let navigationID = nodes.controllers.id(navigation)
        var transition: String?
        if case .transition(let id) = driver, time.scheduler.running[id]?.parent == navigationID { transition = id }
        editController(navigation) { $0.navigationDelegate = NavigationDelegateState(shown: state.shown, showing: controller, transition: transition) }
        emit(navigationID, "willShow", ["viewController": .string(controller), "animated": .bool(animated)])
    }

    /// After `controller`'s `viewDidAppear` and its override: `didShow` when the delegate
    /// awaits it and no transition of the navigation controller's own or back swipe ends it
    /// (those tell it after their completion): its first appearance.
    func navigationDelegateDidShow(_ controller: String, at index: NodeHandle, driver: AppearanceDriver?, animated: Bool) {
        guard driver != .manual, let navigation = navigationWithDelegate(above: index),
            let state = readController(navigation, { $0.navigationDelegate }), state.showing == controller
        else { return }
        if let transition = state.transition, driver == .transition(transition) { return }
        didShow(controller, on: navigation, animated: animated)
    }

    /// The end of a navigation controller's push, pop or `setViewControllers`, after its
    /// completion: `didShow` of the controller it showed, if still the top.
    func navigationDelegateDidShow(endOf record: TransitionRecord) {
        guard let navigation = controllerHandle(named: record.parent),
            let state = readController(navigation, { $0.navigationDelegate }), state.transition == record.id, state.showing == record.to
        else { return }
        didShow(record.to, on: navigation, animated: record.duration > 0)
    }

    /// The end of a back swipe: finished, `didShow` of the uncovered controller after the top
    /// left; cancelled, nothing (the delegate keeps what it heard in `willShow`).
    func navigationDelegateEndSwipe(_ navigation: String, uncovered: String, finished: Bool) {
        guard let handle = controllerHandle(named: navigation),
            let state = readController(handle, { $0.navigationDelegate }), state.showing == uncovered
        else { return }
        if finished {
            didShow(uncovered, on: handle, animated: true)
        } else {
            editController(handle) { $0.navigationDelegate?.showing = nil }
        }
    }

    /// A delegate set on a navigation controller already showing its top is told of the next
    /// change only: nothing retroactive.
    func noteNavigationDelegateSet(_ navigation: String) {
        if !nodes.window.tellsNavigationDelegates { editWindow { $0.tellsNavigationDelegates = true } }
        let top = nodes.controllers[existing: navigation].stack?.last
        let shows = top.flatMap { nodes.controllers[$0] }.map { $0.appearance != .disappeared } ?? false
        editController(navigation) { $0.navigationDelegate = NavigationDelegateState(shown: shows ? top : nil) }
    }

    private func didShow(_ controller: String, on navigation: NodeHandle, animated: Bool) {
        let shownOnTop = readController(navigation) { $0.answers.navigationControllerDelegate == true && $0.stack?.last == controller }
        editController(navigation) { $0.navigationDelegate = NavigationDelegateState(shown: shownOnTop ? controller : $0.navigationDelegate?.shown) }
        guard shownOnTop else { return }
        emit(nodes.controllers.id(navigation), "didShow", ["viewController": .string(controller), "animated": .bool(animated)])
    }

    /// `index`'s parent when it is a navigation controller with a delegate.
    private func navigationWithDelegate(above index: NodeHandle) -> NodeHandle? {
        guard let parent = readController(index, { $0.parent }),
            readController(parent, { $0.kind == .navigationController && $0.answers.navigationControllerDelegate == true })
        else { return nil }
        return parent
    }
}
