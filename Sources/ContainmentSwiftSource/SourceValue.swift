#if SwiftSource
import Containment
import SwiftSyntax

/// A frame as the source writes it; resolved once every assignment is known
/// (`SourceTranslator.resolve`), since a view's frame is only certain when nothing makes it
/// two different things.
indirect enum FrameValue: Equatable {
    case rect(Rect)
    /// `v.frame`, for a view id.
    case frameOf(String)
    /// `v.bounds`.
    case boundsOf(String)
    /// `f.offsetBy(dx:dy:)`.
    case offset(FrameValue, dx: Double, dy: Double)
}

/// What an expression of the source stands for, as far as it is known without running it.
enum SourceValue {
    case controller(String)
    /// A controller's root view, by view id (`child.view`).
    case view(String)
    case window
    case frame(FrameValue)
    case number(Double)
    case bool(Bool)
    case none
    case controllers([String])
    case closure(ClosureExprSyntax)
    case animationOptions([String])
    /// A controller's `sheetPresentationController`, by the controller's id.
    case sheetPresentationController(String)
    /// A `UITab` or `UITabGroup`, by its index in `SourceTranslator.sourceTabs`; an array of them.
    case tab(Int)
    case tabs([Int])
    /// An instance of a delegate class of the source (`SplitDelegate()`), by its class.
    case delegate(String)
    /// A value only the running app has (a callback's `animated`, a completion's `finished`).
    case runtime(String)
    /// A callback's parameter (the engine's name, the source's): a run-time value the
    /// override's calls pass on where UIKit takes `animated:` (rule 40).
    case callbackArgument(parameter: String, name: String)
    /// A method's result that is not used, or a statement's.
    case void

    /// How the refusal names it.
    var description: String {
        switch self {
        case .controller: "a view controller"
        case .view: "a view"
        case .window: "the window"
        case .frame: "a frame"
        case .number: "a number"
        case .bool: "a Boolean"
        case .none: "nil"
        case .controllers: "an array of view controllers"
        case .closure: "a closure"
        case .animationOptions: "animation options"
        case .sheetPresentationController: "a sheet presentation controller"
        case .tab: "a tab"
        case .tabs: "an array of tabs"
        case .delegate(let name): "an instance of \(name)"
        case .runtime(let name), .callbackArgument(_, let name): "`\(name)`, a value known only when the app runs"
        case .void: "no value"
        }
    }
}

/// Where a statement is translated: the controller `self` is, the names in scope, the
/// statements that led here (the launch's, then each inlined method's call), and what the
/// place allows.
struct TranslationScope {
    enum Place: Equatable {
        /// Top-level statements: the app's launch.
        case launch
        /// An override's body, by its full name (`viewDidLoad()`).
        case override(String)
        /// A `transition`'s animations block.
        case animations
        /// A `transition`'s completion block.
        case completion
        /// A completion block of `present`, `dismiss` or a page view controller's `setViewControllers`.
        case presentationCompletion
        /// A class's own `init`.
        case initializer
        /// A page view controller's data source answering a user's swipe.
        case dataSource
    }

    var selfID: String?
    /// The class whose method is running, for `super` (the declaring class, not `self`'s).
    var className: String?
    var locals: [String: SourceValue] = [:]
    var trace: [SwiftSourceLocation] = []
    var place: Place
    var inlineDepth = 0
    /// Set by `super.<callback>(…)` to UIKit's implementation.
    var callsSuper = false
}
#endif
