import PropertyBased
import Testing

@testable import Containment

/// The random-call generator extended with the system controller kinds and a search
/// controller's calls (docs/uikit-rules-presentation.md, rules 49 and 51).
extension PropertyTests {
    static let systemControllers = ["search", "alert", "actionSheet", "activity", "picker"]
    static let systemCast = ["tabs", "nav", "content", "other"] + systemControllers

    /// A regular-width window whose tab bar controller `tabs` shows the navigation controller
    /// `nav` (its `content` installs `search`) and `other`, and one detached controller of each
    /// system kind.
    static func makeSystemControllerTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "system", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular),
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(
                        id: "nav", kind: .navigationController,
                        viewControllers: [
                            ControllerSpec(
                                id: "content", presentationSettings: PresentationSettings(navigationItem: NavigationItem(searchController: "search")))
                        ]),
                    ControllerSpec(id: "other"),
                ]),
            now: t0)
        let specs = [
            ControllerSpec(id: "search", kind: .searchController),
            ControllerSpec(id: "alert", kind: .alertController),
            ControllerSpec(id: "actionSheet", kind: .alertController, presentationSettings: PresentationSettings(preferredStyle: .actionSheet)),
            ControllerSpec(id: "activity", kind: .activityViewController),
            ControllerSpec(id: "picker", kind: .imagePickerController),
        ]
        for spec in specs {
            _ = try tree.createController(spec, now: t0)
        }
        return tree
    }

    static func systemControllerStep(_ number: Int) -> Step {
        let a = systemCast[(number / 16) % systemCast.count]
        let system = systemControllers[(number / 144) % systemControllers.count]
        let flag = (number / 720) % 2 == 0
        switch number % 16 {
        case 0, 1: return .calls([call(a, "present", ["viewController": .string(system), "animated": .bool(flag)])])
        case 2: return .calls([call(a, "dismiss", ["animated": .bool(flag)])])
        case 3: return .calls([call("search", "setActive", ["active": .bool(flag)])])
        case 4: return .calls([call(flag ? "search" : a, "tapSearchBar")])
        case 5: return .calls([call(flag ? "search" : a, "tapSearchBarCancelButton")])
        case 6: return .calls([call("window", "tapOutsidePopover", ["shouldDismiss": .bool(flag)])])
        case 7: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 8: return .calls([call("window", "setHidden", ["hidden": .bool(flag && number % 3 == 0)])])
        case 9:
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    system,
                    ControllerPatch(
                        presentationSettings: PresentationSettingsPatch(
                            popoverPresentationController: flag ? PopoverPresentationController(sourceView: "content.view") : .some(nil),
                            sourceType: system == "picker" ? (flag ? .camera : .photoLibrary) : nil,
                            searchControllerDelegate: system == "search" ? .some(flag ? SearchControllerDelegate(presentSearchController: true) : nil) : nil)),
                    now: now)
            }
        case 10:
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    a,
                    ControllerPatch(
                        presentationSettings: PresentationSettingsPatch(
                            definesPresentationContext: flag, navigationItem: .some(number % 3 == 0 ? NavigationItem(searchController: "search") : nil))),
                    now: now)
            }
        case 11: return .calls([call(a, "dragSheet", ["detentIdentifier": .null, "shouldDismiss": .bool(flag)])])
        case 12: return .calls([call("tabs", "tapTabBarItem", ["index": .number(flag ? 0 : 1)])])
        case 13: return .calls([call("window", "runLoop")])
        default: return .advance(flag ? 0.25 : 1)
        }
    }

    /// The search delegate's "did" follows its "will" with no other of the four between (an
    /// app's own `present` or `dismiss` sends neither, so a "did" may be followed by any "will"),
    /// and `isActive` is what the presentation says.
    static func checkSearchDelegateOrder(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pairs = ["willPresentSearchController": "didPresentSearchController", "willDismissSearchController": "didDismissSearchController"]
        var expected: String?
        for callback in try tree.callbacks(of: "search") where callback.hasSuffix("SearchController") && callback != "presentSearchController" {
            if let did = expected {
                #expect(callback == did, "\(callback) before \(did)", sourceLocation: sourceLocation)
                expected = nil
            } else {
                #expect(pairs[callback] != nil, "\(callback) without its will", sourceLocation: sourceLocation)
                expected = pairs[callback]
            }
        }
        let active = tree.snapshot().controllers["search"]?.isActive
        let node = tree.nodes.controllers["search"]
        #expect(active == (node?.presentation.map { !$0.isBeingDismissed } ?? false), sourceLocation: sourceLocation)
    }

    @Test func randomSystemControllerAndSearchCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            let tree = try Self.makeSystemControllerTree()
            var now = t0
            var lastSeq = tree.lastSeq
            for number in numbers {
                Self.apply(Self.systemControllerStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
                Self.checkInvariants(tree)
                Self.checkPresentationInvariants(tree)
                try Self.checkSearchDelegateOrder(tree)
            }
        }
    }
}
