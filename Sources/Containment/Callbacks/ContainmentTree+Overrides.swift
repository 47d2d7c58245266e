/// Callback-bound calls (docs/uikit-rules-callbacks.md, rule 40): a controller declares what
/// its overrides of UIKit's callbacks do, as raw calls. They run inside the callback, once
/// UIKit's own part of it is done (`super` first, as apps write it), and before the engine
/// goes on with what called the callback: a present in `viewDidLoad` finds the view still
/// out of the window, a child's `viewWillAppear` comes after its parent's override ran.
extension ContainmentTree {
    /// Overrides running inside overrides, at most: deeper is a loop (each callback calling
    /// what calls the other), which UIKit would end with a stack overflow.
    public static let maxOverrideDepth = 16
    /// Calls all overrides together may run within one call of the tree: bounds loops that
    /// do not nest, such as a `viewDidAppear` that makes its controller appear again at
    /// every turn's end.
    public static let maxOverrideCallsPerCall = 1_000
    /// Calls one override may declare.
    public static let maxCallsPerOverride = 32

    /// Checks one declaration of overrides (a spec's or a patch's); `field` names it.
    static func validateOverrides(_ overrides: [String: [RawCall]?]?, field: String) throws(ContainmentError) {
        for (callback, calls) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            let path = field + "." + callback
            guard let overridable = OverridableCallback(rawValue: callback) else {
                let names = OverridableCallback.allCases.map(\.rawValue).sorted().joined(separator: ", ")
                throw .invalidArgument(field: path, "\(callback) is not a callback that can be overridden (\(names))")
            }
            guard let calls else { continue }
            guard calls.count <= maxCallsPerOverride else {
                throw .invalidArgument(field: path, "an override makes at most \(maxCallsPerOverride) calls; \(calls.count) given")
            }
            for (index, call) in calls.enumerated() {
                if call.method == "runLoop" {
                    throw .invalidArgument(field: path + "[\(index)].method", "a callback cannot end the run-loop turn it runs in")
                }
                try validateCallbackArguments(call, of: overridable, field: path + "[\(index)].args.")
            }
        }
    }

    /// Refuses an argument standing for a parameter `callback` does not have, or written in
    /// another shape than `{"callbackArgument": name}`.
    private static func validateCallbackArguments(
        _ call: RawCall, of callback: OverridableCallback, field: String
    ) throws(ContainmentError) {
        guard call.passesCallbackArgument else { return }
        for (name, value) in (call.args ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard case .object(let fields) = value, let parameter = fields[CallbackValue.key] else { continue }
            guard fields.count == 1, let parameterName = parameter.stringValue else {
                throw .invalidArgument(field: field + name, "a callback's parameter is passed on as {\"callbackArgument\": name}")
            }
            guard parameterName == callback.parameter else {
                let has = callback.parameter.map { "only \($0)" } ?? "none"
                throw .invalidArgument(
                    field: field + name + "." + CallbackValue.key,
                    "no parameter \(parameterName) in \(callback.rawValue) to pass on (it has \(has))")
            }
        }
    }

    /// Runs what `controller` declares for `callback`, if anything, as the callback's body
    /// after its `super` call; `value` is what the callback was called with, for calls that
    /// pass it on. A call UIKit would refuse ends the override there (an
    /// exception unwinds the method): in a request it refuses the request, with the
    /// overrides it ran in; in work no request caused (an animation ending on the clock) it
    /// is undone and logged as a warning. So is a loop.
    func runOverrides(_ controller: String, _ callback: OverridableCallback, _ value: CallbackValue = .none) {
        guard overrides.anyDeclared, overrides.run.mayRun,
            let calls = readController(controller, { $0.overrides[callback.rawValue] })
        else { return }
        let depth = overrides.run.frames.count + 1
        let frame = OverrideFrame(controller: controller, callback: callback.rawValue, call: 0, depth: depth)
        guard depth <= Self.maxOverrideDepth else {
            let frames = overrides.run.frames + [frame]
            let names = (frames.prefix(3).map(\.name) + ["…", frame.name]).joined(separator: " → ")
            failOverride(
                ContainmentError(
                    kind: .exception, code: "override_loop",
                    message: "overrides nest more than \(Self.maxOverrideDepth) deep, a loop: \(names)"),
                stopsAll: true)
            return
        }
        overrides.run.frames.append(frame)
        // What an override's calls return stays in the override: the request's results are
        // what its own calls return (`targetViewController`).
        let requestResult = ongoing.result
        defer {
            overrides.run.frames.removeLast()
            ongoing.result = requestResult
        }
        for (index, call) in calls.enumerated() {
            overrides.run.frames[overrides.run.frames.count - 1].call = index
            guard overrides.run.countCall(limit: Self.maxOverrideCallsPerCall) else {
                let scope = overrides.run.countsSinceLastCall ? "since the last call, in transitions completing on the clock" : "within one call"
                failOverride(
                    ContainmentError(
                        kind: .exception, code: "too_many_override_calls",
                        message: "overrides ran more than \(Self.maxOverrideCallsPerCall) calls \(scope), a loop (the last in \(frame.name))"
                    ),
                    stopsAll: true)
                return
            }
            // Undone at once, so the engine goes on from a consistent state whichever way the
            // failure is reported.
            let applied = applyUndoingFailure(value.passedOn(into: call)) { failOverride($0, stopsAll: false) }
            if !applied || !overrides.run.mayRun { return }
        }
    }

    /// Reports a failure inside the innermost override: kept for the request to be refused
    /// with, or logged. `stopsAll`: a loop, after which no override runs in this call.
    private func failOverride(_ error: ContainmentError, stopsAll: Bool) {
        var error = error
        error.overrideStack = overrides.run.frames.isEmpty ? nil : overrides.run.frames
        error.field = nil
        if overrides.run.keepForRefusal(error) { return }
        let place = overrides.run.frames.last.map { "\($0.name) (call \($0.call))" } ?? "an override"
        let name = error.exceptionName.map { "\($0): " } ?? ""
        warn(
            overrides.run.frames.last?.controller,
            stopsAll
                ? "\(error.message); no more overrides run until the next call"
                : "uncaught exception in \(place): \(name)\(error.message); the call was undone and the rest of the override skipped")
        if stopsAll { overrides.run.stopped = true }
    }

    /// The failure an override raised in this request, if any, cleared.
    func takeOverrideFailure() throws(ContainmentError) {
        if let failure = overrides.run.takeFailure() { throw failure }
    }

    /// From here on in this call, failures inside overrides are logged: what follows was
    /// caused by time (a transition falling due), not by the request.
    func logOverrideFailures() {
        overrides.run.refuses = false
    }
}
