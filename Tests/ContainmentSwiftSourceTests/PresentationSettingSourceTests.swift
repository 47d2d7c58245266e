#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Presentation settings the source assigns (docs/swift.md, "Presentation settings"): the
/// controller's from its creation, accepted only where that gives the answer the app would.
@Suite struct PresentationSettingSourceTests {
    /// A home screen that presents `sheet` and dismisses it, `setting` at line 4.
    static func presentAndDismiss(_ setting: String) -> String {
        """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let home = UIViewController()
        let sheet = UIViewController()
        \(setting)
        window.rootViewController = home
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        home.present(sheet, animated: true)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        sheet.dismiss(animated: true)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        """
    }

    /// iOS 13's default (`.automatic`, a page sheet on a phone) leaves the presenter on screen.
    @Test func aSheetByDefaultLeavesThePresenterAppeared() throws {
        let answer = try SwiftSourceExplainer.explain(Self.presentAndDismiss(""), idiom: .phone)
        #expect(
            try timeline(answer, from: 8) == [
                "2 sheet.loadView@8:1 statement", "2 sheet.viewDidLoad@8:1 statement", "2 sheet.viewWillAppear@8:1 statement",
                "2 sheet.viewIsAppearing@9:1 turnEnd", "3 sheet.viewDidAppear@9:1 animationEnd", "4 sheet.viewWillDisappear@10:1 statement",
                "5 sheet.viewDidDisappear@11:1 animationEnd",
            ])
    }

    @Test func fullScreenMakesThePresenterDisappearAndAppearAgain() throws {
        let answer = try SwiftSourceExplainer.explain(Self.presentAndDismiss("sheet.modalPresentationStyle = .fullScreen"), idiom: .phone)
        #expect(
            try timeline(answer, from: 8) == [
                "2 sheet.loadView@8:1 statement", "2 sheet.viewDidLoad@8:1 statement", "2 home.viewWillDisappear@8:1 statement",
                "2 sheet.viewWillAppear@8:1 statement", "2 sheet.viewIsAppearing@9:1 turnEnd", "3 sheet.viewDidAppear@9:1 animationEnd",
                "3 home.viewDidDisappear@9:1 animationEnd", "4 sheet.viewWillDisappear@10:1 statement", "4 home.viewWillAppear@10:1 statement",
                "4 home.viewIsAppearing@11:1 turnEnd", "5 home.viewDidAppear@11:1 animationEnd", "5 sheet.viewDidDisappear@11:1 animationEnd",
            ])
        #expect(answer.tree.controllers["sheet"]?.presentationSettings.modalPresentationStyle == .fullScreen)
    }

    @Test func aStyleTheClassSetsInItsInitIsEachInstances() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class PlayerViewController: UIViewController {
                init() {
                    super.init(nibName: nil, bundle: nil)
                    modalPresentationStyle = UIModalPresentationStyle.overFullScreen
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = UIViewController()
            let player = PlayerViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            home.present(player, animated: false)
            """, idiom: .phone)
        #expect(answer.tree.controllers["player"]?.presentationSettings.modalPresentationStyle == .overFullScreen)
        // Over full screen, the presenter's view stays: it does not disappear.
        #expect(try timeline(answer, from: 13).filter { $0.contains("home.") }.isEmpty)
    }

    @Test func aControllerThatDefinesThePresentationContextPresentsOverCurrentContext() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ListViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    definesPresentationContext = true
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let tabs = UITabBarController()
            let list = ListViewController()
            let other = UIViewController()
            let detail = UIViewController()
            detail.modalPresentationStyle = .currentContext
            tabs.viewControllers = [list, other]
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            list.present(detail, animated: false)
            """, idiom: .phone)
        #expect(answer.tree.controllers["list"]?.presentationSettings.definesPresentationContext == true)
        #expect(answer.tree.controllers["detail"]?.presentingViewController == "list")
        #expect(try timeline(answer, from: 17).contains("2 list.viewWillDisappear@17:1 statement"))
        #expect(try !timeline(answer, from: 17).contains { $0.contains("tabs.viewWillDisappear") })
    }

    @Test func aSheetThatIsModalInPresentationStaysWhenTheUserSwipesItDown() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.presentAndDismiss("sheet.isModalInPresentation = true").replacingOccurrences(
                of: "sheet.dismiss(animated: true)", with: "User.swipeDown(sheet, dismisses: true)"), idiom: .phone)
        #expect(answer.tree.controllers["home"]?.presentedViewController == "sheet")
        #expect(try !timeline(answer, from: 10).contains { $0.contains("sheet.viewDidDisappear") })
    }

    @Test func modalPresentationStyleInTheControllersOwnViewDidLoadIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class SheetViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        modalPresentationStyle = .fullScreen
                    }
                }
                """))
        #expect(refused.construct == "assignment to modalPresentationStyle")
        #expect("\(refused.line):\(refused.column)" == "4:9")
        #expect(refused.detail.contains("before its view loads"))
    }

    @Test func aStyleAssignedAfterThePresentationIsRefused() throws {
        let refused = try #require(
            refusal(Self.presentAndDismiss("") + "\nsheet.modalPresentationStyle = .fullScreen\nhome.present(sheet, animated: true)"))
        #expect(refused.construct == "assignment to modalPresentationStyle")
        #expect("\(refused.line):\(refused.column)" == "12:1")
    }

    @Test func aControllerAnOverrideUsesCannotBeGivenAStyleByTheLaunch() throws {
        let refused = try #require(
            refusal(
                """
                class HomeViewController: UIViewController {
                    let sheet = UIViewController()
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        present(sheet, animated: true)
                    }
                }
                let home = HomeViewController()
                home.sheet.modalPresentationStyle = .fullScreen
                """))
        #expect(refused.construct == "assignment to modalPresentationStyle")
        #expect("\(refused.line):\(refused.column)" == "9:1")
    }

    @Test func twoDifferentStylesForOneControllerAreRefused() throws {
        let refused = try #require(
            refusal(
                """
                let sheet = UIViewController()
                sheet.modalPresentationStyle = .fullScreen
                sheet.modalPresentationStyle = .formSheet
                """))
        #expect(refused.construct == "assignment to modalPresentationStyle")
        #expect("\(refused.line):\(refused.column)" == "3:1")
        let same = try SwiftSourceExplainer.explain(
            """
            let sheet = UIViewController()
            sheet.modalPresentationStyle = .fullScreen
            sheet.modalPresentationStyle = UIModalPresentationStyle.fullScreen
            """, idiom: .phone)
        #expect(same.tree.controllers["sheet"]?.presentationSettings.modalPresentationStyle == .fullScreen)
    }

    @Test func aCustomStyleOrARunTimeValueIsRefused() throws {
        let custom = try #require(refusal("let sheet = UIViewController()\nsheet.modalPresentationStyle = .custom"))
        #expect(custom.construct == "assignment to modalPresentationStyle")
        #expect("\(custom.line):\(custom.column)" == "2:32")
        let runtime = try #require(
            refusal("let sheet = UIViewController()\nlet style = UIModalPresentationStyle.fullScreen\nsheet.modalPresentationStyle = style"))
        #expect("\(runtime.line):\(runtime.column)" == "2:13" || runtime.construct == "assignment to modalPresentationStyle")
    }

    @Test func detentsOfAControllerPresentedFullScreenAreRefused() throws {
        let refused = try #require(
            refusal(
                """
                let sheet = UIViewController()
                sheet.sheetPresentationController?.detents = [.medium(), .large()]
                sheet.modalPresentationStyle = .fullScreen
                """))
        #expect(refused.construct == "sheetPresentationController")
        #expect("\(refused.line):\(refused.column)" == "2:1")
    }
}
#endif
