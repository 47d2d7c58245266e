#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// iOS 18's tabs in the source (docs/swift.md, "The supported subset"): `UITab`, `UITabGroup`,
/// a tab bar's `tabs`, `selectedTab`, `mode` and sidebar, and a user's tap by identifier, each
/// event at its line (docs/uikit-rules.md, rule 14's tabs).
@Suite struct TabSourceTests {
    /// Two tabs whose providers return controllers of the launch (lines 1–5).
    static let twoTabs = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let home = UIViewController()
        let search = UIViewController()
        let homeTab = UITab(title: "Home", image: UIImage(systemName: "house"), identifier: "home") { _ in home }
        let searchTab = UITab(title: "Search", image: nil, identifier: "search", viewControllerProvider: { _ in search })

        """

    @Test func aTabBarControllerCreatedWithTabsTakesTheirControllersAtItsInitializer() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.twoTabs + "let tabs = UITabBarController(tabs: [homeTab, searchTab])\nwindow.rootViewController = tabs\nwindow.makeKeyAndVisible()",
            idiom: .phone)
        #expect(
            try timeline(answer).prefix(8) == [
                "1 home.willMove@6:12 creation", "1 search.willMove@6:12 creation", "1 home.didMove@6:12 creation", "1 search.didMove@6:12 creation",
                "2 tabs.loadView@7:1 statement", "2 tabs.viewDidLoad@7:1 statement", "2 home.loadView@7:1 statement", "2 home.viewDidLoad@7:1 statement",
            ])
        #expect(answer.tree.controllers["tabs"]?.tabs?.map(\.identifier) == ["home", "search"])
        #expect(answer.tree.controllers["tabs"]?.selectedTab == "home")
    }

    /// The user's tap and code's `selectedTab` make the same switch, with no delegate (rule 14's tabs).
    @Test(arguments: ["User.tapTab(identifier: \"search\", in: tabs)", "tabs.selectedTab = searchTab"])
    func aTapByIdentifierOrSettingSelectedTabSwitchesToTheTabAtItsLine(_ statement: String) throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.twoTabs
                + "let tabs = UITabBarController(tabs: [homeTab, searchTab])\nwindow.rootViewController = tabs\nwindow.makeKeyAndVisible()\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 1))\n"
                + statement,
            idiom: .phone)
        #expect(
            try timeline(answer, from: 10) == [
                "3 search.loadView@10:1 statement", "3 search.viewDidLoad@10:1 statement", "3 search.viewWillAppear@10:1 statement",
                "3 home.viewWillDisappear@10:1 statement", "3 search.viewIsAppearing@10:1 statement", "3 home.viewDidDisappear@10:1 statement",
                "3 search.viewDidAppear@10:1 statement",
            ])
        #expect(answer.tree.controllers["tabs"]?.selectedTab == "search")
    }

    @Test func setTabsAndATabDisabledBeforeItIsTakenStopATapOnItWithTheEnginesCode() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = UIViewController()
            let archive = UIViewController()
            let homeTab = UITab(title: "Home", image: nil, identifier: "home") { _ in home }
            let archiveTab = UITab(title: "Archive", image: nil, identifier: "archive") { _ in archive }
            archiveTab.isEnabled = false
            let tabs = UITabBarController()
            tabs.setTabs([homeTab, archiveTab], animated: true)
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            tabs.selectedTab = archiveTab
            User.tapTab(identifier: "archive", in: tabs)
            """, idiom: .phone)
        #expect(
            try timeline(answer).prefix(4) == [
                "1 home.willMove@8:1 statement", "1 archive.willMove@8:1 statement", "1 home.didMove@8:1 statement", "1 archive.didMove@8:1 statement",
            ])
        #expect(try timeline(answer, from: 12).first == "2 archive.loadView@12:1 statement")
        let exception = try #require(answer.exception)
        #expect("\(exception.code)@\(exception.line):\(exception.column)" == "tab_disabled@13:1")
    }

    @Test func tabsSetInViewDidLoadBuildAGroupAndAControllerTheProviderCreatesNamedAfterItsTab() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class MainTabs: UITabBarController {
                let inbox = UIViewController()
                let sent = UIViewController()
                let mail = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let inboxTab = UITab(title: "Inbox", image: nil, identifier: "inbox") { _ in self.inbox }
                    let sentTab = UITab(title: "Sent", image: nil, identifier: "sent") { _ in self.sent }
                    let group = UITabGroup(title: "Mail", image: nil, identifier: "mail", children: [inboxTab, sentTab]) { _ in self.mail }
                    tabs = [group, UITab(title: "Settings", image: nil, identifier: "settings") { _ in SettingsViewController() }]
                }
            }
            class SettingsViewController: UIViewController {}
            let window = UIWindow(frame: UIScreen.main.bounds)
            let main = MainTabs()
            main.mode = .tabSidebar
            main.sidebar.isHidden = false
            window.rootViewController = main
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            User.tapTab(identifier: "sent", in: main)
            User.tapTab(identifier: "settings", in: main)
            """, idiom: .pad)
        #expect(
            try timeline(answer).prefix(8) == [
                "1 main.loadView@18:1 statement", "1 main.viewDidLoad@18:1 statement", "1 mail.willMove@10:9 override", "1 settings.willMove@10:9 override",
                "1 mail.loadView@10:9 override", "1 mail.viewDidLoad@10:9 override", "1 mail.didMove@10:9 override", "1 settings.didMove@10:9 override",
            ])
        // A tap on a group's child without a managing navigation controller shows no other controller.
        #expect(!answer.events.contains { $0.source.trace.first?.line == 21 })
        #expect(try timeline(answer, from: 22).first == "2 settings.loadView@22:1 statement")
        #expect(answer.controllers.first { $0.id == "settings" }?.className == "SettingsViewController")
        let main = try #require(answer.tree.controllers["main"])
        #expect(main.mode == .tabSidebar)
        #expect(main.sidebar?.isHidden == false)
        #expect(main.selectedTab == "settings")
    }

    @Test func aTapOnAChildOfAGroupWithAManagingNavigationControllerBuildsItsStack() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let library = UIViewController()
            let albums = UIViewController()
            let songs = UIViewController()
            let libraryNav = UINavigationController()
            let albumsTab = UITab(title: "Albums", image: nil, identifier: "albums") { _ in albums }
            let songsTab = UITab(title: "Songs", image: nil, identifier: "songs") { _ in songs }
            let libraryGroup = UITabGroup(title: "Library", image: nil, identifier: "library", children: [albumsTab, songsTab]) { _ in library }
            libraryGroup.managingNavigationController = libraryNav
            let tabs = UITabBarController()
            tabs.tabs = [libraryGroup]
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            User.tapTab(identifier: "songs", in: tabs)
            """, idiom: .phone)
        #expect(
            try timeline(answer).prefix(6) == [
                "1 libraryNav.willMove@11:1 statement", "1 libraryNav.didMove@11:1 statement", "1 library.willMove@11:1 statement",
                "1 albums.willMove@11:1 statement", "1 library.didMove@11:1 statement", "1 albums.didMove@11:1 statement",
            ])
        #expect(
            try timeline(answer, from: 15) == [
                "2 albums.willMove@15:1 statement", "2 songs.willMove@15:1 statement", "2 songs.loadView@15:1 statement",
                "2 songs.viewDidLoad@15:1 statement", "2 albums.viewWillDisappear@15:1 statement", "2 songs.viewWillAppear@15:1 statement",
                "2 songs.viewIsAppearing@15:1 turnEnd", "2 albums.viewDidDisappear@15:1 turnEnd", "2 songs.viewDidAppear@15:1 turnEnd",
                "2 albums.didMove@15:1 turnEnd", "2 songs.didMove@15:1 turnEnd",
            ])
        #expect(answer.tree.controllers["libraryNav"]?.viewControllers == ["library", "songs"])
    }

    // MARK: Refusals

    @Test func aProviderThatComputesItsControllerIsRefused() throws {
        let refused = try #require(
            refusal(
                "let a = UIViewController()\nlet tab = UITab(title: \"A\", image: nil, identifier: \"a\") { tab in\n    tab.isEnabled = false\n    return a\n}")
        )
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "viewControllerProvider@2:58")
    }

    @Test func anIdentifierThatIsNotALiteralIsRefused() throws {
        let refused = try #require(
            refusal("let tabs = UITabBarController()\nlet name = tabs\nUser.tapTab(identifier: name, in: tabs)"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "identifier@3:25")
    }

    @Test func aRootTabWithoutAProviderIsRefused() throws {
        let refused = try #require(
            refusal("let tab = UITab(title: \"A\", image: nil, identifier: \"a\")\nlet tabs = UITabBarController(tabs: [tab])"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "UITab a@2:37")
    }

    @Test func twoTabsWithOneIdentifierAreRefused() throws {
        let refused = try #require(
            refusal(
                "let a = UIViewController()\nlet b = UIViewController()\nlet tabs = UITabBarController()\ntabs.tabs = [UITab(title: \"A\", image: nil, identifier: \"x\") { _ in a }, UITab(title: \"B\", image: nil, identifier: \"x\") { _ in b }]"
            ))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "UITab x@4:13")
    }

    @Test func changingATabItsTabBarAlreadyHoldsIsRefused() throws {
        let refused = try #require(
            refusal(
                "let a = UIViewController()\nlet tab = UITab(title: \"A\", image: nil, identifier: \"a\") { _ in a }\nlet tabs = UITabBarController(tabs: [tab])\ntab.isHidden = true"
            ))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "assignment to isHidden@4:1")
    }
}
#endif
