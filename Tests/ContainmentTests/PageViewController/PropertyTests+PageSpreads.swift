import PropertyBased
import Testing

@testable import Containment

/// Random calls on two-page spreads (docs/uikit-rules-page-view-controller.md, "Two-page
/// spreads"): a page curl bound in the middle `g` and a double-sided one `e`, each in a box.
extension PropertyTests {
    static let spreadPages = ["p1", "p2", "p3", "p4", "p5"]

    static func makeSpreadTree() throws -> ContainmentTree {
        let box: (String, Double) -> ContainerViewSpec = { id, y in ContainerViewSpec(id: id, frame: Rect(x: 0, y: y, width: 390, height: 420)) }
        let tree = try ContainmentTree(
            id: "spreads",
            root: ControllerSpec(
                id: "root", containerViews: [box("midBox", 0), box("edgeBox", 420)],
                children: [
                    ControllerSpec(
                        id: "g", kind: .pageViewController, containerView: "midBox",
                        pageViewControllerSettings: PageViewControllerSettings(spineLocation: .mid)),
                    ControllerSpec(
                        id: "e", kind: .pageViewController, containerView: "edgeBox",
                        pageViewControllerSettings: PageViewControllerSettings(spineLocation: .max, isDoubleSided: true)),
                ]),
            now: t0)
        for id in spreadPages { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        return tree
    }

    static func spreadStep(_ number: Int) -> Step {
        let a = spreadPages[(number / 8) % 5]
        let b = spreadPages[(number / 40) % 5]
        let book = (number / 200) % 2 == 0 ? "g" : "e"
        let flag = (number / 400) % 2 == 0
        let pages: [JSONValue] = (number / 800) % 3 == 0 ? [.string(a)] : [.string(a), .string(b)]
        switch number % 8 {
        case 0: return .calls([call(book, "setViewControllers", ["viewControllers": .array(pages), "animated": .bool(flag)])])
        case 1: return .calls([call(book, "beginInteractiveSwipe", ["to": .array(pages)])])
        case 2: return .calls([call(book, flag ? "finishInteractiveSwipe" : "cancelInteractiveSwipe")])
        case 3: return .advance(flag ? 0.2 : 1)
        case 4: return .calls([call(a, "removeFromParent")])
        case 5: return .calls([call("window", "setHidden", ["hidden": .bool(flag)])])
        case 6: return .calls([call("window", "setSize", ["size": ["width": flag ? 1024 : 390, "height": flag ? 768 : 844]])])
        default: return .calls([call(book, "setViewControllers", ["viewControllers": [.string(a), .string(a)]])])
        }
    }

    @Test func randomSpreadCallsKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(200), input: Gen.int(in: 0...9_999).array(of: 1...30)) { numbers in
            let tree = try Self.makeSpreadTree()
            var now = t0
            var lastSeq = tree.lastSeq
            for number in numbers {
                Self.apply(Self.spreadStep(number), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
                Self.checkInvariants(tree)
                for book in ["g", "e"] {
                    let node = tree.nodes.controllers[existing: book]
                    let stack = node.stack ?? []
                    #expect(stack.count <= 2, "\(book) shows \(stack)")
                    for page in stack { #expect(tree.parentID(of: page) == book, "\(page) in the pages of \(book)") }
                    #expect(Set(stack).count == stack.count, "a page twice in \(book)")
                }
            }
        }
    }
}
