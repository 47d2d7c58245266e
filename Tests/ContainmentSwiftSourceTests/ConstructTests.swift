#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// One test per construct of the subset (docs/swift.md, "The supported subset"): what it
/// becomes, and the line and column each event names.
@Suite struct ConstructTests {
    static let launch = """

        let window = UIWindow(frame: UIScreen.main.bounds)
        """

    @Test func aSubclassWithAViewDidLoadOverrideAddsItsStoredPropertysChildFromThatLine() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            import UIKit

            class ListViewController: UIViewController {
                let header = UIViewController()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(header)
                    view.addSubview(header.view)
                    header.didMove(toParent: self)
                }
            }

            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = ListViewController()
            window.rootViewController = list
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(
            answer.controllers.map { "\($0.id):\($0.className):\($0.kind.rawValue):\($0.overrides)" } == [
                "list:ListViewController:viewController:[\"viewDidLoad\"]", "header:UIViewController:viewController:[]",
            ])
        let willMove = try #require(answer.events.first { $0.event.controller == "header" && $0.event.callback == "willMove" })
        #expect(willMove.source.cause == "override")
        #expect(willMove.source.trace == [.init(line: 16, column: 1), .init(line: 8, column: 9)])
        #expect(located(answer).contains("list.viewDidLoad@16:1"))
        #expect(located(answer).contains("header.viewWillAppear@17:1"))
        #expect(answer.tree.controllers["list"]?.children == ["header"])
    }

    @Test func aNavigationControllerSubclassIsANavigationControllerWithItsRoot() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class StackController: UINavigationController {}
            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = UIViewController()
            let nav = StackController(rootViewController: list)
            window.rootViewController = nav
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(answer.controllers.map(\.kind) == [.viewController, .navigationController])
        #expect(answer.tree.controllers["nav"]?.children == ["list"])
        #expect(located(answer).contains("list.viewDidAppear@6:1"))
    }

    @Test func aLazyPropertyIsCreatedAndPresentedFromViewDidAppear() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class HomeViewController: UIViewController {
                lazy var onboarding = UIViewController()
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    present(onboarding, animated: false, completion: nil)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = HomeViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            """, idiom: .phone)
        let appeared = try #require(answer.events.first { $0.event.controller == "onboarding" && $0.event.callback == "viewWillAppear" })
        #expect(appeared.source.trace == [.init(line: 11, column: 1), .init(line: 5, column: 9)])
        #expect(answer.tree.controllers["home"]?.presentedViewController == "onboarding")
    }

    @Test func anOverrideWithoutSuperIsAWarningAtItsName() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ListViewController: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    setNeedsStatusBarAppearanceUpdate()
                }
            }
            """ + Self.launch, idiom: .phone)
        #expect(answer.warnings.map { "\($0.line):\($0.column)" } == ["2:19"])
        #expect(answer.warnings.first?.message.contains("super.viewWillAppear") == true)
    }

    @Test func superInAClassOfTheSourceRunsItsSuperclasssOverrideFromThatLine() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class BaseViewController: UIViewController {
                let banner = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(banner)
                }
            }
            class ListViewController: BaseViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = ListViewController()
            list.loadViewIfNeeded()
            """, idiom: .phone)
        let willMove = try #require(answer.events.first { $0.event.controller == "banner" })
        #expect(willMove.source.trace == [.init(line: 15, column: 1), .init(line: 10, column: 9), .init(line: 5, column: 9)])
    }

    @Test func aPushIsLocatedAtItsLineAndItsAnimationEndsAtTheRunLoopStatement() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = UIViewController()
            let detail = UIViewController()
            let nav = UINavigationController(rootViewController: list)
            window.rootViewController = nav
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
            nav.pushViewController(detail, animated: true)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            _ = nav.popViewController(animated: false)
            """, idiom: .phone)
        let lines = located(answer)
        #expect(lines.contains("detail.willMove@8:1"))
        #expect(lines.contains("detail.viewDidAppear@9:1"))
        #expect(lines.contains("detail.viewWillDisappear@10:5"))
        #expect(answer.tree.controllers["nav"]?.children == ["list"])
    }

    @Test func presentAndDismissAreLocatedAtTheirLines() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = UIViewController()
            let sheet = UIViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
            home.present(sheet, animated: true, completion: nil)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            sheet.dismiss(animated: false)
            """, idiom: .phone)
        let lines = located(answer)
        #expect(lines.contains("sheet.viewWillAppear@7:1"))
        #expect(lines.contains("sheet.viewDidAppear@8:1"))
        #expect(lines.contains("sheet.viewWillDisappear@9:1"))
    }

    @Test func uikitsWarningIsAtTheLineThatCausesIt() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class HomeViewController: UIViewController {
                let login = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    present(login, animated: false)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = HomeViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            """, idiom: .phone)
        let warning = try #require(answer.events.first { $0.event.warning != nil })
        #expect(warning.event.warning?.contains("whose view is not in the window hierarchy") == true)
        #expect(warning.source.trace == [.init(line: 10, column: 1), .init(line: 5, column: 9)])
    }

    @Test func uikitsExceptionStopsTheAppAtTheLineThatRaisesIt() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            let a = UIViewController()
            let b = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.transition(from: a, to: b, duration: 0, options: [], animations: nil, completion: nil)
            root.addChild(a)
            """, idiom: .phone)
        let exception = try #require(answer.exception)
        #expect(exception.name == "NSInvalidArgumentException")
        #expect("\(exception.line):\(exception.column)" == "7:1")
        #expect(!answer.events.contains { $0.event.controller == "a" })
    }

    @Test func aFrameLiteralSetsTheViewsFrame() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            let badge = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.addChild(badge)
            badge.view.frame = CGRect(x: 10, y: 20, width: 100, height: 50).offsetBy(dx: 5, dy: 0)
            root.view.addSubview(badge.view)
            badge.didMove(toParent: root)
            """, idiom: .phone)
        #expect(answer.tree.views["badge.view"]?.frame == Rect(x: 15, y: 20, width: 100, height: 50))
        #expect(located(answer).contains("badge.viewDidLoad@7:1"))
    }

    @Test func deferredCallbacksNameTheStatementThatEndsTheTurn() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
            """, idiom: .pad, orientation: .landscape)
        let appeared = try #require(answer.events.first { $0.event.callback == "viewDidAppear" })
        #expect(appeared.source.cause == "turnEnd")
        #expect("\(appeared.source.line):\(appeared.source.column)" == "5:1")
        #expect(answer.tree.window.size == Size(width: 1024, height: 768))
    }

    @Test func aTabBarsViewControllersAndSelectedIndexAreItsSetters() throws {
        let answer = try SwiftSourceExplainer.explain(
            twoTabsLaunch + "RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))\ntabs.selectedIndex = 1", idiom: .phone)
        #expect(located(answer).contains("second.viewWillAppear@9:1"))
        #expect(answer.tree.controllers["tabs"]?.selectedIndex == 1)
    }

    @Test func aLazyPropertyMayUseAnEarlierOneAndControllersMadeInPlaceAreNamedAfterTheirClass() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ShellViewController: UIViewController {
                let list = UIViewController()
                lazy var nav = UINavigationController(rootViewController: list)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(nav)
                    view.addSubview(nav.view)
                    nav.didMove(toParent: self)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = UINavigationController(rootViewController: ShellViewController())
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(answer.controllers.map(\.id) == ["shellViewController", "list", "nav", "uiNavigationController"])
        #expect(answer.tree.controllers["nav"]?.children == ["list"])
        #expect(answer.tree.controllers["shellViewController"]?.children == ["nav"])
        #expect(located(answer).contains("list.viewDidLoad@7:9"))
    }

    @Test func aForLoopOverAnArrayLiteralOfControllersRunsItsBodyForEach() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class DashboardViewController: UIViewController {
                let weather = UIViewController()
                let news = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    for panel in [weather, news] {
                        addChild(panel)
                        view.addSubview(panel.view)
                        panel.didMove(toParent: self)
                    }
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let dashboard = DashboardViewController()
            window.rootViewController = dashboard
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(answer.tree.controllers["dashboard"]?.children == ["weather", "news"])
        #expect(located(answer).filter { $0.contains(".willMove@") } == ["weather.willMove@7:13", "news.willMove@7:13"])
    }

    @Test func anIfOnTrueRunsItsBodyAndNeverReadsItsElse() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            let badge = UIViewController()
            window.rootViewController = root
            if true {
                root.addChild(badge)
            } else {
                root.performSegue(withIdentifier: "never", sender: nil)
            }
            """, idiom: .phone)
        #expect(located(answer) == ["root.loadView@4:1", "root.viewDidLoad@4:1", "badge.willMove@6:5"])
        #expect(answer.tree.controllers["root"]?.children == ["badge"])
    }

    @Test func anIfOnFalseRunsTheBranchItsElseIfChooses() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            let badge = UIViewController()
            let banner = UIViewController()
            if false {
                root.addChild(badge)
            } else if (true) {
                let added = banner
                root.addChild(added)
            } else {
                root.addChild(badge)
            }
            """, idiom: .phone)
        #expect(located(answer) == ["banner.willMove@9:5"])
        #expect(answer.tree.controllers["root"]?.children == ["banner"])
    }
}
#endif
