import PropertyBased
import Testing

@testable import Containment

/// The random-call generator extended with modal presentation (docs/uikit-rules-presentation.md).
extension PropertyTests {
    static let presentationStyles = ModalPresentationStyle.allCases

    /// Presentation calls over the same cast, mixed with the steps that do not move views by
    /// hand (a client putting a covered presenter's view back in the window would make it
    /// appear, in UIKit as here).
    static func presentationStep(_ number: Int) -> Step {
        let a = controllerIDs[(number / 16) % 6]
        let b = controllerIDs[(number / 96) % 6]
        let flag = (number / 576) % 2 == 0
        let id = JSONValue.string
        // Two in eighteen advance the clock (`default`).
        switch number % 18 {
        case 0, 1: return .calls([call(a, "present", ["viewController": id(b), "animated": .bool(flag)])])
        case 2: return .calls([call(a, "dismiss", ["animated": .bool(flag)])])
        case 3: return .calls([call(a, "beginInteractiveDismissal", ["shouldDismiss": .bool(flag || number % 3 == 0)])])
        case 4: return .calls([call(a, "updateInteractiveDismissal", ["percent": flag ? 0.3 : 0.8])])
        case 5: return .calls([call(a, flag ? "finishInteractiveDismissal" : "cancelInteractiveDismissal")])
        case 6:
            let style = presentationStyles[(number / 1152) % presentationStyles.count]
            return .recipe { tree, now throws(ContainmentError) in
                try tree.updateController(
                    a,
                    ControllerPatch(
                        presentationSettings: PresentationSettingsPatch(
                            modalPresentationStyle: style, definesPresentationContext: flag, isModalInPresentation: !flag && number % 5 == 0,
                            popoverPresentationController: number % 7 == 0
                                ? .some(nil) : number % 3 == 0 ? PopoverPresentationController(sourceView: "root.view") : nil)),
                    now: now)
            }
        case 7: return .recipe { tree, now throws(ContainmentError) in try tree.deleteController(a, now: now) }
        case 8: return step(number / 16 * 24 + 0)  // addChild
        case 9: return step(number / 16 * 24 + 1)  // removeFromParent
        case 10: return step(number / 16 * 24 + 9)  // runLoop
        case 11: return step(number / 16 * 24 + 10)  // window hidden or shown
        case 12: return step(number / 16 * 24 + 16)  // loadViewIfNeeded
        case 13: return .calls([call("window", "tapOutsidePopover", ["shouldDismiss": .bool(flag || number % 3 == 0)])])
        case 14:
            let detent: JSONValue = [.string("medium"), .string("large"), .null][(number / 1152) % 3]
            return .calls([call(a, "dragSheet", ["detentIdentifier": detent])])
        case 15:
            let options: [[JSONValue]] = [["medium", "large"], ["large"], ["medium"]]
            let detents = options[(number / 1152) % 3]
            let selected: JSONValue = [.string("medium"), .string("large"), .null][(number / 3456) % 3]
            return .calls([call(a, "animateChanges", ["detents": .array(detents), "selectedDetentIdentifier": selected])])
        default: return .advance(flag ? 0.25 : 1)
        }
    }

    /// Presentation links are symmetric, a presented controller has no parent, a
    /// presentation in progress has its transition (or the client's swipe) driving it, and
    /// nothing under a settled covering presentation is appeared.
    /// `viewsMovedByHand`: the client may have put a covered presenter's view back itself,
    /// which makes it appear (in UIKit too), so the covering check is left out.
    static func checkPresentationInvariants(
        _ tree: ContainmentTree, viewsMovedByHand: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (_, id, node) in tree.nodes.controllers.all {
            if let presentation = node.presentation {
                #expect(node.parent == nil, "presented \(id) has a parent", sourceLocation: sourceLocation)
                #expect(
                    tree.nodes.controllers[presentation.presenter]?.presentedViewController == id, "\(presentation.presenter) ↔ \(id)",
                    sourceLocation: sourceLocation
                )
                if presentation.phase == .presenting || presentation.phase == .dismissing {
                    let driven = tree.time.scheduler.running.values.contains { record in
                        switch record.presentation {
                        case .present(let presented), .activateSearch(let presented): presented == id
                        case .dismiss(let stack), .deactivateSearch(let stack): stack.contains(id)
                        case .dismissByUser(let presented): presented == id
                        case nil: false
                        }
                    }
                    #expect(driven, "\(id) is mid-presentation with no transition", sourceLocation: sourceLocation)
                }
            }
            if let presented = node.presentedViewController {
                #expect(tree.nodes.controllers[presented]?.presentation?.presenter == id, "\(id) → \(presented)", sourceLocation: sourceLocation)
            }
            if let sheet = node.presentationSettings.sheetPresentationController {
                #expect(throws: Never.self, "\(id)'s sheet detents", sourceLocation: sourceLocation) { try sheet.validate(prefix: "") }
            }
            guard node.appearance == .appeared, !viewsMovedByHand else { continue }
            var current: String? = id
            while let ancestor = current, let ancestorNode = tree.nodes.controllers[ancestor] {
                if let presented = ancestorNode.presentedViewController, let presentation = tree.nodes.controllers[presented]?.presentation,
                    presentation.coversPresenter, presentation.phase == .presented
                {
                    Issue.record("\(id) is appeared under \(presented)'s covering presentation", sourceLocation: sourceLocation)
                }
                current = tree.parentID(of: ancestor)
            }
        }
    }

    /// Runs random steps on a fresh tree, checking every invariant after each.
    static func checkRandomSteps(_ numbers: [Int], viewsMovedByHand: Bool, step: (Int) -> Step) throws {
        let tree = try makeTree()
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers {
            apply(step(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: viewsMovedByHand, label: number)
            #expect(tree.lastSeq == lastSeq)
            checkInvariants(tree)
            checkPresentationInvariants(tree, viewsMovedByHand: viewsMovedByHand)
        }
    }

    @Test func randomPresentationCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkRandomSteps(numbers, viewsMovedByHand: false, step: Self.presentationStep)
        }
    }

    /// Every step of the original generator too (views moved by hand, recipes, sizes, atomic
    /// batches), mixed with presentation calls: nothing traps, rejected steps change nothing,
    /// links stay sound.
    @Test func presentationCallsMixedWithEveryOtherStepKeepTheLinksSound() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkRandomSteps(numbers, viewsMovedByHand: true) { number in
                number % 2 == 0 ? Self.step(number / 2) : Self.presentationStep(number / 2)
            }
        }
    }

    /// Found by a `PROPERTY_TEST_SCALE=100` soak of the mixed test (input `[227962, 919875,
    /// 169750, 517176]`): an orphan view inside a controller being presented appears with it;
    /// made the window's root mid-presentation, it left the presented view, and the end of the
    /// presentation no longer reached it, so it stayed appearing with no transition to end it.
    @Test func aControllerMovedOutOfAPresentationStillEndsItsAppearance() throws {
        let tree = try Self.makeTree()
        var now = t0
        var lastSeq = tree.lastSeq
        for number in [227962, 919875, 169750, 517176] {
            let step = number % 2 == 0 ? Self.step(number / 2) : Self.presentationStep(number / 2)
            Self.apply(step, to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: true, label: number)
            Self.checkInvariants(tree)
            Self.checkPresentationInvariants(tree, viewsMovedByHand: true)
        }
        #expect(tree.appearance("c2") == .appeared)
    }

    /// The same as a readable sequence: the presentation's end sends the moved controller's
    /// `viewDidAppear` after the presented controller's, in the order their appearance began.
    @Test func thePresentationsEndReachesAControllerItBeganWhereverItsViewWent() throws {
        let tree = try visibleTree(others: ["sheet", "orphan"])
        _ = tree.run([call("sheet.view", "addSubview", ["view": "orphan.view"])])
        let presenting = tree.run([call("root", "present", ["viewController": "sheet", "animated": true])])
        #expect(
            containment(presenting).filter { $0.contains("Appear") } == [
                "sheet.viewWillAppear", "orphan.viewWillAppear", "sheet.viewIsAppearing", "orphan.viewIsAppearing",
            ])
        _ = tree.run([call("window", "setRootViewController", ["rootViewController": "orphan"])])
        #expect(tree.appearance("orphan") == .appearing)
        let end = tree.advance(to: t0 + 1)
        #expect(containment(end).filter { $0.contains("Appear") } == ["sheet.viewDidAppear", "orphan.viewDidAppear"])
        #expect(tree.appearance("orphan") == .appeared)
    }
}
