#if SwiftSource
import Containment

/// One UIKit call the source makes, with the statements that make it, outermost first: the
/// launch's statement, then each method inlined or override run on the way (`trace`).
struct LocatedCall {
    var call: RawCall
    var trace: [SwiftSourceLocation]
    /// The completion block of a `transition(from:to:…)`, `present` or `dismiss` the launch makes.
    var completion: [LocatedCall]?
    /// Where the completion block starts, to name when one of its calls is the cause.
    var completionLocation: SwiftSourceLocation?
    /// A `setFrame`'s frame until `SourceTranslator.resolveFrames` makes it a value.
    var frame: FrameValue?
    /// A `RunLoop` statement: the turn ends here and this many seconds pass.
    var advance: Double?
    /// `User.tapBack(in:)`'s pop: there is a back button to tap only above the root.
    var isBackButtonTap = false

    init(call: RawCall, trace: [SwiftSourceLocation], frame: FrameValue? = nil, advance: Double? = nil) {
        self.call = call
        self.trace = trace
        self.frame = frame
        self.advance = advance
    }

    var location: SwiftSourceLocation { trace.last ?? SwiftSourceLocation(line: 1, column: 1) }
}

/// A controller the source creates: an instance of one of its classes or of UIKit's.
struct TranslatedController {
    var id: String
    /// The class the source names (`ChildViewController`, `UINavigationController`).
    var className: String
    var kind: ControllerKind
    /// Where it is created (the initializer call).
    var location: SwiftSourceLocation
    /// The overrides of its class, as the engine runs them (docs/uikit-rules-callbacks.md, rule 40).
    var overrides: [String: [LocatedCall]] = [:]
    /// For `UINavigationController(rootViewController:)`: the root's id, built into its stack.
    var rootViewController: String?
    /// Set once it is built into another's stack, so it is not created on its own.
    var isNested = false
    /// `UISplitViewController(style:)`'s style.
    var splitStyle: SplitViewControllerStyle?
    /// `UIPageViewController(transitionStyle:…)`'s style.
    var pageTransitionStyle: PageTransitionStyle?
    /// What its class's `override var`s answer.
    var propertyAnswers = SourceAnswers()
    /// The presentation settings the source assigns it.
    var presentation = PresentationSettings()
    /// Its `spineLocation` option and `isDoubleSided` (docs/swift.md, "Page view controllers").
    var pageSpineLocation: PageSpineLocation?
    var pageIsDoubleSided: Bool?
    /// The controller its `dataSource` is: nil when never assigned, `.some(nil)` when `nil` is.
    var pageDataSource: String??
    /// Set once the launch gives it pages: too late for `isDoubleSided` to change.
    var hasPages = false
    /// `UITabBarController(tabs:)`'s tabs, their controllers built with it.
    var tabs: [TranslatedTab]?
    /// What its delegates answer, set before anything asks them (docs/swift.md, "Delegates").
    var answers = ControllerAnswers()
}

/// The launch split into run-loop turns: a `RunLoop` statement ends one and lets time pass.
struct LaunchTurn {
    var calls: [LocatedCall] = []
    /// Seconds to let pass after the turn (`RunLoop.main.run(until:)`).
    var advance: Double = 0
    /// The statement that ends the turn: what deferred callbacks name.
    var end: SwiftSourceLocation?
}

/// A warning of the translation itself (a missing `super` call), at its place.
public struct SwiftSourceWarning: Codable, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String

    init(_ message: String, at location: SwiftSourceLocation) {
        line = location.line
        column = location.column
        self.message = message
    }
}

/// Everything the source says, ready to run on a tree.
struct TranslatedProgram {
    var controllers: [TranslatedController] = []
    var turns: [LaunchTurn] = [LaunchTurn()]
    var warnings: [SwiftSourceWarning] = []
    /// Where the source ends, for what happens once the launch is over (animations ending).
    var end = SwiftSourceLocation(line: 1, column: 1)
}
#endif
