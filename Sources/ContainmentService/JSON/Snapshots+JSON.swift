import Containment

// Each writes the fields its `encode(to:)` writes (nil as `null` where it uses `encode`,
// omitted where it uses `encodeIfPresent`), in sorted key order.

extension TreeSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        // About 700 bytes per controller and its view: one allocation for a typical tree.
        writer.reserveCapacity(512 + 720 * controllers.count + 200 * views.count)
        writer.beginObject()
        writer.key("clock")
        writer.string(clock)
        writer.key("controllers")
        writer.sortedObject(controllers)
        writer.key("id")
        writer.string(id)
        writer.key("lastSeq")
        writer.integer(lastSeq)
        if let nextDueTime {
            writer.key("nextDueTime")
            writer.string(nextDueTime)
        }
        if let time {
            writer.key("time")
            writer.string(time)
        }
        writer.key("views")
        writer.sortedObject(views)
        writer.key("window")
        window.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension JSONWriter {
    /// A dictionary as an object, keys in sorted order (as `JSONEncoder` with `.sortedKeys`).
    mutating func sortedObject<Value: JSONWritable>(_ dictionary: [String: Value]) {
        beginObject()
        for index in JSONWriter.sortedIndices(dictionary) {
            key(escaping: dictionary.keys[index])
            dictionary.values[index].writeJSON(to: &self)
        }
        endObject()
    }
}

extension WindowSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("activationState")
        writer.string(activationState.rawValue)
        writer.key("homeIndicator")
        homeIndicator.writeJSON(to: &writer)
        writer.key("horizontalSizeClass")
        writer.string(horizontalSizeClass.rawValue)
        writer.key("rootViewController")
        writer.optionalString(rootViewController)
        writer.key("screenEdgesDeferringSystemGestures")
        screenEdgesDeferringSystemGestures.writeJSON(to: &writer)
        writer.key("size")
        size.writeJSON(to: &writer)
        writer.key("statusBar")
        statusBar.writeJSON(to: &writer)
        writer.key("visible")
        writer.bool(visible)
        writer.endObject()
    }
}

extension StatusBarSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("decidedBy")
        writer.optionalString(decidedBy)
        writer.key("hidden")
        writer.bool(hidden)
        writer.key("hiddenDecidedBy")
        writer.optionalString(hiddenDecidedBy)
        writer.key("style")
        writer.string(style.rawValue)
        writer.endObject()
    }
}

extension HomeIndicatorSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("autoHidden")
        writer.bool(autoHidden)
        writer.key("decidedBy")
        writer.optionalString(decidedBy)
        writer.endObject()
    }
}

extension ScreenEdgesSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("decidedBy")
        writer.optionalString(decidedBy)
        writer.key("edges")
        writer.stringArray(edges.map(\.rawValue))
        writer.endObject()
    }
}

extension TraitOverrides: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let horizontalSizeClass {
            writer.key("horizontalSizeClass")
            writer.string(horizontalSizeClass.rawValue)
        }
        writer.endObject()
    }
}

extension ControllerSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let style = answers.adaptivePresentationStyle {
            writer.key("adaptivePresentationStyle")
            writer.string(style.rawValue)
        }
        if let allowedChildrenForUnwinding = segueSettings.allowedChildrenForUnwinding {
            writer.key("allowedChildrenForUnwinding")
            writer.stringArray(allowedChildrenForUnwinding)
        }
        writer.key("appearance")
        writer.string(appearance.rawValue)
        writer.key("automaticallyForwardsAppearance")
        writer.bool(automaticallyForwardsAppearance)
        if let childContentSizes {
            writer.key("childContentSizes")
            writer.sortedObject(childContentSizes)
        }
        if let child = answers.childForHomeIndicatorAutoHidden {
            writer.key("childForHomeIndicatorAutoHidden")
            writer.string(child)
        }
        if let child = answers.childForScreenEdgesDeferringSystemGestures {
            writer.key("childForScreenEdgesDeferringSystemGestures")
            writer.string(child)
        }
        writer.key("childForStatusBarHidden")
        writer.optionalString(statusBarSettings.childForStatusBarHidden)
        writer.key("childForStatusBarStyle")
        writer.optionalString(statusBarSettings.childForStatusBarStyle)
        writer.key("children")
        writer.stringArray(children)
        if let collapseSecondary = answers.collapseSecondary {
            writer.key("collapseSecondary")
            writer.bool(collapseSecondary)
        }
        if let compact {
            writer.key("compact")
            writer.string(compact)
        }
        if let compactTabIdentifiers {
            writer.key("compactTabIdentifiers")
            writer.stringArray(compactTabIdentifiers)
        }
        writer.key("containerViews")
        writer.stringArray(containerViews)
        if let customizableViewControllers {
            writer.key("customizableViewControllers")
            writer.stringArray(customizableViewControllers)
        }
        writer.key("definesPresentationContext")
        writer.bool(presentationSettings.definesPresentationContext ?? false)
        if let displayMode {
            writer.key("displayMode")
            writer.string(displayMode.rawValue)
        }
        if let mode = answers.displayModeForExpanding {
            writer.key("displayModeForExpanding")
            writer.string(mode.rawValue)
        }
        if let displayed = answers.displayedViewControllers {
            writer.key("displayedViewControllers")
            writer.beginObject()
            for identifier in displayed.keys.sorted() {
                writer.key(escaping: identifier)
                writer.stringArray(displayed[identifier] ?? [])
            }
            writer.endObject()
        }
        writer.key("id")
        writer.string(id)
        if let isActive {
            writer.key("isActive")
            writer.bool(isActive)
        }
        writer.key("isBeingDismissed")
        writer.bool(isBeingDismissed)
        writer.key("isBeingPresented")
        writer.bool(isBeingPresented)
        if let isCollapsed {
            writer.key("isCollapsed")
            writer.bool(isCollapsed)
        }
        if let isDoubleSided = pageViewControllerSettings.isDoubleSided {
            writer.key("isDoubleSided")
            writer.bool(isDoubleSided)
        }
        writer.key("isModalInPresentation")
        writer.bool(presentationSettings.isModalInPresentation ?? false)
        writer.key("isMovingFromParent")
        writer.bool(isMovingFromParent)
        writer.key("isMovingToParent")
        writer.bool(isMovingToParent)
        if let isPrimaryHidden {
            writer.key("isPrimaryHidden")
            writer.bool(isPrimaryHidden)
        }
        if let isTabBarHidden {
            writer.key("isTabBarHidden")
            writer.bool(isTabBarHidden)
        }
        writer.key("isViewLoaded")
        writer.bool(isViewLoaded)
        writer.key("kind")
        writer.string(kind.rawValue)
        if let captures = answers.modalPresentationCapturesStatusBarAppearance {
            writer.key("modalPresentationCapturesStatusBarAppearance")
            writer.bool(captures)
        }
        writer.key("modalPresentationStyle")
        writer.string((presentationSettings.modalPresentationStyle ?? .automatic).rawValue)
        if let mode {
            writer.key("mode")
            writer.string(mode.rawValue)
        }
        if let more = moreNavigationController {
            writer.key("moreNavigationController")
            writer.beginObject()
            writer.key("id")
            writer.string(more.id)
            writer.key("viewControllers")
            writer.stringArray(more.viewControllers)
            writer.endObject()
        }
        if let delegate = answers.navigationControllerDelegate {
            writer.key("navigationControllerDelegate")
            writer.bool(delegate)
        }
        if let navigationItem = presentationSettings.navigationItem {
            writer.key("navigationItem")
            navigationItem.writeJSON(to: &writer)
        }
        if let overrideTraitCollection {
            writer.key("overrideTraitCollection")
            overrideTraitCollection.writeJSON(to: &writer)
        }
        if let overrides {
            writer.key("overrides")
            writer.sortedObject(overrides)
        }
        writer.key("parent")
        writer.optionalString(parent)
        if let popover = presentationSettings.popoverPresentationController {
            writer.key("popoverPresentationController")
            popover.writeJSON(to: &writer)
        }
        writer.key("preferredContentSize")
        preferredContentSize.writeJSON(to: &writer)
        if let edges = answers.preferredScreenEdgesDeferringSystemGestures {
            writer.key("preferredScreenEdgesDeferringSystemGestures")
            writer.stringArray(edges.map(\.rawValue))
        }
        if let behavior = answers.preferredSplitBehavior {
            writer.key("preferredSplitBehavior")
            writer.string(behavior.rawValue)
        }
        if let preferredStyle = presentationSettings.preferredStyle {
            writer.key("preferredStyle")
            writer.string(preferredStyle.rawValue)
        }
        if let prefers = answers.prefersHomeIndicatorAutoHidden {
            writer.key("prefersHomeIndicatorAutoHidden")
            writer.bool(prefers)
        }
        if let presentationStyle {
            writer.key("presentationStyle")
            writer.string(presentationStyle.rawValue)
        }
        writer.key("presentedViewController")
        writer.optionalString(presentedViewController)
        writer.key("presentingViewController")
        writer.optionalString(presentingViewController)
        if let primary {
            writer.key("primary")
            writer.string(primary)
        }
        writer.key("properties")
        JSONValue.writeObject(properties, to: &writer)
        if let traits = answers.registerForTraitChanges {
            writer.key("registerForTraitChanges")
            writer.stringArray(traits.map(\.rawValue))
        }
        if let delegate = presentationSettings.searchControllerDelegate {
            writer.key("searchControllerDelegate")
            delegate.writeJSON(to: &writer)
        }
        if let secondary {
            writer.key("secondary")
            writer.string(secondary)
        }
        if let segues = segueSettings.segues {
            writer.key("segues")
            segues.writeJSON(to: &writer)
        }
        if let separateSecondary = answers.separateSecondary {
            writer.key("separateSecondary")
            writer.string(separateSecondary)
        }
        if let selectedIndex {
            writer.key("selectedIndex")
            writer.integer(selectedIndex)
        }
        if let selectedTab {
            writer.key("selectedTab")
            writer.string(selectedTab)
        }
        if let selectedViewController {
            writer.key("selectedViewController")
            writer.string(selectedViewController)
        }
        if let sheet = presentationSettings.sheetPresentationController {
            writer.key("sheetPresentationController")
            sheet.writeJSON(to: &writer)
        }
        if let shouldSelect = answers.shouldSelect {
            writer.key("shouldSelect")
            writer.bool(shouldSelect)
        }
        if let shouldSelectTab = answers.shouldSelectTab {
            writer.key("shouldSelectTab")
            writer.bool(shouldSelectTab)
        }
        if let sidebar {
            writer.key("sidebar")
            writer.beginObject()
            writer.key("isHidden")
            writer.bool(sidebar.isHidden)
            writer.endObject()
        }
        if let sourceType = presentationSettings.sourceType {
            writer.key("sourceType")
            writer.string(sourceType.rawValue)
        }
        if let spineLocation = pageViewControllerSettings.spineLocation {
            writer.key("spineLocation")
            writer.string(spineLocation.rawValue)
        }
        if let splitBehavior {
            writer.key("splitBehavior")
            writer.string(splitBehavior.rawValue)
        }
        writer.key("statusBarHidden")
        writer.bool(statusBarSettings.statusBarHidden ?? false)
        writer.key("statusBarStyle")
        writer.string((statusBarSettings.statusBarStyle ?? .default).rawValue)
        if let style = answers.style {
            writer.key("style")
            writer.string(style.rawValue)
        }
        if let supplementary {
            writer.key("supplementary")
            writer.string(supplementary)
        }
        if let delegate = answers.tabBarControllerDelegate {
            writer.key("tabBarControllerDelegate")
            writer.bool(delegate)
        }
        if let delegate = answers.tabBarControllerSidebarDelegate {
            writer.key("tabBarControllerSidebarDelegate")
            writer.bool(delegate)
        }
        if let tabs {
            writer.key("tabs")
            writer.beginArray()
            for tab in tabs { tab.writeJSON(to: &writer) }
            writer.endArray()
        }
        writer.key("title")
        writer.optionalString(title)
        if let column = answers.topColumnForCollapsing {
            writer.key("topColumnForCollapsing")
            writer.string(column.rawValue)
        }
        if let traitCollection {
            writer.key("traitCollection")
            traitCollection.writeJSON(to: &writer)
        }
        if let traitOverrides = answers.traitOverrides {
            writer.key("traitOverrides")
            traitOverrides.writeJSON(to: &writer)
        }
        if let transitionStyle = pageViewControllerSettings.transitionStyle {
            writer.key("transitionStyle")
            writer.string(transitionStyle.rawValue)
        }
        if let transitioningDelegate = presentationSettings.transitioningDelegate {
            writer.key("transitioningDelegate")
            transitioningDelegate.writeJSON(to: &writer)
        }
        if let unwindActions = segueSettings.unwindActions {
            writer.key("unwindActions")
            writer.beginObject()
            for index in JSONWriter.sortedIndices(unwindActions) {
                writer.key(escaping: unwindActions.keys[index])
                writer.bool(unwindActions.values[index])
            }
            writer.endObject()
        }
        if let view {
            writer.key("view")
            view.writeJSON(to: &writer)
        }
        if let viewControllers {
            writer.key("viewControllers")
            writer.stringArray(viewControllers)
        }
        writer.endObject()
    }
}

extension ViewSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("frame")
        frame.writeJSON(to: &writer)
        writer.key("id")
        writer.string(id)
        writer.key("inWindow")
        writer.bool(inWindow)
        writer.key("owner")
        writer.optionalString(owner)
        writer.key("subviews")
        writer.stringArray(subviews)
        writer.key("superview")
        writer.optionalString(superview)
        writer.endObject()
    }
}

extension TransitionSnapshot: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("completesAt")
        writer.isoTime(completesAt)
        writer.key("duration")
        writer.number(duration)
        writer.key("from")
        writer.string(from)
        writer.key("id")
        writer.string(id)
        writer.key("options")
        writer.stringArray(options)
        writer.key("parent")
        writer.string(parent)
        writer.key("startedAt")
        writer.isoTime(startedAt)
        writer.key("state")
        writer.string(state.rawValue)
        writer.key("to")
        writer.string(to)
        writer.endObject()
    }
}

extension Size: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("height")
        writer.number(height)
        writer.key("width")
        writer.number(width)
        writer.endObject()
    }
}

extension Rect: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("height")
        writer.number(height)
        writer.key("width")
        writer.number(width)
        writer.key("x")
        writer.number(x)
        writer.key("y")
        writer.number(y)
        writer.endObject()
    }
}

extension Tab: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let children {
            writer.key("children")
            writer.beginArray()
            for child in children { child.writeJSON(to: &writer) }
            writer.endArray()
            writer.key("defaultChildIdentifier")
            writer.optionalString(defaultChildIdentifier)
        }
        writer.key("identifier")
        writer.string(identifier)
        writer.key("isEnabled")
        writer.bool(isEnabled)
        writer.key("isHidden")
        writer.bool(isHidden)
        if children != nil {
            writer.key("managingNavigationController")
            writer.optionalString(managingNavigationController)
        }
        writer.key("managingTabGroup")
        writer.optionalString(managingTabGroup)
        writer.key("parent")
        writer.optionalString(parent)
        if children != nil {
            writer.key("selectedChild")
            writer.optionalString(selectedChild)
        }
        writer.key("title")
        writer.optionalString(title)
        writer.key("viewController")
        writer.optionalString(viewController)
        writer.endObject()
    }
}
