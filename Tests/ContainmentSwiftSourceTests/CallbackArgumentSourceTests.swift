#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// An appearance callback's `animated` passed on to a UIKit call's `animated:` (docs/swift.md,
/// "Overrides"): the engine's `{"callbackArgument": "animated"}`, so the child hears what its
/// container heard (docs/uikit-rules-callbacks.md, rule 40).
@Suite struct CallbackArgumentSourceTests {
    /// Apple's container guide, listings 5-4 and 5-5 in Swift: the container forwards by hand,
    /// passing its callbacks' `animated` on (lines 1–26); `launch` follows from line 27.
    static func forwardingByHand(_ launch: String) -> String {
        """
        class ContainerViewController: UIViewController {
            let child = UIViewController()
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
            override func viewDidLoad() {
                super.viewDidLoad()
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                child.beginAppearanceTransition(true, animated: animated)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                child.endAppearanceTransition()
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                child.beginAppearanceTransition(false, animated: animated)
            }
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                child.endAppearanceTransition()
            }
        }
        \(launch)
        """
    }

    /// A navigation controller on screen (lines 27–30); `then` follows from line 31.
    static func inNavigation(_ then: String) -> String {
        forwardingByHand(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let nav = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = nav
            window.makeKeyAndVisible()
            \(then)
            """)
    }

    /// The child's appearance callbacks with `animated` and the line that caused each.
    func childAppearance(_ answer: SwiftExplanation) -> [String] {
        answer.events.filter { $0.event.controller == "child" && $0.event.callback?.contains("ppear") == true }.map {
            "\($0.event.callback ?? "") animated=\($0.event.args["animated"].map { "\($0)" } ?? "-")@\($0.source.line):\($0.source.column)"
        }
    }

    @Test func anAnimatedPushPassesAnimatedTrueOnToTheChild() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.inNavigation("nav.pushViewController(ContainerViewController(), animated: true)"), idiom: .phone)
        #expect(
            childAppearance(answer) == [
                "viewWillAppear animated=bool(true)@12:9", "viewIsAppearing animated=bool(true)@16:9", "viewDidAppear animated=bool(true)@16:9",
            ])
        let begin = answer.tree.controllers["containerViewController"]?.overrides?["viewWillAppear"]?.first
        #expect(begin?.args?["animated"] == ["callbackArgument": "animated"])
    }

    @Test func aPopWithoutAnimationPassesAnimatedFalseOnToTheChild() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.inNavigation(
                """
                nav.pushViewController(ContainerViewController(), animated: true)
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
                nav.popViewController(animated: false)
                """), idiom: .phone)
        #expect(childAppearance(answer).suffix(2) == ["viewWillDisappear animated=bool(false)@20:9", "viewDidDisappear animated=bool(false)@24:9"])
    }

    /// Only a UIKit call's `animated:` takes it: a condition on it is refused, as every `if`
    /// is (the other uses: `RefusalTests.aRunTimeValuePassedOnIsRefused`).
    @Test func aConditionOnTheCallbacksAnimatedIsRefusedAsAnyCondition() {
        let source = """
            class A: UIViewController {
                let sheet = UIViewController()
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    if animated { present(sheet, animated: true) }
                }
            }
            let a = A()
            """
        let refused = refusal(source)
        #expect(refused.map { "\($0.construct)@\($0.line):\($0.column)" } == "if statement@5:9")
    }
}
#endif
