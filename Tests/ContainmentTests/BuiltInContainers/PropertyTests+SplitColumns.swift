import PropertyBased
import Testing

@testable import Containment

/// Random calls on a column-style split view controller with a compact column
/// (docs/uikit-rules.md, rule 15, "The compact column"): columns set and moved, shown and
/// hidden, the width changed by the window and by overrides, the delegate's answers changed.
extension PropertyTests {
    static let splitColumnCast = ["c", "cm", "cl", "cd", "cc", "q1", "q2", "q3"]

    /// A window showing a `doubleColumn` split view controller `c` (primary navigation
    /// controller `cm` with stack `cl`, secondary `cd`, compact column `cc`); `q1`…`q3` are
    /// detached.
    static func makeSplitColumnTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "columns",
            root: ControllerSpec(
                id: "c", kind: .splitViewController,
                primary: ControllerSpec(id: "cm", kind: .navigationController, viewControllers: [ControllerSpec(id: "cl")]),
                secondary: ControllerSpec(id: "cd"), compact: ControllerSpec(id: "cc"), answers: ControllerAnswers(style: .doubleColumn)),
            now: t0)
        for id in ["q1", "q2", "q3"] {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    static func splitColumnStep(_ number: Int) -> Step {
        let any = splitColumnCast[(number / 12) % splitColumnCast.count]
        let column = ["primary", "secondary", "compact"][(number / 96) % 3]
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
            let answers = ControllerAnswersPatch(
                topColumnForCollapsing: .some(flag ? nil : SplitColumn(rawValue: column)),
                displayModeForExpanding: .some(flag ? .secondaryOnly : nil))
            return .recipe { tree, now throws(ContainmentError) in try tree.updateController("c", ControllerPatch(answers: answers), now: now) }
        case 6: return .calls([call("cm", "pushViewController", ["viewController": id(any), "animated": .bool(flag)])])
        case 7: return .calls([call("cm", "popViewController", ["animated": .bool(flag)])])
        case 8: return .calls([call(any, "removeFromParent")])
        case 9: return .calls([call(any, "showDetailViewController", ["viewController": id(splitColumnCast[(number / 288) % splitColumnCast.count])])])
        case 10: return .calls([call("window", "runLoop")])
        default: return .advance(flag ? 0.2 : 1)
        }
    }

    static func checkSplitColumnSteps(_ numbers: [Int]) throws {
        let tree = try makeSplitColumnTree()
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
    /// expanded one never shows it.
    static func checkSplitColumnInvariants(_ tree: ContainmentTree, sourceLocation: SourceLocation = #_sourceLocation) {
        let snapshot = tree.snapshot()
        guard let split = snapshot.controllers["c"], let compact = split.compact, split.isViewLoaded else { return }
        let subviews = snapshot.views["c.view"]?.subviews ?? []
        if split.isCollapsed == true {
            let columns = [split.primary, split.secondary].compactMap { $0.map { $0 + ".view" } }
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
}
