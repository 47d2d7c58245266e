#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Delegates in the source (docs/swift.md, "Delegates"): a class of its own or the controller
/// itself, its methods' literal answers onto the engine's delegate fields, and what is refused.
@Suite struct DelegateSourceTests {
    @Test func aViewControllerAsTheNavigationDelegateTurnsOnWillShowAndDidShow() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ListViewController: UIViewController, UINavigationControllerDelegate {
                func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
                func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = ListViewController()
            let detail = UIViewController()
            let nav = UINavigationController(rootViewController: list)
            nav.delegate = list
            window.rootViewController = nav
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            nav.pushViewController(detail, animated: true)
            """, idiom: .phone)
        #expect(
            try timeline(answer).filter { $0.contains("nav.willShow") || $0.contains("nav.didShow") } == [
                "2 nav.willShow@12:1 statement", "2 nav.didShow@13:1 turnEnd", "3 nav.willShow@14:1 statement", "4 nav.didShow@14:1 animationEnd",
            ])
        #expect(answer.tree.controllers["nav"]?.answers.navigationControllerDelegate == true)
    }

    @Test func aDelegateClassOfItsOwnHeldByALetIsTheNavigationDelegate() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class NavigationDelegate: NSObject, UINavigationControllerDelegate {
                func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let navigationDelegate = NavigationDelegate()
            let list = UIViewController()
            let nav = UINavigationController(rootViewController: list)
            nav.delegate = navigationDelegate
            window.rootViewController = nav
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(
            try timeline(answer, from: 10).filter { $0.hasPrefix("2 nav.") } == [
                "2 nav.viewWillAppear@10:1 statement", "2 nav.willShow@10:1 statement", "2 nav.viewIsAppearing@10:1 turnEnd",
                "2 nav.viewDidAppear@10:1 turnEnd", "2 nav.didShow@10:1 turnEnd",
            ])
    }

    @Test func aSplitViewControllerAsItsOwnDelegateAnswersWhatItsStyleAsks() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class Root: UISplitViewController, UISplitViewControllerDelegate {
                let list = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    delegate = self
                    setViewController(list, for: .primary)
                }
                func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
                    .primary
                }
                func splitViewController(_ svc: UISplitViewController, displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode {
                    return .oneBesideSecondary
                }
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    return true
                }
                func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = Root(style: .doubleColumn)
            window.rootViewController = root
            window.makeKeyAndVisible()
            """, idiom: .pad)
        // A pad's regular width never collapses the split: nothing asks the delegate.
        #expect(
            try timeline(answer).prefix(6) == [
                "1 root.loadView@21:1 statement", "1 root.viewDidLoad@21:1 statement", "1 list.willMove@6:9 override", "1 list.loadView@6:9 override",
                "1 list.viewDidLoad@6:9 override", "1 list.didMove@6:9 override",
            ])
        let answers = try #require(answer.tree.controllers["root"]?.answers)
        #expect(answers.topColumnForCollapsing == .primary)
        #expect(answers.displayModeForExpanding == .oneBesideSecondary)
        // The classic interface's method "only applies to classic split view interfaces".
        #expect(answers.collapseSecondary == nil)
    }

    @Test func aControllerSettingItselfAsItsSplitsDelegateInItsInitAnswersTheClassicQuestions() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class Root: UIViewController, UISplitViewControllerDelegate {
                let split = UISplitViewController()
                let detail = UIViewController()
                init() {
                    super.init(nibName: nil, bundle: nil)
                    split.delegate = self
                }
                required init?(coder: NSCoder) { fatalError() }
                func splitViewController(_ splitViewController: UISplitViewController, separateSecondaryFrom primaryViewController: UIViewController) -> UIViewController? {
                    return detail
                }
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    false
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = Root()
            window.rootViewController = root
            window.makeKeyAndVisible()
            """, idiom: .pad)
        let answers = try #require(answer.tree.controllers["split"]?.answers)
        #expect(answers.separateSecondary == "detail")
        #expect(answers.collapseSecondary == false)
    }

    /// A tab bar controller that is its own iOS 18 delegate (lines 1–18), answering `answer`.
    static func tabBarDelegate(answering answer: Bool) -> String {
        """
        class MainTabs: UITabBarController, UITabBarControllerDelegate {
            let home = UIViewController()
            let archive = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                delegate = self
                tabs = [UITab(title: "Home", image: nil, identifier: "home") { _ in self.home }, UITab(title: "Archive", image: nil, identifier: "archive") { _ in self.archive }]
            }
            func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool {
                return \(answer)
            }
            func tabBarController(_ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?) {}
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let main = MainTabs()
        window.rootViewController = main
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        User.tapTab(identifier: "archive", in: main)
        """
    }

    @Test func aTabBarDelegateAnsweringFalseToShouldSelectTabKeepsTheTabAUserTaps() throws {
        let answer = try SwiftSourceExplainer.explain(Self.tabBarDelegate(answering: false), idiom: .phone)
        #expect(try timeline(answer, from: 19) == ["2 main.shouldSelectTab@19:1 statement"])
        #expect(answer.tree.controllers["main"]?.selectedTab == "home")
    }

    @Test func aTabBarDelegateAnsweringTrueIsToldDidSelectTabAfterTheSwitch() throws {
        let answer = try SwiftSourceExplainer.explain(Self.tabBarDelegate(answering: true), idiom: .phone)
        #expect(
            try timeline(answer, from: 19) == [
                "2 main.shouldSelectTab@19:1 statement", "2 archive.loadView@19:1 statement", "2 archive.viewDidLoad@19:1 statement",
                "2 archive.viewWillAppear@19:1 statement", "2 home.viewWillDisappear@19:1 statement", "2 archive.viewIsAppearing@19:1 statement",
                "2 home.viewDidDisappear@19:1 statement", "2 archive.viewDidAppear@19:1 statement", "2 main.didSelectTab@19:1 statement",
            ])
    }

    @Test func aClassicTabBarDelegateAnsweringFalseToShouldSelectKeepsTheTabAUserTaps() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class TabsDelegate: NSObject, UITabBarControllerDelegate {
                func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
                    return false
                }
                func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let tabsDelegate = TabsDelegate()
            let tabs = UITabBarController()
            let first = UIViewController()
            let second = UIViewController()
            tabs.delegate = tabsDelegate
            tabs.viewControllers = [first, second]
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            User.tapTab(at: 1, in: tabs)
            """, idiom: .phone)
        #expect(try timeline(answer, from: 16).filter { $0.hasPrefix("2 ") } == ["2 tabs.shouldSelect@16:1 statement"])
        #expect(answer.events.last?.event.args["result"] == false)
    }

    // MARK: Refusals

    @Test func aTabBarDelegatesDisplayedViewControllersIsRefusedAsItsAnswerDependsOnTheTab() {
        expectRefused(
            "class D: NSObject, UITabBarControllerDelegate {\n    func tabBarController(_ tabBarController: UITabBarController, displayedViewControllersFor tab: UITab, proposedViewControllers: [UIViewController]) -> [UIViewController] { proposedViewControllers }\n}",
            "tabBarController(_:displayedViewControllersFor:proposedViewControllers:)", at: 2, 10)
    }

    func expectRefused(_ source: String, idiom: SwiftSourceIdiom = .pad, _ construct: String, at line: Int, _ column: Int) {
        guard let refused = refusal(source, idiom: idiom) else { return }
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "\(construct)@\(line):\(column)")
    }

    @Test func aSplitDelegateAskedAsTheSplitCollapsesIsRefusedOnAPhone() {
        expectRefused(
            "class D: NSObject, UISplitViewControllerDelegate {\n    func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column { .primary }\n}\nlet d = D()\nlet split = UISplitViewController(style: .doubleColumn)\nsplit.delegate = d",
            idiom: .phone, "splitViewController(_:topColumnForCollapsingToProposedTopColumn:)", at: 2, 10)
    }

    @Test func aDelegateMethodTheEngineDoesNotModelIsRefusedNamingIt() {
        expectRefused(
            "class D: NSObject, UISplitViewControllerDelegate {\n    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}\n}",
            "splitViewController(_:willShow:)", at: 2, 10)
    }

    @Test func aDelegateAnswerComputedAtRunTimeIsRefused() {
        expectRefused(
            "class D: NSObject, UISplitViewControllerDelegate {\n    func splitViewController(_ svc: UISplitViewController, displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode {\n        return proposedDisplayMode\n    }\n}\nlet d = D()\nlet split = UISplitViewController(style: .doubleColumn)\nsplit.delegate = d",
            "UISplitViewController.DisplayMode", at: 3, 16)
    }

    @Test func aNavigationDelegateMethodWithCallsIsRefused() {
        expectRefused(
            "class D: NSObject, UINavigationControllerDelegate {\n    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {\n        print(viewController)\n    }\n}",
            "navigationController(_:willShow:animated:)", at: 2, 138)
    }

    @Test func aDelegateSetAfterTheControllerIsInUseIsRefused() {
        expectRefused(
            "class D: NSObject, UINavigationControllerDelegate {\n    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}\n}\nlet window = UIWindow(frame: UIScreen.main.bounds)\nlet d = D()\nlet nav = UINavigationController(rootViewController: UIViewController())\nwindow.rootViewController = nav\nnav.delegate = d",
            "delegate", at: 8, 1)
    }

    @Test func aDelegateSetAfterTheWindowShowsIsRefusedAsAnOverrideMayHaveShownItsController() {
        expectRefused(
            "class D: NSObject, UINavigationControllerDelegate {}\nclass Root: UIViewController {\n    let nav = UINavigationController()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        addChild(nav)\n    }\n}\nlet window = UIWindow(frame: UIScreen.main.bounds)\nlet d = D()\nlet root = Root()\nwindow.rootViewController = root\nwindow.makeKeyAndVisible()\nroot.nav.delegate = d",
            "delegate", at: 14, 1)
    }

    @Test func aDelegateCreatedInTheAssignmentIsRefusedAsUIKitReleasesIt() {
        expectRefused(
            "class D: NSObject, UINavigationControllerDelegate {}\nlet nav = UINavigationController(rootViewController: UIViewController())\nnav.delegate = D()",
            "delegate", at: 3, 16)
    }

    @Test func aDelegateClassHoldingMoreThanItsProtocolsMethodsIsRefused() {
        expectRefused("class D: NSObject, UINavigationControllerDelegate {\n    var count = 0\n}", "variable declaration", at: 2, 5)
    }
}
#endif
