import PropertyBased
import Testing

@testable import Containment

/// Random calls on a column-style split view controller with a compact column
/// (docs/uikit-rules.md, rule 15, "The compact column" and "The triple-column style"): columns
/// set and moved, shown and hidden, the width changed by the window and by overrides, the
/// delegate's answers and the split behavior changed.
extension PropertyTests {
    static let splitColumnCast = ["c", "cm", "cl", "cd", "cc", "cs", "q1", "q2", "q3"]

    /// A window showing a `doubleColumn` (or `tripleColumn`) split view controller `c` (primary
    /// navigation controller `cm` with stack `cl`, secondary `cd`, compact column `cc` unless
    /// `stacks`, supplementary `cs` when triple); `q1`…`q3` (and `cs` when double, `cc` when
    /// stacking) are detached.
    static func makeSplitColumnTree(triple: Bool = false, stacks: Bool = false) throws -> ContainmentTree {
        var root = ControllerSpec(
            id: "c", kind: .splitViewController,
            primary: ControllerSpec(id: "cm", kind: .navigationController, viewControllers: [ControllerSpec(id: "cl")]),
            secondary: ControllerSpec(id: "cd"), compact: stacks ? nil : ControllerSpec(id: "cc"),
            answers: ControllerAnswers(style: triple ? .tripleColumn : .doubleColumn))
        if triple { root.supplementary = ControllerSpec(id: "cs") }
        let tree = try ContainmentTree(id: "columns", root: root, now: t0)
        for id in ["q1", "q2", "q3"] + (triple ? [] : ["cs"]) + (stacks ? ["cc"] : []) {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    static func splitColumnStep(_ number: Int) -> Step {
        let any = splitColumnCast[(number / 12) % splitColumnCast.count]
        let column = ["primary", "secondary", "compact", "supplementary"][(number / 96) % 4]
        let flag = (number / 288) % 2 == 0
        let id = JSONValue.string
        switch number % 12 {
        case 0, 1: return .calls([call("c", "setViewController", ["viewController": id(any), "column": .string(column)])])
        case 2: return .calls([call("window", "setHorizontalSizeClass", ["sizeClass": flag ? "regular" : "compact"])])
        case 3: return .calls([call("c", flag ? "show" : "hide", ["column": .string(column)])])
        case 4:
            // The split's own width, overridden (rule 32), or the primary's, set by the split.
            let overrides: TraitOverrides? = column == "compact" ? nil : TraitOverrides(horizontalSizeClass: column == "primary" ? .regular : .compact)
            if flag {
                return .recipe { tree, now throws(ContainmentError) in
                    try tree.updateController("c", ControllerPatch(answers: ControllerAnswersPatch(traitOverrides: .some(overrides))), now: now)
                }
            }
            let collection: JSONValue = overrides.map { ["horizontalSizeClass": .string($0.horizontalSizeClass?.rawValue ?? "compact")] } ?? .null
            return .calls([call("c", "setOverrideTraitCollection", ["collection": collection, "forChild": "cm"])])
        case 5:
            let modes = SplitDisplayMode.allCases
            let answers = ControllerAnswersPatch(
                topColumnForCollapsing: .some(flag ? nil : SplitColumn(rawValue: column)),
                displayModeForExpanding: .some(flag ? modes[(number / 576) % modes.count] : nil),
                preferredSplitBehavior: .some(SplitBehavior.allCases[(number / 24) % SplitBehavior.allCases.count]))
            return .recipe { tree, now throws(ContainmentError) in try tree.updateController("c", ControllerPatch(answers: answers), now: now) }
        case 6: return .calls([call("cm", "pushViewController", ["viewController": id(any), "animated": .bool(flag)])])
        case 7: return .calls([call("cm", "popViewController", ["animated": .bool(flag)])])
        case 8: return .calls([call(any, "removeFromParent")])
        case 9: return .calls([call(any, "showDetailViewController", ["viewController": id(splitColumnCast[(number / 288) % splitColumnCast.count])])])
        case 10: return .calls([call("window", "runLoop")])
        default: return .advance(flag ? 0.2 : 1)
        }
    }

    static func checkSplitColumnSteps(_ numbers: [Int], triple: Bool = false, stacks: Bool = false) throws {
        let tree = try makeSplitColumnTree(triple: triple, stacks: stacks)
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers {
            let before = expectedSizeClasses(tree)
            let seq = tree.lastSeq
            apply(splitColumnStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            let events = (try? tree.events(after: seq, limit: .max)) ?? []
            checkInvariants(tree)
            checkAdaptivityInvariants(tree, events: events, before: before)
            checkSplitColumnInvariants(tree)
        }
    }

    /// A collapsed split with a compact column shows that column's controller and not the
    /// others (a view left behind by a bare `removeFromParent` may stay, as in UIKit); an
    /// expanded one never shows it. A collapsed split shows its supplementary in its own view
    /// only on top of its stack, instead of the primary and the secondary; an expanded one
    /// shows it unless its display mode is `secondaryOnly`.
    static func checkSplitColumnInvariants(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) {
        let snapshot = tree.snapshot()
        guard let split = snapshot.controllers["c"], split.isViewLoaded else { return }
        let subviews = snapshot.views["c.view"]?.subviews ?? []
        // Stacked on the navigation controller primary, the supplementary is under a secondary on top.
        if let primary = split.primary, let stack = snapshot.controllers[primary]?.viewControllers,
            let under = split.supplementary.flatMap({ stack.firstIndex(of: $0) }), let over = split.secondary.flatMap({ stack.firstIndex(of: $0) }),
            over == stack.count - 1
        {
            #expect(under < over, "\(primary) stacks \(stack)", sourceLocation: sourceLocation)
        }
        if let supplementary = split.supplementary, snapshot.controllers[supplementary]?.parent == "c" {
            if split.isCollapsed == true {
                let others = [split.primary, split.secondary].compactMap { $0.map { $0 + ".view" } }
                let alone = !subviews.contains(supplementary + ".view") || !subviews.contains { others.contains($0) }
                #expect(alone, "collapsed c shows \(subviews)", sourceLocation: sourceLocation)
            } else {
                let shows = split.displayMode != .secondaryOnly
                #expect(
                    subviews.contains(supplementary + ".view") == shows, "c shows \(subviews) in \(split.displayMode as Any)", sourceLocation: sourceLocation)
            }
        }
        guard let compact = split.compact else { return }
        if split.isCollapsed == true {
            let columns = [split.primary, split.supplementary, split.secondary].compactMap { $0.map { $0 + ".view" } }
            #expect(subviews.contains(compact + ".view"), "collapsed c shows \(subviews)", sourceLocation: sourceLocation)
            #expect(!subviews.contains { columns.contains($0) }, "collapsed c shows \(subviews)", sourceLocation: sourceLocation)
        } else {
            #expect(!subviews.contains(compact + ".view"), "expanded c shows its compact column", sourceLocation: sourceLocation)
        }
    }

    @Test func randomSplitColumnCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkSplitColumnSteps(numbers)
        }
    }

    @Test func randomTripleColumnSplitCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkSplitColumnSteps(numbers, triple: true)
        }
    }

    /// Found by a release soak of `randomCollapsedStackCallsKeepTheInvariants` at scale 50
    /// (input `[300480, 650961, 692966, 135888, 183485, 643992, 40480]`): the primary `cm`, with
    /// the supplementary stacked on it, becomes the secondary; `cl` is then set as the
    /// supplementary in a regular width, the plain `q3` as the primary, and the split collapses
    /// with the delegate answering `supplementary`. A newly set supplementary is on no stack
    /// (rule 15, decision 11), so `cl` is shown in `q3`'s place and `q3` disappears.
    @Test func aCollapseToTheSupplementaryOverAPlainPrimaryShowsTheSupplementaryAlone() throws {
        let numbers = [300_480, 650_961, 692_966, 135_888, 183_485, 643_992, 40_480]
        try Self.checkSplitColumnSteps(numbers, triple: true, stacks: true)
        let tree = try Self.makeSplitColumnTree(triple: true, stacks: true)
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers.dropLast() {
            Self.apply(Self.splitColumnStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
        }
        let seq = tree.lastSeq
        Self.apply(Self.splitColumnStep(numbers.last!), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: numbers.last!)
        let appearance = try tree.events(after: seq, limit: .max).map(lineWithArgs).filter { $0.contains("Disappear") || $0.contains("Appear") }
        #expect(
            appearance == [
                "cm.viewWillDisappear animated=false", "cs.viewWillDisappear animated=false", "q3.viewWillDisappear animated=false",
                "cm.viewDidDisappear animated=false", "cs.viewDidDisappear animated=false", "q3.viewDidDisappear animated=false",
            ])
        #expect(tree.snapshot().views["c.view"]?.subviews == ["cl.view"])
    }

    /// Found by a release soak of `randomTripleColumnSplitCallsKeepTheInvariants` at scale 100
    /// (input `[752168, 564256, 21960, 801309, 734190]`): `cc`, taken out of the split with its
    /// view left inside the split's view, presents `cm`; pushing the window's root split `c` onto
    /// `cm` makes the trait walk of the turn's end loop (the split's traits from `cm`, `cm`'s from
    /// its presenter `cc`, `cc`'s from the split's view). That part of a request keeps no undo
    /// entry without overrides, so refusing there left the push's view moves half undone; the
    /// bound is now logged as a warning and the push stands, whole.
    @Test func aTraitLoopMadeByAPushIsLoggedAndThePushStandsWhole() throws {
        let numbers = [752_168, 564_256, 21_960, 801_309, 734_190]
        try Self.checkSplitColumnSteps(numbers, triple: true)
        let (tree, now) = try Self.tripleColumnTree(after: numbers.dropLast())
        let outcome = tree.perform([call("cm", "pushViewController", ["viewController": "c", "animated": false])], atomic: false, now: now)
        #expect(outcome.failure == nil && outcome.applied == 1)
        #expect(outcome.events.contains { $0.warning?.hasPrefix("the trait hierarchy walk visited more nodes than the tree holds") == true })
        #expect(outcome.events.map(lineWithArgs).filter { $0.contains("Move") } == [#"c.willMove parent="cm""#, #"c.didMove parent="cm""#])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["c"]?.parent == "cm")
        #expect(snapshot.views["cm.view"]?.subviews == ["c.view", "cm.navigationBar"])
        #expect(snapshot.views["c.view"]?.superview == "cm.view")
    }

    /// Found by a release soak of `randomTripleColumnSplitCallsKeepTheInvariants` at scale 100
    /// (input `[750548, 718932, 876477, 91816, 441942, 0]`): after a push that makes the trait
    /// walk loop (as above), `setViewController(c, for: .primary)` is refused; the request still
    /// flushed its turn, whose walk logged the loop again, and each snapshot's walk recorded
    /// the warning too, so a refused request emitted a warning and reading took a seq. Refused
    /// at its first call, a request flushes nothing; a read's walk records nothing.
    @Test func aRequestRefusedAtItsFirstCallOnATreeWhoseTraitWalkLoopsEmitsNothing() throws {
        let numbers = [750_548, 718_932, 876_477, 91_816, 441_942, 0]
        try Self.checkSplitColumnSteps(numbers, triple: true)
        let (tree, now) = try Self.tripleColumnTree(after: numbers.dropLast())
        let before = tree.snapshot()
        let outcome = tree.perform([call("c", "setViewController", ["viewController": "c", "column": "primary"])], atomic: false, now: now)
        #expect(outcome.failure != nil && outcome.applied == 0)
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
    }

    /// A triple-column tree after `numbers`' steps, and the time they reached.
    static func tripleColumnTree(after numbers: ArraySlice<Int>) throws -> (ContainmentTree, Double) {
        let tree = try makeSplitColumnTree(triple: true)
        var now = t0
        var lastSeq = tree.lastSeq
        for number in numbers {
            apply(splitColumnStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
        }
        return (tree, now)
    }

    /// Without a compact column the collapsed split stacks its columns on its primary.
    @Test func randomCollapsedStackCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(300), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            try Self.checkSplitColumnSteps(numbers, triple: true, stacks: true)
        }
    }
}
