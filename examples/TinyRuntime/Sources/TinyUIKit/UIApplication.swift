import Foundation

/// One app: its window and its main run loop's turn. TinyUIKit keeps no global state (no
/// `UIApplication.shared`): every controller is made for one application, so a test suite runs
/// many apps at once.
public final class UIApplication {
    /// Mistakes TinyUIKit can be told to make, to see what a regression looks like.
    public enum Defect: String, CaseIterable, Sendable {
        /// Children's appearance callbacks before their parent's (as Chameleon did).
        case childrenFirst = "children-first"
    }

    public let window: UIWindow
    public let defects: Set<Defect>
    /// Where UIKit would write to the console: the unbalanced appearance calls warning.
    public var log: (_ message: String, _ controller: UIViewController?) -> Void = { message, _ in print(message) }

    /// Controllers that began appearing or disappearing this turn, in the order they began:
    /// their "did" callbacks come at the turn's end.
    private var began: [UIViewController] = []
    /// Controllers whose moving flags were set this turn.
    private var moving: [UIViewController] = []

    public init(windowSize: CGSize = CGSize(width: 390, height: 844), defects: Set<Defect> = []) {
        window = UIWindow(frame: CGRect(origin: .zero, size: windowSize))
        self.defects = defects
    }

    /// The end of the run loop's turn: each controller that began appearing gets
    /// `viewIsAppearing`, then each gets its "did" callback, in the order they began; then
    /// the moving flags set during the turn are cleared.
    public func endTurn() {
        while !began.isEmpty {
            let turn = began
            began = []
            for controller in turn where controller.appearance == .appearing { controller.sendViewIsAppearingOnce() }
            for controller in turn { controller.finishAppearance() }
        }
        for controller in moving { controller.clearMovingFlags() }
        moving = []
    }

    func didBegin(_ controller: UIViewController) {
        if !began.contains(where: { $0 === controller }) { began.append(controller) }
    }

    func didSetMovingFlags(_ controller: UIViewController) {
        if !moving.contains(where: { $0 === controller }) { moving.append(controller) }
    }
}

/// What UIKit raises as an Objective-C exception, raised here as a Swift error.
public struct UIKitException: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name): \(reason)" }

    static func invalidArgument(_ reason: String) -> UIKitException { UIKitException(name: "NSInvalidArgumentException", reason: reason) }

    static func hierarchyInconsistency(_ reason: String) -> UIKitException {
        UIKitException(name: "UIViewControllerHierarchyInconsistency", reason: reason)
    }
}
