import Containment
import ContainmentConformance

/// A runtime that does nothing but say what it was asked, to pin how the in-process target
/// drives one: each raw call is recorded as `receiver.method`, each turn's end as
/// `runLoop.endRunLoopTurn`; a call whose method is `raise`, `missing` or `broken` throws an
/// exception, not implemented, or an adapter error after recording itself.
struct ScriptedRuntime: ConformanceRuntime {
    let recorder: EventRecorder
    /// A tree whose root has this id is refused.
    var refusedRoot = "refused"

    mutating func makeTree(_ tree: ScenarioTree) throws(RuntimeError) {
        if tree.root?.id == refusedRoot { throw .exception(name: "NSInvalidArgumentException", reason: "no") }
        recorder.record("makeTree", on: tree.root?.id ?? "-")
    }

    mutating func perform(_ call: RawCall) throws(RuntimeError) {
        recorder.record(call.method, on: call.receiver)
        switch call.method {
        case "raise": throw .exception(name: "NSInternalInconsistencyException", reason: "raised")
        case "missing": throw .notImplemented("\(call.receiver).missing is not implemented")
        case "broken": throw .adapterError("\(call.receiver) is not a controller of this tree")
        default: break
        }
    }

    mutating func endRunLoopTurn() { recorder.record("endRunLoopTurn", on: "runLoop") }

    /// Records itself, then refuses when the child is `refused`.
    mutating func displayContentController(_ add: AddAction) throws(RuntimeError) {
        recorder.record("addChild", on: add.parent)
        if add.child == "refused" { throw .exception(name: "NSInvalidArgumentException", reason: "refused") }
    }
}
