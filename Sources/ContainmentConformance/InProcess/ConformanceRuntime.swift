import Containment

/// What a UIKit-like runtime written in Swift implements to run the corpus in process, from
/// its own test suite, without an HTTP adapter: one value per scenario holding one window of
/// the runtime, its controllers and a manual clock. `InProcessTarget` makes a fresh one for
/// each scenario, builds the scenario's tree on it, does each step, and collects what the
/// runtime recorded on its `EventRecorder` after each. Each requirement is what the same step
/// asks of an HTTP adapter (docs/conformance.md, section 2), in UIKit's terms:
///
/// - Record every callback your controllers get, when they get it, on the recorder the
///   runtime was made with (`EventRecorder`), with UIKit's Swift method name and arguments.
/// - Where UIKit raises, throw `RuntimeError.exception` with UIKit's exception name and reason
///   before changing anything (a trap cannot be caught: check first).
/// - Where the runtime lacks something, throw `RuntimeError.notImplemented`: the scenario is
///   skipped from there. The step methods other than `makeTree`, `perform(_:)` and
///   `endRunLoopTurn()` default to that, so a runtime starts small.
/// - The runner ends the run-loop turn after each step (`endRunLoopTurn()`); `runLoop` calls
///   end it inside a batch. Ending a turn with nothing pending must do nothing.
public protocol ConformanceRuntime {
    /// `POST /v1/trees`: builds `tree.root` in the storyboard order (2.4: every controller
    /// created, then each embeds its children, parents first), makes the root the window's
    /// root view controller and shows the window unless `tree.onScreen` is false; the window
    /// is `tree.window`'s size and size class, else 390 × 844, compact.
    mutating func makeTree(_ tree: ScenarioTree) throws(RuntimeError)
    /// One raw UIKit call (docs/api.md, "Raw calls"): `receiver` names a controller, a view
    /// (`<controller>.view` or a container view) or `window`; `args` carry UIKit's labels.
    mutating func perform(_ call: RawCall) throws(RuntimeError)
    /// The end of a run-loop turn (2.5): what UIKit defers to "later" (`viewIsAppearing`, the
    /// layout pass, `viewDidAppear`/`viewDidDisappear`), the moving flags settling, then each
    /// transition due on the clock completing, each as a turn of its own.
    mutating func endRunLoopTurn()
    /// A `calls` step: the calls in order as one turn, `runLoop` ending a turn where it stands.
    /// A refused call leaves the calls before it done and the turn still ends. The default
    /// does exactly that with `perform(_:)` and `endRunLoopTurn()`.
    mutating func perform(_ calls: [RawCall]) throws(RuntimeError)
    /// A `create` step: a detached controller, or a subtree built as in `makeTree` (2.4).
    mutating func create(_ spec: ControllerSpec) throws(RuntimeError)
    /// An `update` step: a controller's settable fields (2.10); a changed `preferredContentSize`
    /// calls its parent's `preferredContentSizeDidChange(forChildContentContainer:)`.
    mutating func update(_ controller: String, with patch: ControllerPatch) throws(RuntimeError)
    /// An `add` step: the guide's `displayContentController` (`addChild`, the child's frame,
    /// `addSubview`, `didMove(toParent:)`). All or nothing, as every step but `calls`.
    mutating func displayContentController(_ add: AddAction) throws(RuntimeError)
    /// A `remove` step: the guide's `hideContentController` (`willMove(toParent: nil)`,
    /// `removeFromSuperview`, `removeFromParent`).
    mutating func hideContentController(_ remove: RemoveAction) throws(RuntimeError)
    /// A `transition` step: the guide's `cycleFromViewController` (2.8).
    mutating func cycleFromViewController(_ transition: TransitionAction) throws(RuntimeError)
    /// An `advance` step: the manual clock moves on; what falls due completes at the turn's end.
    mutating func advanceClock(by seconds: Double) throws(RuntimeError)
}

extension ConformanceRuntime {
    public mutating func perform(_ calls: [RawCall]) throws(RuntimeError) {
        for call in calls {
            if call.method == "runLoop" {
                endRunLoopTurn()
                continue
            }
            do throws(RuntimeError) {
                try perform(call)
            } catch {
                endRunLoopTurn()
                throw error
            }
        }
        endRunLoopTurn()
    }

    public mutating func create(_ spec: ControllerSpec) throws(RuntimeError) {
        throw .notImplemented("creating controllers is not implemented")
    }

    public mutating func update(_ controller: String, with patch: ControllerPatch) throws(RuntimeError) {
        throw .notImplemented("updating controllers is not implemented")
    }

    public mutating func displayContentController(_ add: AddAction) throws(RuntimeError) {
        throw .notImplemented("displayContentController is not implemented")
    }

    public mutating func hideContentController(_ remove: RemoveAction) throws(RuntimeError) {
        throw .notImplemented("hideContentController is not implemented")
    }

    public mutating func cycleFromViewController(_ transition: TransitionAction) throws(RuntimeError) {
        throw .notImplemented("cycleFromViewController is not implemented")
    }

    public mutating func advanceClock(by seconds: Double) throws(RuntimeError) {
        throw .notImplemented("the clock is not implemented")
    }
}
