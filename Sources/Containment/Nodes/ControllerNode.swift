/// Who will end a controller's current appearance transition: UIKit ends view-driven ones
/// at the end of the run-loop turn, transition-driven ones when the animation completes, and
/// manually forwarded ones when the container calls `endAppearanceTransition()`.
enum AppearanceDriver: Equatable {
    case turn
    case manual
    case transition(String)

    /// How a node stores it: one byte inline, a transition's id in the node's extras.
    enum Kind {
        case turn
        case manual
        case transition
    }
}

/// `isMovingToParent`/`isMovingFromParent` as appearance callbacks report them.
struct MovingFlags {
    var toParent: Bool
    var fromParent: Bool
    /// `isBeingPresented`/`isBeingDismissed`, which appearance callbacks report too.
    var beingPresented = false
    var beingDismissed = false
}

/// A view controller's state inside the engine: what every controller uses inline, the rest
/// (`ControllerExtras`) out of line, so the node stored per controller stays small.
struct ControllerNode {
    // One-byte fields and the stamp are declared together to fill the padding after `id`.
    let id: String
    var kind: ControllerKind
    var appearance: AppearanceState = .disappeared
    private var appearanceDriverKind: AppearanceDriver.Kind?
    /// The undo log's stamp when this node was last saved (`UndoLog.stamp`).
    var undoStamp: UInt32 = 0
    var parent: NodeHandle?
    /// Changed only through the methods below, which the tree calls from its logged edits
    /// (`ContainmentTree+Lists.swift`): the undo log then records the change, not a copy.
    private(set) var children: [NodeHandle] = []
    /// The root view, once loaded (`loadViewIfNeeded`); nil again after `unloadView`.
    var rootView: NodeHandle?
    /// `viewIsAppearing` already delivered in the current appearing transition.
    var sentIsAppearing = false
    /// The `animated` flag of the transition in progress, repeated in its "did" callbacks.
    var appearanceAnimated = false
    var isMovingToParent = false
    var isMovingFromParent = false
    var needsLayout = false
    var automaticallyForwardsAppearance = true
    /// Allocated on the first change away from the defaults; shared with copies until written.
    private var extrasBox: ControllerExtrasBox?

    init(id: String, kind: ControllerKind) {
        self.id = id
        self.kind = kind
    }

    var extras: ControllerExtras {
        get { extrasBox?.extras ?? ControllerExtras() }
        _modify {
            if extrasBox == nil {
                extrasBox = ControllerExtrasBox(ControllerExtras())
            } else if !isKnownUniquelyReferenced(&extrasBox!) {
                extrasBox = ControllerExtrasBox(extrasBox!.extras)
            }
            yield &extrasBox!.extras
        }
    }

    /// Whether any extra was ever set: a snapshot writes the extras only then.
    var hasExtras: Bool { extrasBox != nil }

    var appearanceDriver: AppearanceDriver? {
        get {
            switch appearanceDriverKind {
            case nil: nil
            case .turn: .turn
            case .manual: .manual
            // Set together with the kind by the setter below.
            case .transition: .transition(extrasBox!.extras.drivingTransition!)
            }
        }
        set {
            if case .transition(let id) = newValue {
                extras.drivingTransition = id
            } else if extrasBox?.extras.drivingTransition != nil {
                extras.drivingTransition = nil
            }
            switch newValue {
            case nil: appearanceDriverKind = nil
            case .turn: appearanceDriverKind = .turn
            case .manual: appearanceDriverKind = .manual
            case .transition: appearanceDriverKind = .transition
            }
        }
    }

    var title: String? {
        get { extrasBox?.extras.title }
        _modify { yield &extras.title }
    }

    var containerViews: [ContainerViewSpec] {
        get { extrasBox?.extras.containerViews ?? [] }
        _modify { yield &extras.containerViews }
    }

    var preferredContentSize: Size {
        get { extrasBox?.extras.preferredContentSize ?? Size(width: 0, height: 0) }
        _modify { yield &extras.preferredContentSize }
    }

    var statusBarSettings: StatusBarSettings {
        get { extrasBox?.extras.statusBarSettings ?? StatusBarSettings() }
        _modify { yield &extras.statusBarSettings }
    }

    var properties: [String: JSONValue] {
        get { extrasBox?.extras.properties ?? [:] }
        _modify { yield &extras.properties }
    }

    var stack: [String]? {
        get { extrasBox?.extras.stack }
        _modify { yield &extras.stack }
    }

    var selectedIndex: Int? {
        get { extrasBox?.extras.selectedIndex }
        _modify { yield &extras.selectedIndex }
    }

    var more: MoreNavigationState? {
        get { extrasBox?.extras.more }
        _modify { yield &extras.more }
    }

    var customizableViewControllers: [String]? {
        get { extrasBox?.extras.customizableViewControllers }
        _modify { yield &extras.customizableViewControllers }
    }

    var tabs: [Tab]? {
        get { extrasBox?.extras.tabs }
        _modify { yield &extras.tabs }
    }

    var tabBarMode: TabBarMode? {
        get { extrasBox?.extras.tabBarMode }
        _modify { yield &extras.tabBarMode }
    }

    var sidebarIsHidden: Bool? {
        get { extrasBox?.extras.sidebarIsHidden }
        _modify { yield &extras.sidebarIsHidden }
    }

    var compactTabIdentifiers: [String]? {
        get { extrasBox?.extras.compactTabIdentifiers }
        _modify { yield &extras.compactTabIdentifiers }
    }

    var isTabBarHidden: Bool? {
        get { extrasBox?.extras.isTabBarHidden }
        _modify { yield &extras.isTabBarHidden }
    }

    var interactivePop: InteractivePop? {
        get { extrasBox?.extras.interactivePop }
        _modify { yield &extras.interactivePop }
    }

    var navigationDelegate: NavigationDelegateState? {
        get { extrasBox?.extras.navigationDelegate }
        _modify { yield &extras.navigationDelegate }
    }

    var split: SplitState? {
        get { extrasBox?.extras.split }
        _modify { yield &extras.split }
    }

    // MARK: Presentation

    var presentationSettings: PresentationSettings {
        get { extrasBox?.extras.presentationSettings ?? PresentationSettings() }
        _modify { yield &extras.presentationSettings }
    }

    var presentedViewController: String? {
        get { extrasBox?.extras.presentedViewController }
        _modify { yield &extras.presentedViewController }
    }

    var presentation: Presentation? {
        get { extrasBox?.extras.presentation }
        _modify { yield &extras.presentation }
    }

    var segueSettings: SegueSettings {
        get { extrasBox?.extras.segueSettings ?? SegueSettings() }
        _modify { yield &extras.segueSettings }
    }

    var childContentSizes: [String: Size] {
        get { extrasBox?.extras.childContentSizes ?? [:] }
        _modify { yield &extras.childContentSizes }
    }

    // MARK: Page view controller

    var pageViewControllerSettings: PageViewControllerSettings {
        get { extrasBox?.extras.pageViewControllerSettings ?? PageViewControllerSettings() }
        _modify { yield &extras.pageViewControllerSettings }
    }

    /// A page view controller that begins and ends its pages' appearance itself (rule 24).
    var relaysAppearanceToPages: Bool { kind == .pageViewController && !automaticallyForwardsAppearance }

    var pageSwipe: PageSwipe? {
        get { extrasBox?.extras.pageSwipe }
        _modify { yield &extras.pageSwipe }
    }

    var answers: ControllerAnswers {
        get { extrasBox?.extras.answers ?? ControllerAnswers() }
        _modify { yield &extras.answers }
    }

    var overrideTraitCollection: TraitOverrides? {
        get { extrasBox?.extras.overrideTraitCollection }
        _modify { yield &extras.overrideTraitCollection }
    }

    var toldSizeClass: SizeClass? {
        get { extrasBox?.extras.toldSizeClass }
        _modify { yield &extras.toldSizeClass }
    }

    var overrides: [String: [RawCall]] {
        get { extrasBox?.extras.overrides ?? [:] }
        _modify { yield &extras.overrides }
    }

    var pagesAwaitingAppearance: [String] {
        get { extrasBox?.extras.pagesAwaitingAppearance ?? [] }
        _modify { yield &extras.pagesAwaitingAppearance }
    }

    var isViewLoaded: Bool { rootView != nil }

    var viewID: String { ControllerNode.viewID(of: id) }

    /// What appearance callbacks report about the move in progress.
    var moving: MovingFlags {
        guard let presentation = extrasBox?.extras.presentation else {
            return MovingFlags(toParent: isMovingToParent, fromParent: isMovingFromParent)
        }
        return MovingFlags(
            toParent: isMovingToParent, fromParent: isMovingFromParent, beingPresented: presentation.isBeingPresented,
            beingDismissed: presentation.isBeingDismissed)
    }

    mutating func appendChild(_ child: NodeHandle) { children.append(child) }
    mutating func removeLastChild() { children.removeLast() }
    mutating func insertChild(_ child: NodeHandle, at index: Int) { children.insert(child, at: index) }
    mutating func removeChild(at index: Int) { children.remove(at: index) }

    /// This node as the undo log keeps it: the children list is restored by its own entries.
    var withoutChildren: ControllerNode {
        var copy = self
        copy.children = []
        return copy
    }

    /// Restoring a saved node: the current children list stays, moved rather than copied.
    mutating func keepChildren(of current: inout ControllerNode) {
        swap(&children, &current.children)
    }

    /// A child leaving a built-in container leaves its stack, tabs or column too (UIKit's
    /// navigation stack is its children), so the two never disagree.
    mutating func forget(_ child: String) {
        if let index = stack?.firstIndex(of: child) {
            stack?.remove(at: index)
            if let selected = selectedIndex {
                let count = stack?.count ?? 0
                selectedIndex = count == 0 ? nil : (index < selected ? selected - 1 : min(selected, count - 1))
            }
            if more != nil { forgetInMore(child) }
            customizableViewControllers?.removeAll { $0 == child }
            tabs?.removeAll { $0.rootController == child }
        }
        // Read in place: the `split` getter copies four strings.
        if let box = extrasBox, box.extras.split?.involves(child) == true { split?.forget(child) }
        if interactivePop?.from == child || interactivePop?.to == child { interactivePop = nil }
        if pageSwipe?.involves(child) == true { pageSwipe = nil }
    }

    /// A tab leaving: More follows the tabs left (none with five or fewer; its top is the
    /// selected tab from the fifth on).
    private mutating func forgetInMore(_ child: String) {
        let tabs = stack ?? []
        let barTabs = compactBarTabs
        guard barTabs.count > ContainmentTree.moreTabIndex + 1 else {
            if more?.isSelected == true { selectedIndex = tabs.isEmpty ? nil : 0 }
            more = nil
            return
        }
        let onMore = barTabs.dropFirst(ContainmentTree.moreTabIndex)
        let top = more?.top
        if let top, !onMore.contains(top) { more?.top = nil }
        // A top means a compact width, where the selected tab from the fifth on is on More.
        if let selected = selectedIndex, top != nil, onMore.contains(tabs[selected]) { more?.top = tabs[selected] }
    }

    /// The tabs a compact width's tab bar lays out, four and More when more than five: every
    /// tab, or only the root tabs `compactTabIdentifiers` lists (rule 14, "The sidebar").
    var compactBarTabs: [String] {
        let tabs = stack ?? []
        guard let identifiers = compactTabIdentifiers, let rootTabs = self.tabs else { return tabs }
        let listed = Set(rootTabs.filter { identifiers.contains($0.identifier) }.compactMap(\.rootController))
        return tabs.filter(listed.contains)
    }

    static func viewID(of controller: String) -> String { controller + ".view" }

    /// The controller whose root view `id` names: `viewID(of:)` undone, for an `id` that
    /// `isRootViewID` accepts.
    static func controllerID(ofRootView id: String) -> String { String(id.dropLast(5)) }

    /// Whether `id` ends in `.view`, as root view ids do and controller ids never do
    /// (`TreeValidation.isValidNodeID`): comparing five bytes costs far less than
    /// `hasSuffix`, which compares characters.
    static func isRootViewID(_ id: String) -> Bool {
        let matches = id.utf8.withContiguousStorageIfAvailable { bytes in
            let end = bytes.count
            return end >= 5 && bytes[end - 5] == UInt8(ascii: ".") && bytes[end - 4] == UInt8(ascii: "v")
                && bytes[end - 3] == UInt8(ascii: "i") && bytes[end - 2] == UInt8(ascii: "e") && bytes[end - 1] == UInt8(ascii: "w")
        }
        return matches ?? id.hasSuffix(".view")
    }
}
