import Foundation
import PropertyBased
import Testing

@testable import Containment

/// Past versions (`ContainmentTree.pastVersion`): with changes kept, as a journaled tree keeps
/// them, the tree taken back k accepted steps is exactly the tree as it stood k steps before
/// (its whole state: nodes, turn lists, transitions, events, counters), whatever the steps did
/// (overrides, transitions, refused and partly kept batches); building it leaves the tree as it
/// was; and keeping changes changes nothing the tree does.
extension PropertyTests {
    /// Runs `numbers` on `tree` and on `twin` (made alike, changes not kept), the first ones
    /// declaring overrides when `cast` is given, and after each step checks every past version
    /// back to `window` steps.
    static func checkPastVersions(
        _ numbers: [Int], tree: ContainmentTree, twin: ContainmentTree, cast: [String]?, step: (Int) -> Step, window: Int = 8,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        tree.keepsChanges = true
        var steps = numbers[...]
        if let cast {
            let split = min(numbers.count / 3 + 1, 6)
            let declared = overrides(numbers.prefix(split), cast: cast, step: step)
            declare(declared, on: tree)
            declare(declared, on: twin)
            steps = numbers.dropFirst(split)
        }
        _ = tree.takeChanges()
        var states = [try encodedState(tree)]
        var changes: [TreeChanges] = []
        var now = t0
        var twinNow = t0
        var lastSeq = tree.lastSeq
        var twinLastSeq = twin.lastSeq
        for number in steps {
            apply(step(number % 1_000_000), to: tree, now: &now, lastSeq: &lastSeq, atomicBatches: false, label: number)
            apply(step(number % 1_000_000), to: twin, now: &twinNow, lastSeq: &twinLastSeq, atomicBatches: false, label: number)
            #expect(tree.snapshot() == twin.snapshot(), "keeping changes changed step \(number)", sourceLocation: sourceLocation)
            changes.append(tree.takeChanges())
            states.append(try encodedState(tree))
            for back in 1...min(window, changes.count) {
                let past = tree.pastVersion(undoing: Array(changes.suffix(back)))
                #expect(
                    try encodedState(past) == states[states.count - 1 - back], "\(back) steps back from step \(number)",
                    sourceLocation: sourceLocation)
            }
            #expect(try encodedState(tree) == states.last, "building past versions changed the tree", sourceLocation: sourceLocation)
        }
    }

    /// The tree's whole state as JSON, keys sorted: equal bytes, equal states.
    static func encodedState(_ tree: ContainmentTree) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(tree.state)
    }

    @Test func pastVersionsAreTheStatesTheTreePassedThrough() async {
        await propertyCheck(count: propertyTestCount(100), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            try Self.checkPastVersions(numbers, tree: Self.makeTree(), twin: Self.makeTree(), cast: nil, step: Self.step)
            try Self.checkPastVersions(numbers, tree: Self.makeTree(), twin: Self.makeTree(), cast: Self.controllerIDs, step: Self.step)
        }
    }

    @Test func pastVersionsOfContainersAreTheStatesTheTreePassedThrough() async {
        await propertyCheck(count: propertyTestCount(100), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            try Self.checkPastVersions(
                numbers, tree: Self.makeContainerTree(), twin: Self.makeContainerTree(), cast: Self.containerCast, step: Self.containerStep)
            try Self.checkPastVersions(
                numbers, tree: Self.makeSystemControllerTree(), twin: Self.makeSystemControllerTree(), cast: nil, step: Self.systemControllerStep)
            try Self.checkPastVersions(numbers, tree: Self.makeMoreTree(), twin: Self.makeMoreTree(), cast: nil, step: Self.moreStep)
        }
    }

    @Test func pastVersionsOfAdaptiveTreesAreTheStatesTheTreePassedThrough() async {
        await propertyCheck(count: propertyTestCount(100), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            try Self.checkPastVersions(
                numbers, tree: Self.makeAdaptivityTree(), twin: Self.makeAdaptivityTree(), cast: Self.adaptivityCast, step: Self.adaptivityStep)
            try Self.checkPastVersions(
                numbers, tree: Self.makeSplitColumnTree(), twin: Self.makeSplitColumnTree(), cast: nil, step: Self.splitColumnStep)
            try Self.checkPastVersions(numbers, tree: Self.makeSpreadTree(), twin: Self.makeSpreadTree(), cast: nil, step: Self.spreadStep)
        }
    }

    @Test func pastVersionsOfPresentationsAreTheStatesTheTreePassedThrough() async {
        await propertyCheck(count: propertyTestCount(100), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            let step = { (number: Int) in number % 2 == 0 ? Self.step(number / 2) : Self.presentationStep(number / 2) }
            try Self.checkPastVersions(numbers, tree: Self.makeTree(), twin: Self.makeTree(), cast: Self.controllerIDs, step: step)
            try Self.checkPastVersions(
                numbers, tree: Self.makeUITabTree(refusing: false), twin: Self.makeUITabTree(refusing: false), cast: nil, step: Self.uiTabStep)
        }
    }
}
