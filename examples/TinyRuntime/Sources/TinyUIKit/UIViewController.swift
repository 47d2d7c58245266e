import Foundation

/// A view controller: its view, loaded when first needed, its place among parents and
/// children, and the lifecycle callbacks UIKit makes on it (override them, calling `super`).
open class UIViewController: CustomStringConvertible {
    public unowned let application: UIApplication
    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []
    public internal(set) var isMovingToParent = false
    public internal(set) var isMovingFromParent = false
    private var loadedView: UIView?
    var appearance = AppearanceState.disappeared
    var sentViewIsAppearing = false
    var appearanceIsAnimated = false

    public init(application: UIApplication) { self.application = application }

    open var description: String { "<\(type(of: self))>" }

    /// Whether adding this controller's children's views to a visible window makes them
    /// appear; false: this controller forwards appearance by hand.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: The view

    /// Loads the view the first time it is asked for.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: application.window.bounds) }
        viewDidLoad()
    }

    /// Makes the view: a plain view the window's size.
    open func loadView() { view = UIView(frame: application.window.bounds) }
    open func viewDidLoad() {}

    // MARK: Appearance callbacks

    open func viewWillAppear(_ animated: Bool) {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Containment

    /// Tells it that it will move under `parent` (nil: out of its parent), setting
    /// `isMovingToParent` or `isMovingFromParent` for the rest of the turn.
    open func willMove(toParent parent: UIViewController?) {
        if parent != nil {
            isMovingToParent = true
        } else if self.parent != nil {
            isMovingFromParent = true
        }
        application.didSetMovingFlags(self)
    }

    open func didMove(toParent parent: UIViewController?) {}

    /// Links `child` under this controller, calling its `willMove(toParent:)`; a child of
    /// another parent leaves that one first. The container adds the child's view and calls
    /// `didMove(toParent:)` itself.
    public func addChild(_ child: UIViewController) throws(UIKitException) {
        if child === self { throw .invalidArgument("child view controller:\(child) cannot be added as a child of itself") }
        var ancestor = parent
        while let current = ancestor {
            if current === child {
                throw .invalidArgument("child view controller:\(child) is an ancestor of the requested parent view controller:\(self)")
            }
            ancestor = current.parent
        }
        if child.parent === self { return }
        if let owner = child.viewIfLoaded?.superview?.nearestController, owner !== self {
            throw .hierarchyInconsistency("child view controller:\(child) should have parent view controller:\(owner) but requested parent is:\(self)")
        }
        child.removeFromParent()
        child.isMovingFromParent = false
        child.isMovingToParent = true
        application.didSetMovingFlags(child)
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Unlinks it from its parent, calling `didMove(toParent: nil)`.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    func clearMovingFlags() {
        isMovingToParent = false
        isMovingFromParent = false
    }
}
