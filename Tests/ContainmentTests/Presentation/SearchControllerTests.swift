import Testing

@testable import Containment

/// docs/uikit-rules-presentation.md, rule 51: a search controller installed in a navigation
/// item, its `isActive`, the user's taps in its search bar, and its delegate.
@Suite struct SearchControllerTests {
    /// A tab bar controller whose tab is the navigation controller `nav` showing `content`,
    /// whose `navigationItem` installs the detached search controller `search`.
    func tree(content: PresentationSettings = PresentationSettings(), search: PresentationSettings = PresentationSettings()) throws
        -> ContainmentTree
    {
        var contentSettings = content
        contentSettings.navigationItem = NavigationItem(searchController: "search")
        let tree = try ContainmentTree(
            id: "search", configuration: TreeConfiguration(clock: "manual"),
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(
                        id: "nav", kind: .navigationController,
                        viewControllers: [ControllerSpec(id: "content", presentationSettings: contentSettings)])
                ]),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "search", kind: .searchController, presentationSettings: search), now: t0)
        return tree
    }

    func isActive(_ tree: ContainmentTree) -> Bool? { tree.snapshot().controllers["search"]?.isActive }

    static let presents = ["search.willPresentSearchController", "search.viewWillAppear", "search.viewIsAppearing"]
    static let presented = ["search.viewDidAppear", "search.didPresentSearchController"]
    static let dismisses = ["search.willDismissSearchController", "search.viewWillDisappear"]
    static let dismissed = ["search.viewDidDisappear", "search.didDismissSearchController"]

    /// Refuses `calls` with `code`, changing nothing.
    func expectRefused(_ tree: ContainmentTree, _ calls: [RawCall], code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = tree.snapshot()
        let lastSeq = tree.lastSeq
        let outcome = tree.perform(calls, atomic: false, now: t0)
        #expect(outcome.failure?.code == code, sourceLocation: sourceLocation)
        #expect(outcome.events.isEmpty, sourceLocation: sourceLocation)
        #expect(tree.lastSeq == lastSeq, sourceLocation: sourceLocation)
        #expect(tree.snapshot() == before, sourceLocation: sourceLocation)
    }

    @Test func rule51_settingIsActivePresentsOverTheNavigationControllersContextBetweenWillAndDid() throws {
        let tree = try tree()
        #expect(isActive(tree) == false)
        let begin = tree.run([call("search", "setActive", ["active": true])])
        #expect(containment(begin) == Self.presents)
        #expect(isActive(tree) == true)
        let snapshot = tree.snapshot().controllers["search"]
        #expect(snapshot?.presentingViewController == "nav")
        #expect(snapshot?.presentationStyle == .overCurrentContext)
        #expect(containment(tree.advance(to: t0 + 0.5)) == Self.presented)
        #expect(!(tree.snapshot().controllers["tabs"]?.presentedViewController != nil))
        #expect(tree.appearance("content") == .appeared)
    }

    @Test func rule51_settingIsActiveFalseDismissesBetweenWillAndDid() throws {
        let tree = try tree()
        _ = tree.run([call("search", "setActive", ["active": true])])
        _ = tree.advance(to: t0 + 1)
        let begin = tree.run([call("search", "setActive", ["active": false])], now: t0 + 1)
        #expect(containment(begin) == Self.dismisses)
        #expect(isActive(tree) == false)
        #expect(containment(tree.advance(to: t0 + 1.5)) == Self.dismissed)
        #expect(tree.snapshot().controllers["nav"]?.presentedViewController == nil)
        #expect(!(begin.contains { $0.controller == "content" || $0.controller == "nav" }))
    }

    @Test func rule51_settingIsActiveToItsValueDoesNothing() throws {
        let tree = try tree()
        #expect(tree.run([call("search", "setActive", ["active": false])]).isEmpty)
        _ = tree.run([call("search", "setActive", ["active": true])])
        #expect(tree.run([call("search", "setActive", ["active": true])]).isEmpty)
    }

    @Test func rule51_theContentDefiningTheContextPresentsTheSearch() throws {
        let tree = try tree(content: PresentationSettings(definesPresentationContext: true))
        _ = tree.run([call("search", "setActive", ["active": true])])
        #expect(tree.snapshot().controllers["search"]?.presentingViewController == "content")
    }

    @Test func rule51_aTapInTheSearchFieldActivatesAndCancelDeactivates() throws {
        let tree = try tree()
        let tap = tree.run([call("search", "tapSearchBar")])
        #expect(containment(tap) == Self.presents)
        _ = tree.advance(to: t0 + 1)
        #expect(tree.run([call("search", "tapSearchBar")], now: t0 + 1).isEmpty)
        let cancel = tree.run([call("search", "tapSearchBarCancelButton")], now: t0 + 1)
        #expect(containment(cancel) == Self.dismisses)
        #expect(containment(tree.advance(to: t0 + 2)) == Self.dismissed)
        #expect(isActive(tree) == false)
    }

    @Test func rule51_anExplicitPresentOrDismissTellsTheDelegateNothing() throws {
        let tree = try tree()
        let present = tree.run([call("nav", "present", ["viewController": "search", "animated": false])])
        #expect(containment(present) == ["search.viewWillAppear", "search.viewIsAppearing", "search.viewDidAppear"])
        #expect(isActive(tree) == true)
        let dismiss = tree.run([call("nav", "dismiss", ["animated": false])])
        #expect(containment(dismiss) == ["search.viewWillDisappear", "search.viewDidDisappear"])
        #expect(isActive(tree) == false)
    }

    @Test func rule51_aDelegateImplementingPresentSearchControllerPresentsItItself() throws {
        let tree = try tree(search: PresentationSettings(searchControllerDelegate: SearchControllerDelegate(presentSearchController: true)))
        #expect(trace(tree.run([call("search", "setActive", ["active": true])])) == ["search.presentSearchController"])
        #expect(isActive(tree) == false)
        #expect(tree.snapshot().controllers["search"]?.presentingViewController == nil)
        _ = tree.run([call("content", "present", ["viewController": "search", "animated": false])])
        #expect(isActive(tree) == true)
        #expect(trace(tree.run([call("search", "setActive", ["active": false])])) == Self.dismisses)
    }

    @Test func rule51_aPresentationUIKitCannotMakeWarnsAndTellsTheDelegateNothing() throws {
        let tree = try tree()
        let overContext = PresentationSettings(modalPresentationStyle: .overCurrentContext)
        _ = try tree.createController(ControllerSpec(id: "sheet", presentationSettings: overContext), now: t0)
        _ = tree.run([call("content", "present", ["viewController": "sheet", "animated": false])])
        let events = tree.run([call("search", "setActive", ["active": true])])
        #expect(events.count == 1)
        #expect(events.first?.warning?.hasPrefix("Attempt to present <search> on <nav>") == true)
        #expect(isActive(tree) == false)
    }

    @Test func rule51_refusedSearchCallsChangeNothing() throws {
        let tree = try tree()
        expectRefused(tree, [call("search", "tapSearchBarCancelButton")], code: "search_not_active")
        expectRefused(tree, [call("content", "setActive", ["active": true])], code: "invalid_argument")
        _ = try tree.createController(ControllerSpec(id: "sheet"), now: t0)
        _ = tree.run([call("nav", "present", ["viewController": "sheet", "animated": false])])
        expectRefused(tree, [call("search", "tapSearchBar")], code: "search_bar_covered")
        _ = tree.run([call("nav", "dismiss", ["animated": false]), call("window", "setHidden", ["hidden": true])])
        expectRefused(tree, [call("search", "tapSearchBar")], code: "not_on_screen")
        _ = tree.run([call("window", "setHidden", ["hidden": false])])
        _ = try tree.updateController(
            "content", ControllerPatch(presentationSettings: PresentationSettingsPatch(navigationItem: .some(nil))), now: t0)
        expectRefused(tree, [call("search", "setActive", ["active": true])], code: "search_controller_not_installed")
        _ = try tree.createController(
            ControllerSpec(id: "one", presentationSettings: PresentationSettings(navigationItem: NavigationItem(searchController: "search"))), now: t0)
        _ = try tree.createController(
            ControllerSpec(id: "two", presentationSettings: PresentationSettings(navigationItem: NavigationItem(searchController: "search"))), now: t0)
        expectRefused(tree, [call("search", "setActive", ["active": true])], code: "search_controller_installed_twice")
    }

    @Test func rule51_theSearchFieldsAreValidatedShownAndReplacedWhole() throws {
        let tree = try tree()
        #expect(tree.snapshot().controllers["content"]?.presentationSettings.navigationItem == NavigationItem(searchController: "search"))
        #expect(tree.snapshot().controllers["content"]?.isActive == nil)
        #expect(throws: ContainmentError.self) {
            try tree.updateController(
                "content",
                ControllerPatch(
                    presentationSettings: PresentationSettingsPatch(searchControllerDelegate: SearchControllerDelegate(presentSearchController: true))),
                now: t0)
        }
        #expect(throws: ContainmentError.self) {
            try tree.updateController(
                "content", ControllerPatch(presentationSettings: PresentationSettingsPatch(navigationItem: NavigationItem(searchController: "not an id"))),
                now: t0)
        }
        _ = try tree.updateController(
            "search",
            ControllerPatch(presentationSettings: PresentationSettingsPatch(searchControllerDelegate: SearchControllerDelegate(presentSearchController: true))),
            now: t0)
        #expect(tree.snapshot().controllers["search"]?.presentationSettings.searchControllerDelegate?.presentSearchController == true)
        _ = try tree.updateController(
            "search", ControllerPatch(presentationSettings: PresentationSettingsPatch(searchControllerDelegate: .some(nil))), now: t0)
        #expect(tree.snapshot().controllers["search"]?.presentationSettings.searchControllerDelegate == nil)
    }
}
