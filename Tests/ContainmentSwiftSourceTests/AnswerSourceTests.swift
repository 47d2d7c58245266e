#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// A class's `override var`s answering UIKit (docs/swift.md, "Answers"): each onto the spec's
/// field of the same meaning, read for each instance; anything computed is refused.
@Suite struct AnswerSourceTests {
    /// Rule 10 as Apple's container guide writes it (listings 5-4 and 5-5), the callback's
    /// `animated` passed on (CallbackArgumentSourceTests).
    @Test func aContainerThatDoesNotForwardAppearanceDrivesItsChildByHand() throws {
        let answer = try SwiftSourceExplainer.explain(
            CallbackArgumentSourceTests.forwardingByHand(
                """
                let window = UIWindow(frame: UIScreen.main.bounds)
                window.rootViewController = ContainerViewController()
                window.makeKeyAndVisible()
                """), idiom: .phone)
        let appearance = try timeline(answer).filter { $0.contains("Appear") }
        #expect(
            appearance == [
                "1 containerViewController.viewWillAppear@29:1 statement", "1 child.viewWillAppear@12:9 override",
                "1 containerViewController.viewIsAppearing@29:1 turnEnd", "1 containerViewController.viewDidAppear@29:1 turnEnd",
                "1 child.viewIsAppearing@16:9 override", "1 child.viewDidAppear@16:9 override",
            ])
        #expect(answer.tree.controllers["containerViewController"]?.automaticallyForwardsAppearance == false)
    }

    @Test func withoutTheOverrideUIKitForwardsToTheChild() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ContainerViewController: UIViewController {
                let child = UIViewController()
                override var shouldAutomaticallyForwardAppearanceMethods: Bool { return true }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(child)
                    view.addSubview(child.view)
                    child.didMove(toParent: self)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = ContainerViewController()
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(try timeline(answer).contains("1 child.viewWillAppear@13:1 statement"))
    }

    @Test func theStatusBarFollowsChildForStatusBarStyleToTheChildsAnswer() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class PlayerViewController: UIViewController {
                override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
                override var prefersStatusBarHidden: Bool { get { true } }
            }
            class ContainerViewController: UIViewController {
                let player = PlayerViewController()
                override var childForStatusBarStyle: UIViewController? { player }
                override var childForStatusBarHidden: UIViewController? { return nil }
                override var preferredStatusBarStyle: UIStatusBarStyle { UIStatusBarStyle.darkContent }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(player)
                    view.addSubview(player.view)
                    player.didMove(toParent: self)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = ContainerViewController()
            window.makeKeyAndVisible()
            """, idiom: .phone)
        let statusBar = answer.tree.window.statusBar
        #expect(statusBar.decidedBy == "player")
        #expect(statusBar.style == .lightContent)
        #expect(statusBar.hidden == false)
        #expect(statusBar.hiddenDecidedBy == "containerViewController")
        #expect(answer.tree.controllers["containerViewController"]?.statusBarSettings.statusBarStyle == .darkContent)
        #expect(answer.tree.controllers["player"]?.statusBarSettings.statusBarHidden == true)
    }

    @Test func aSubclassesAnswerReplacesItsSuperclasses() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class BaseViewController: UIViewController {
                override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { .all }
                override var prefersHomeIndicatorAutoHidden: Bool { false }
            }
            class GameViewController: BaseViewController {
                override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [.top, .bottom] }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = GameViewController()
            window.makeKeyAndVisible()
            """, idiom: .phone)
        let game = try #require(answer.tree.controllers["gameViewController"])
        #expect(game.answers.preferredScreenEdgesDeferringSystemGestures == [.top, .bottom])
        #expect(game.answers.prefersHomeIndicatorAutoHidden == false)
    }

    @Test func anAnswerComputedAtRunTimeIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ContainerViewController: UIViewController {
                    override var childForStatusBarStyle: UIViewController? { children.last }
                }
                """))
        #expect(refused.construct == "override var childForStatusBarStyle")
        #expect("\(refused.line):\(refused.column)" == "2:62")
    }

    @Test func anAnswerMadeByACallIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ContainerViewController: UIViewController {
                    override var prefersStatusBarHidden: Bool { UIDevice.current.orientation.isLandscape }
                }
                """))
        #expect(refused.construct == "override var prefersStatusBarHidden")
        #expect("\(refused.line):\(refused.column)" == "2:49")
        let made = try #require(
            refusal(
                """
                class ContainerViewController: UIViewController {
                    override var childForStatusBarStyle: UIViewController? { UIViewController() }
                }
                """))
        #expect(made.construct == "override var childForStatusBarStyle")
        #expect("\(made.line):\(made.column)" == "2:62")
    }

    @Test func anOverrideOfAPropertyOutsideTheSubsetIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ListViewController: UIViewController {
                    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
                }
                """))
        #expect(refused.construct == "override var supportedInterfaceOrientations")
        #expect("\(refused.line):\(refused.column)" == "2:18")
        #expect(refused.supported.contains("shouldAutomaticallyForwardAppearanceMethods"))
    }

    @Test func aGetterOfMoreThanOneStatementIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ListViewController: UIViewController {
                    override var prefersStatusBarHidden: Bool {
                        let hidden = true
                        return hidden
                    }
                }
                """))
        #expect(refused.construct == "override var prefersStatusBarHidden")
        #expect("\(refused.line):\(refused.column)" == "2:18")
    }

    @Test func anAnswerOfTheWrongKindIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ListViewController: UIViewController {
                    override var preferredStatusBarStyle: UIStatusBarStyle { .blackOpaque }
                }
                """))
        #expect(refused.construct == "override var preferredStatusBarStyle")
    }
}
#endif
