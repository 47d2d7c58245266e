import Foundation

/// A rectangle in a tree of views. A view entering the tree of a visible window begins the
/// appearance of the controllers whose views go with it; leaving it, their disappearance.
open class UIView {
    public var frame: CGRect
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    /// The controller whose root view this is.
    weak var viewController: UIViewController?

    public init(frame: CGRect) { self.frame = frame }

    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    public var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    var isInVisibleWindow: Bool { window.map { !$0.isHidden } ?? false }

    /// The controller whose root view is this view or the nearest above it.
    var nearestController: UIViewController? {
        var view: UIView? = self
        while let current = view {
            if let owner = current.viewController { return owner }
            view = current.superview
        }
        return nil
    }

    public func addSubview(_ view: UIView) throws(UIKitException) { try insertSubview(view, at: subviews.count) }

    /// A child controller's root view goes only under its parent's views.
    public func insertSubview(_ view: UIView, at index: Int) throws(UIKitException) {
        if let child = view.viewController, let parent = child.parent, let owner = nearestController, owner !== parent {
            throw .hierarchyInconsistency("child view controller:\(child) should have parent view controller:\(owner) but actual parent is:\(parent)")
        }
        let wasVisible = view.isInVisibleWindow
        view.superview?.subviews.removeAll { $0 === view }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.visibilityChanged(from: wasVisible)
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        let wasVisible = isInVisibleWindow
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        visibilityChanged(from: wasVisible)
    }

    /// Nothing to do: TinyUIKit has no layout pass.
    public func layoutIfNeeded() {}

    func visibilityChanged(from wasVisible: Bool) {
        let isVisible = isInVisibleWindow
        guard isVisible != wasVisible else { return }
        for controller in UIViewController.driven(from: self) { controller.beginAppearance(isVisible, animated: false, byHand: false) }
    }
}

/// The window: the root of the visible view tree when shown.
public final class UIWindow: UIView {
    public var isHidden = true {
        didSet { if isHidden != oldValue { visibilityChanged(from: oldValue == false) } }
    }

    /// Its view goes into the window, sized to it (appearing if the window is shown).
    public var rootViewController: UIViewController? {
        willSet { rootViewController?.viewIfLoaded?.removeFromSuperview() }
        didSet {
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            try? addSubview(root.view)
        }
    }

    public func makeKeyAndVisible() { isHidden = false }
}
