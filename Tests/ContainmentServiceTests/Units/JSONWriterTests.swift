import Containment
import Foundation
import Testing

@testable import ContainmentService

/// `JSONWriter` must print exactly what `JSONEncoder` (sorted keys, unescaped slashes) prints,
/// so clients see no change; these fail as soon as a field, an omission rule or a number
/// format drifts.
@Suite struct JSONWriterTests {
    /// A failure names a reproducible seed.
    typealias Random = SplitMix64

    static let strings = [
        "", "plain", "quote\"inside", "back\\slash", "slash/and</script>", "tab\tnewline\nreturn\r",
        "\u{8}backspace\u{C}formfeed", "nul\u{0}and\u{1}\u{1F}", "del\u{7F}", "é accent", "😀 emoji", "！fullwidth",
        "\u{2028}line\u{2029}separators", "日本語", "B", "a", "a10", "a9", "_", "Z",
    ]

    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, -3.25, 100, 390, 844, 1e15, 1e16, 1e21, 1e22, 1e-5, 1e-7, 123_456.789, 12_345_678.9,
        9_007_199_254_740_992, 9_007_199_254_740_994, -9_007_199_254_740_991, 4_503_599_627_370_495.5,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 2.5e-300, 1.5e300,
    ]

    static func number(_ random: inout Random) -> Double {
        if random.below(3) == 0 {
            // Any finite bit pattern: shortest round-trip formatting over the whole range.
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
        return random.oneOf(numbers)
    }

    static func value(_ random: inout Random, depth: Int = 0) -> JSONValue {
        switch random.below(depth > 2 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2: return .number(number(&random))
        case 3: return .string(random.oneOf(strings))
        case 4: return .array((0..<random.below(4)).map { _ in value(&random, depth: depth + 1) })
        default: return .object(object(&random, depth: depth + 1))
        }
    }

    static func object(_ random: inout Random, depth: Int = 0) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for _ in 0..<random.below(5) { members[random.oneOf(strings)] = value(&random, depth: depth) }
        return members
    }

    /// A tree with a container, navigation, tab bar and split view controller, random titles,
    /// sizes and properties, after a random sequence of raw calls and time advances.
    static func randomTree(seed: UInt64) throws -> (ContainmentTree, [Event], [TransitionSnapshot]) {
        var random = Random(seed: seed)
        func leaf(_ id: String) -> ControllerSpec {
            ControllerSpec(
                id: id, title: random.below(2) == 0 ? nil : random.oneOf(strings),
                preferredContentSize: random.below(2) == 0 ? nil : Size(width: number(&random).magnitude, height: 1.5),
                statusBarSettings: StatusBarSettings(statusBarStyle: random.oneOf([nil, .lightContent, .darkContent])), properties: object(&random),
                presentationSettings: PresentationSettings(modalPresentationStyle: random.oneOf([nil, .popover, .fullScreen])),
                answers: random.below(2) == 0
                    ? ControllerAnswers()
                    : ControllerAnswers(
                        modalPresentationCapturesStatusBarAppearance: true, prefersHomeIndicatorAutoHidden: random.below(2) == 0,
                        childForHomeIndicatorAutoHidden: "n1", preferredScreenEdgesDeferringSystemGestures: [.left, .bottom],
                        childForScreenEdgesDeferringSystemGestures: "t1",
                        traitOverrides: random.below(2) == 0 ? nil : TraitOverrides(horizontalSizeClass: .regular),
                        adaptivePresentationStyle: random.oneOf([nil, AdaptivePresentationStyle.none, .formSheet])))
        }
        let root = ControllerSpec(
            id: "root", properties: object(&random),
            containerViews: [ContainerViewSpec(id: "box", frame: Rect(x: 0.25, y: -10, width: 390, height: 844))],
            children: [
                ControllerSpec(id: "nav", kind: .navigationController, containerView: "box", viewControllers: [leaf("n1"), leaf("n2")]),
                ControllerSpec(id: "tabs", kind: .tabBarController, containerView: "box", viewControllers: [leaf("t1"), leaf("t2")], selectedIndex: 1),
                ControllerSpec(
                    id: "split", kind: .splitViewController, containerView: "box", primary: leaf("p"), secondary: leaf("s"),
                    answers: ControllerAnswers(collapseSecondary: random.below(2) == 0, separateSecondary: "c1")),
                ControllerSpec(
                    id: "pages", kind: .pageViewController, containerView: "box", viewControllers: [leaf("g1")],
                    pageViewControllerSettings: PageViewControllerSettings(transitionStyle: random.oneOf([nil, .scroll, .pageCurl]))),
            ],
            childContentSizes: random.below(2) == 0 ? nil : ["nav": Size(width: 320, height: 480.5), "tabs": Size(width: 1, height: 2)])
        let tree = try ContainmentTree(id: "gen-\(seed)", root: root, now: 1_795_000_000.123)
        var events = tree.creationEvents
        var transitions: [TransitionSnapshot] = []
        for id in ["c1", "c2", "c3"] { events += try tree.createController(leaf(id), now: 1_795_000_000.5) }
        let cast = ["root", "nav", "tabs", "split", "n1", "t1", "p", "c1", "c2", "c3"]
        var now = 1_795_000_001.0
        for _ in 0..<random.below(30) {
            let a = random.oneOf(cast)
            let b = random.oneOf(cast)
            let id = JSONValue.string
            let calls: [RawCall]
            switch random.below(11) {
            case 0: calls = [RawCall(receiver: a, method: "addChild", args: ["child": id(b)])]
            case 1: calls = [RawCall(receiver: a, method: "removeFromParent", args: nil)]
            case 2: calls = [RawCall(receiver: "nav", method: "pushViewController", args: ["viewController": id(b), "animated": .bool(random.below(2) == 0)])]
            case 3: calls = [RawCall(receiver: "tabs", method: "setSelectedIndex", args: ["index": .number(Double(random.below(2)))])]
            case 4: calls = [RawCall(receiver: "split", method: random.oneOf(["show", "hide"]), args: ["column": "primary"])]
            case 5: calls = [RawCall(receiver: "window", method: "setHorizontalSizeClass", args: ["sizeClass": .string(random.oneOf(["compact", "regular"]))])]
            case 6:
                now += random.oneOf([0.1, 0.25, 1])
                events += tree.advance(to: now)
                continue
            case 7:
                let patch = ControllerPatch(title: .some(random.oneOf(strings)), properties: object(&random))
                events += (try? tree.updateController(a, patch, now: now)) ?? []
                continue
            case 8:
                if let (transition, started) = try? tree.cycleFromViewController(a, to: b, in: "root", duration: random.oneOf([0, 0.5]), now: now) {
                    transitions.append(transition)
                    events += started
                }
                continue
            case 9:
                calls = [
                    random.oneOf([
                        RawCall(
                            receiver: "root", method: "setOverrideTraitCollection",
                            args: ["collection": ["horizontalSizeClass": "regular"], "forChild": "split"]),
                        RawCall(receiver: "root", method: "present", args: ["viewController": id(b), "animated": .bool(random.below(2) == 0)]),
                        RawCall(receiver: "window", method: "setActivationState", args: ["state": .string(random.oneOf(["background", "foregroundActive"]))]),
                        RawCall(receiver: b, method: "dismiss", args: ["animated": false]),
                    ])
                ]
            default: calls = [RawCall(receiver: a, method: random.oneOf(["loadViewIfNeeded", "unloadView", "setNeedsStatusBarAppearanceUpdate"]), args: nil)]
            }
            events += tree.perform(calls, atomic: false, now: now).events
        }
        transitions = transitions.compactMap { try? tree.transition($0.id) }
        return (tree, events, transitions)
    }

    static func encoderBytes<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func writerBytes(_ value: some JSONWritable) -> [UInt8] {
        var writer = JSONWriter()
        value.writeJSON(to: &writer)
        return writer.bytes
    }

    /// Same bytes, and the same value once parsed (the check a client would make).
    static func expectSame<Value: Encodable & JSONWritable>(_ value: Value, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try encoderBytes(value)
        let written = writerBytes(value)
        #expect(written == expected, "\(label): \(String(decoding: written, as: UTF8.self))", sourceLocation: sourceLocation)
        let parsedExpected = try JSONSerialization.jsonObject(with: Data(expected), options: [.fragmentsAllowed]) as? NSObject
        let parsedWritten = try JSONSerialization.jsonObject(with: Data(written), options: [.fragmentsAllowed]) as? NSObject
        #expect(parsedExpected != nil && parsedWritten == parsedExpected, "\(label) parses differently", sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<120)
    func generatedTreesAndEventsMatchJSONEncoder(seed: UInt64) throws {
        let (tree, events, transitions) = try Self.randomTree(seed: seed)
        let snapshot = tree.snapshot()
        try Self.expectSame(snapshot, "tree \(seed)")
        for controller in snapshot.controllers.values { try Self.expectSame(controller, "controller \(controller.id)") }
        for event in events { try Self.expectSame(event, "event \(event.seq)") }
        for transition in transitions { try Self.expectSame(transition, "transition \(transition.id)") }
        try Self.expectSame(MutationResponse(events: events, subject: TreeSubject(tree: snapshot)), "tree response")
        try Self.expectSame(MutationResponse(events: events, subject: CallsSubject(applied: events.count)), "calls response")
        try Self.expectSame(MutationResponse(events: events, subject: CallsSubject(applied: 2, results: ["nav", .null])), "calls with results")
        try Self.expectSame(MutationResponse(events: [], subject: NoSubject()), "no subject")
        // The events as the journal encoded them for its digest, written into the answer as
        // they are: the same bytes as encoding them there.
        let journaled = MutationEvents(list: events, json: TreeBox.eventsJSON(events))
        try Self.expectSame(MutationResponse(events: journaled, subject: TreeSubject(tree: snapshot)), "tree response, journaled events")
        try Self.expectSame(
            MutationResponse(events: journaled, subject: CallsSubject(applied: 2, results: ["nav", .null])), "calls, journaled events")
        try Self.expectSame(MutationResponse(events: MutationEvents(list: [], json: TreeBox.eventsJSON([])), subject: NoSubject()), "none journaled")
        if let parent = snapshot.controllers["root"], let child = snapshot.controllers["nav"] {
            try Self.expectSame(MutationResponse(events: events, subject: ParentChildSubject(parent: parent, child: child)), "parent/child")
            try Self.expectSame(MutationResponse(events: events, subject: ControllerSubject(controller: child)), "controller response")
        }
        if let transition = transitions.first {
            try Self.expectSame(MutationResponse(events: events, subject: TransitionSubject(transition: transition)), "transition response")
        }
        try Self.expectSame(EventPage(events: events, lastSeq: tree.lastSeq, oldestSeq: tree.oldestRetainedSeq), "event page")
    }

    @Test func tabsAndTabGroupsMatchJSONEncoder() throws {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                tabs: [
                    TabSpec(identifier: "home", title: "Home", viewController: ControllerSpec(id: "list")),
                    TabSpec(
                        identifier: "library", viewController: ControllerSpec(id: "shelf"),
                        children: [
                            TabSpec(identifier: "recent", viewController: ControllerSpec(id: "recentVC")), TabSpec(identifier: "shared", viewController: nil),
                        ],
                        managingNavigationController: ControllerSpec(id: "libraryNav", kind: .navigationController)),
                ], selectedTab: "shared"),
            now: 0)
        let controller = try #require(tree.snapshot().controllers["tabs"])
        try Self.expectSame(controller, "tab bar with a tab group")
        try Self.expectSame(tree.snapshot(), "tree with a tab group")
    }

    @Test func randomJSONValuesMatchJSONEncoder() throws {
        var random = Random(seed: 42)
        for index in 0..<2_000 {
            try Self.expectSame(Self.value(&random), "value \(index)")
        }
    }

    @Test func envelopesMatchJSONEncoder() throws {
        let event = Event(
            seq: 3, batch: 1, tree: "t", time: -62_135_596_800, controller: nil, callback: nil,
            warning: "Unbalanced calls to begin/end appearance transitions for <a>")
        try Self.expectSame(event, "warning event")
        try Self.expectSame(Event(seq: 4, batch: 1, tree: "t", time: 0, controller: "a", callback: "viewDidLoad"), "event without args")
        try Self.expectSame(MutationResponse(events: [event], subject: ClockSubject(time: "2026-11-21T10:00:00.000Z", nextDueTime: nil)), "clock")
        try Self.expectSame(MutationResponse(events: [], subject: ClockSubject(time: "a", nextDueTime: "b")), "clock due")
        let summary = TreeList.TreeSummary(id: "x", clock: .manual, controllerCount: 3, lastSeq: 9)
        try Self.expectSame(TreeList(trees: [summary, summary], nextCursor: nil), "list")
        try Self.expectSame(TreeList(trees: [], nextCursor: "x"), "list with cursor")
        var problem = Problem(status: 409, code: "hierarchy_inconsistency", detail: "child \"a\"\n", field: "calls[0].args.child", callIndex: 0, oldestSeq: 2)
        try Self.expectSame(problem, "problem")
        problem.applied = 1
        problem.events = [event]
        try Self.expectSame(problem, "problem with events")
        try Self.expectSame(Problem.badRequest("bad"), "bare problem")
        try Self.expectSame(Problem.refused(.commitInDoubt(reason: "reset"), madeChange: true), "problem in doubt")
        try Self.expectSame(Health(status: "ok"), "health")
        try Self.expectSame(StreamSignal.Reset(tree: "t", requestedAfter: 7, oldestSeq: 2), "reset")
        try Self.expectSame(StreamSignal.TreeDeleted(tree: "t", lastSeq: .max), "deleted")
        try Self.expectSame(StreamSignal.Shutdown(), "shutdown")
    }

    @Test func escapesExactly() {
        let written = Self.writerBytes(JSONValue.string("a\"b\\c/\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}\u{2028}é😀"))
        #expect(String(decoding: written, as: UTF8.self) == #""a\"b\\c/\u0000\u0001\b\t\n\f\r\u001f"# + "\u{7F}\u{2028}é😀\"")
        let keyed = Self.writerBytes(JSONValue.object(["\n": 1, "b": 2, "B": 3, "😀": 4, "！": 5]))
        #expect(String(decoding: keyed, as: UTF8.self) == #"{"\n":1,"B":3,"b":2,"！":5,"😀":4}"#)
    }

    @Test func numbersExactly() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "-0"), (1, "1"), (-17, "-17"), (0.1, "0.1"), (-3.25, "-3.25"), (1e15, "1000000000000000"),
            (9_007_199_254_740_992, "9007199254740992"), (1e16, "1e+16"), (1e21, "1e+21"), (1e-5, "1e-05"), (1e-7, "1e-07"),
            (12_345_678.9, "12345678.9"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.leastNonzeroMagnitude, "5e-324"),
        ]
        for (number, text) in cases {
            #expect(String(decoding: Self.writerBytes(JSONValue.number(number)), as: UTF8.self) == text, "\(number)")
        }
    }

    @Test func timesExactly() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00.000Z"), (-0.001, "1969-12-31T23:59:59.999Z"), (951_827_696.789, "2000-02-29T12:34:56.789Z"),
            (1_795_000_000.25, "2026-11-18T11:06:40.250Z"), (-1e20, "0001-01-01T00:00:00.000Z"), (1e20, "9999-12-31T23:59:59.999Z"),
            (.nan, "1970-01-01T00:00:00.000Z"),
        ]
        for (seconds, text) in cases {
            var writer = JSONWriter()
            writer.isoTime(seconds)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(text)\"", "\(seconds)")
            #expect(ISOTime.string(from: seconds) == text)
        }
    }

    /// One writer reuses the text of a time it wrote last; a run of equal, different and
    /// repeated times must still each print as `ISOTime` formats them.
    @Test func repeatedTimesInOneWriter() {
        let times: [Double] = [1_795_000_000.25, 1_795_000_000.25, 1_795_000_000.25, 0, 1_795_000_000.25, .nan, .nan, -0.001, -0.001]
        var writer = JSONWriter()
        writer.beginArray()
        for seconds in times { writer.isoTime(seconds) }
        writer.endArray()
        let expected = "[" + times.map { "\"\(ISOTime.string(from: $0))\"" }.joined(separator: ",") + "]"
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    /// An array of events copies `batch`, and `time` with `tree`, from the event before when
    /// they repeat: runs that repeat, change and come back, after fields (args) and first in
    /// their object (a warning), must print as `JSONEncoder` prints each event.
    @Test func repeatedEventFieldsInOneArray() throws {
        func event(_ seq: UInt64, batch: UInt64, tree: String, time: Double, warning: Bool = false) -> Event {
            warning
                ? Event(seq: seq, batch: batch, tree: tree, time: time, controller: "a", callback: nil, warning: "w")
                : Event(seq: seq, batch: batch, tree: tree, time: time, controller: "a", callback: "viewDidLoad", args: ["x": 1])
        }
        let events = [
            event(1, batch: 1, tree: "t", time: 5, warning: true), event(2, batch: 1, tree: "t", time: 5),
            event(3, batch: 1, tree: "t", time: 5, warning: true), event(4, batch: 2, tree: "t", time: 5),
            event(5, batch: 2, tree: "u", time: 5), event(6, batch: 2, tree: "u", time: 6, warning: true),
            event(7, batch: 1, tree: "t", time: 5), event(8, batch: 1, tree: "t", time: -0.0), event(9, batch: 1, tree: "t", time: .nan),
            event(10, batch: 1, tree: "t", time: .nan, warning: true), event(11, batch: 1, tree: "t\"", time: 0),
        ]
        try Self.expectSame(events, "events")
        try Self.expectSame(MutationResponse(events: events, subject: CallsSubject(applied: 2)), "response")
        var writer = JSONWriter()
        events.writeJSON(to: &writer)
        events.writeJSON(to: &writer)
        let once = try Self.encoderBytes(events)
        #expect(writer.bytes == once + Array(",".utf8) + once, "two arrays in one writer")
    }
}
