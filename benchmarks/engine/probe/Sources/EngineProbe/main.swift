import Containment

#if canImport(Glibc)
import Glibc
#endif

// `EngineProbe calls N`: N times the service benchmark's /calls batch (add w0-0 to root and
// remove it again) on a visible tree of 100 controllers; run it with two N under callgrind
// and divide the difference to get the cost of one batch without the setup. GROUPS adds
// that many groups of 5,000 controllers under root first (20: a 100k-controller tree);
// RETENTION (default 10,000, the service's) lets the event log fill, as a long-running tree's is.
// `EngineProbe memory R`: RSS before and after building 100,001 visible controllers with
// loaded views as the benchmark runner does (20 groups of 5,000, each created detached and
// added to root), retaining R events; R = 1 isolates the nodes from the retained events.
// `EngineProbe kept N [GROUPS]`: the calls on a tree that keeps its changes, as a journaled
// tree does (`keepsChanges`): each batch's are held until the next batch's are taken (one
// commit in flight), then dropped. `EngineProbe past N [GROUPS]`: that, and after each batch
// the tree as it was before it (`pastVersion`) is built and its root read, as a read that
// meets the batch's commit does, and kept through the next batch, as the service keeps it
// until that commit is durable.

/// The process's resident set size in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
    let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let batch = [
    RawCall(receiver: "root", method: "addChild", args: ["child": "w0-0"]),
    RawCall(receiver: "root.view", method: "addSubview", args: ["view": "w0-0.view"]),
    RawCall(receiver: "w0-0", method: "didMove", args: ["toParent": "root"]),
    RawCall(receiver: "w0-0", method: "willMove", args: ["toParent": .null]),
    RawCall(receiver: "w0-0.view", method: "removeFromSuperview"),
    RawCall(receiver: "w0-0", method: "removeFromParent"),
]

/// How `runCalls` treats the batches' changes.
enum Keeping { case none, kept, past }

func runCalls(_ count: Int, groups: Int, retention: Int, keeping: Keeping = .none) throws {
    let root = ControllerSpec(id: "root", children: (0..<99).map { ControllerSpec(id: "c\($0)") })
    let tree = try ContainmentTree(
        id: "t0", configuration: TreeConfiguration(eventRetention: retention, maxControllers: 200_000), root: root, now: 0)
    for group in 0..<groups {
        let spec = ControllerSpec(id: "g\(group)", children: (0..<4_999).map { ControllerSpec(id: "g\(group)-\($0)") })
        _ = try tree.createController(spec, now: 0)
        _ = try tree.displayContentController("g\(group)", in: "root", now: 0)
    }
    _ = try tree.createController(ControllerSpec(id: "w0-0"), now: 0)
    _ = tree.perform([RawCall(receiver: "w0-0", method: "loadViewIfNeeded")], atomic: false, now: 0)
    tree.keepsChanges = keeping != .none
    var events = 0
    var inFlight: TreeChanges?
    var past: ContainmentTree?
    var shown = 0
    for round in 0..<count {
        let outcome = tree.perform(batch, atomic: false, now: Double(round))
        precondition(outcome.failure == nil, "\(outcome.failure!)")
        events += outcome.events.count
        guard keeping != .none else { continue }
        inFlight = tree.takeChanges()
        if keeping == .past, let inFlight {
            past = tree.pastVersion(undoing: [inFlight])
            shown += try past?.controller("root").children.count ?? 0
        }
    }
    print("controllers \(tree.controllerCount), batches \(count), events \(events), kept \(inFlight?.isEmpty == false), shown \(shown)")
}

/// `EngineProbe transitions N`: N transition recipes (duration 0) on a visible tree of 100
/// controllers, alternately a0 → b0 and b0 → a0, as `benchmarks/run --instructions` sends them.
func runTransitions(_ count: Int) throws {
    let root = ControllerSpec(id: "root", children: [ControllerSpec(id: "a0")] + (0..<98).map { ControllerSpec(id: "c\($0)") })
    let tree = try ContainmentTree(id: "t0", configuration: TreeConfiguration(), root: root, now: 0)
    _ = try tree.createController(ControllerSpec(id: "b0"), now: 0)
    var events = 0
    for round in 0..<count {
        let (from, to) = round % 2 == 0 ? ("a0", "b0") : ("b0", "a0")
        let (transition, produced) = try tree.cycleFromViewController(from, to: to, in: "root", duration: 0, now: Double(round))
        precondition(transition.state == .finished)
        events += produced.count
    }
    print("controllers \(tree.controllerCount), transitions \(count), events \(events)")
}

/// glibc's `malloc_trim`, which the Glibc module does not export: returns freed heap to the system.
@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32

func runMemory(retention: Int) throws {
    let before = residentBytes()
    let tree = try ContainmentTree(
        id: "t0", configuration: TreeConfiguration(eventRetention: retention, maxControllers: 200_000),
        root: ControllerSpec(id: "root"), now: 0)
    for group in 0..<20 {
        let spec = ControllerSpec(id: "g\(group)", children: (0..<4_999).map { ControllerSpec(id: "g\(group)-\($0)") })
        _ = try tree.createController(spec, now: 0)
        _ = try tree.displayContentController("g\(group)", in: "root", now: 0)
    }
    let after = residentBytes()
    _ = mallocTrim(0)
    let trimmed = residentBytes()
    precondition(tree.controllerCount == 100_001)
    print("controllers \(tree.controllerCount), retention \(retention): RSS delta \(after - before) B,"
        + " \((after - before) / tree.controllerCount) B per controller;"
        + " after malloc_trim \((trimmed - before) / tree.controllerCount) B per controller")
}

switch CommandLine.arguments.dropFirst().first {
case "calls":
    let arguments = CommandLine.arguments
    try runCalls(
        Int(arguments[2]) ?? 1, groups: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0,
        retention: arguments.count > 4 ? Int(arguments[4]) ?? 10_000 : 10_000)
case "kept", "past":
    let arguments = CommandLine.arguments
    try runCalls(
        Int(arguments[2]) ?? 1, groups: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0, retention: 10_000,
        keeping: arguments[1] == "kept" ? .kept : .past)
case "transitions": try runTransitions(Int(CommandLine.arguments[2]) ?? 1)
case "memory": try runMemory(retention: Int(CommandLine.arguments[2]) ?? 10_000)
default: print("usage: EngineProbe calls N [GROUPS [RETENTION]] | kept N [GROUPS] | past N [GROUPS] | transitions N | memory RETENTION")
}
