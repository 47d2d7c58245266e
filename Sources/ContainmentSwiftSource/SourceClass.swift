#if SwiftSource
import Containment
import SwiftSyntax

/// A class the source declares: its superclass, its methods by full name (`willMove(toParent:)`)
/// and its stored properties in declaration order.
struct SourceClass {
    struct Property {
        var name: String
        var initializer: ExprSyntax?
        var location: SwiftSourceLocation
    }

    var name: String
    var superclass: String
    var location: SwiftSourceLocation
    var methods: [String: FunctionDeclSyntax] = [:]
    var properties: [Property] = []
    /// Its own `init`s by full name (`init(child:)`), `init?(coder:)` left out.
    var initializers: [String: InitializerDeclSyntax] = [:]
    /// Its `override var`s of UIKit's answers (`shouldAutomaticallyForwardAppearanceMethods`), by name.
    var answers: [String: PatternBindingSyntax] = [:]

    /// `viewWillAppear(_:)`: the base name and each parameter's argument label.
    static func fullName(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        return "\(function.name.text)(\(labels))"
    }

    /// `init(child:)`.
    static func fullName(_ initializer: InitializerDeclSyntax) -> String {
        "init(" + initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }
}

/// UIKit's controller classes a source may create or subclass, and the kinds they are.
enum UIKitClasses {
    static let kinds: [String: ControllerKind] = [
        "UIViewController": .viewController, "UITableViewController": .viewController,
        "UICollectionViewController": .viewController, "UINavigationController": .navigationController,
        "UITabBarController": .tabBarController, "UISplitViewController": .splitViewController, "UIPageViewController": .pageViewController,
    ]

    /// The overrides the engine runs (rule 40), by the method's full name, and the event's callback.
    static let overridable: [String: OverridableCallback] = [
        "viewDidLoad()": .viewDidLoad, "viewWillAppear(_:)": .viewWillAppear, "viewIsAppearing(_:)": .viewIsAppearing,
        "viewDidAppear(_:)": .viewDidAppear, "viewWillDisappear(_:)": .viewWillDisappear,
        "viewDidDisappear(_:)": .viewDidDisappear, "viewWillLayoutSubviews()": .viewWillLayoutSubviews,
        "viewDidLayoutSubviews()": .viewDidLayoutSubviews, "willMove(toParent:)": .willMove, "didMove(toParent:)": .didMove,
    ]

    /// The overrides whose documentation says "you must call super at some point in your
    /// implementation" (Apple's UIViewController reference for each).
    static let requiringSuper: Set<String> = [
        "viewWillAppear(_:)", "viewIsAppearing(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)",
    ]

    static let supportedOverrides =
        "override func viewDidLoad(), viewWillAppear(_:), viewIsAppearing(_:), viewDidAppear(_:), viewWillDisappear(_:), viewDidDisappear(_:), viewWillLayoutSubviews(), viewDidLayoutSubviews(), willMove(toParent:), didMove(toParent:); prepare(for:sender:) and shouldPerformSegue(withIdentifier:sender:) are read and never called (no storyboard)"
}
#endif
