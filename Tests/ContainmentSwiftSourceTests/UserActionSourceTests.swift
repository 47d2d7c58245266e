#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// One test per user action of the notation (docs/swift.md, "The user"): the engine's
/// user-action calls it becomes, each event at the action's line, in turns of its own.
@Suite struct UserActionSourceTests {
    /// A navigation controller showing `detail` on `list` (lines 1–7).
    static let stack = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let list = UIViewController()
        let detail = UIViewController()
        let nav = UINavigationController(rootViewController: list)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        nav.pushViewController(detail, animated: false)

        """

    /// A sheet presented on `home` (lines 1–7).
    static let sheet = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let home = UIViewController()
        let sheet = UIViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
        home.present(sheet, animated: false)

        """

    /// `controller.callback@line:column cause` for every event from the first that `line` causes.
    func events(_ source: String, from line: Int) throws -> [String] {
        let answer = try SwiftSourceExplainer.explain(source, idiom: .phone)
        #expect(answer.exception == nil)
        return try timeline(answer, from: line).map { String($0.drop { $0 != " " }.dropFirst()) }
    }

    @Test func aTapOnBackPopsTheTopControllerAnimatedAfterTheTurnEnds() throws {
        #expect(
            try events(Self.stack + "User.tapBack(in: nav)", from: 8) == [
                "nav.viewIsAppearing@8:1 turnEnd", "detail.viewIsAppearing@8:1 turnEnd", "nav.viewDidAppear@8:1 turnEnd",
                "list.viewDidDisappear@8:1 turnEnd", "detail.viewDidAppear@8:1 turnEnd", "detail.didMove@8:1 turnEnd",
                "detail.willMove@8:1 statement", "detail.viewWillDisappear@8:1 statement", "list.viewWillAppear@8:1 statement",
                "list.viewIsAppearing@8:1 turnEnd", "detail.viewDidDisappear@8:1 animationEnd", "list.viewDidAppear@8:1 animationEnd",
                "detail.didMove@8:1 animationEnd",
            ])
    }

    @Test func aTapOnBackWithOnlyTheRootOnTheStackStopsTheAppAtItsLine() throws {
        let answer = try SwiftSourceExplainer.explain(
            "let window = UIWindow(frame: UIScreen.main.bounds)\nlet list = UIViewController()\nlet nav = UINavigationController(rootViewController: list)\nwindow.rootViewController = nav\nwindow.makeKeyAndVisible()\nUser.tapBack(in: nav)",
            idiom: .phone)
        let exception = try #require(answer.exception)
        #expect("\(exception.code)@\(exception.line):\(exception.column)" == "no_back_button@6:1")
        #expect(answer.events.last?.event.callback == "viewDidAppear")
    }

    @Test func aBackSwipeThatFinishesBeginsAndFinishesTheInteractivePopInTwoTurns() throws {
        let answer = try SwiftSourceExplainer.explain(Self.stack + "User.swipeBack(in: nav, finishes: true)", idiom: .phone)
        let swipe = try timeline(answer).filter { $0.hasPrefix("3 ") || $0.hasPrefix("4 ") }
        #expect(
            swipe == [
                "3 detail.willMove@8:1 statement", "3 detail.viewWillDisappear@8:1 statement", "3 list.viewWillAppear@8:1 statement",
                "4 nav.notifyWhenInteractionChanges@8:1 statement", "4 detail.viewDidDisappear@8:1 statement", "4 list.viewIsAppearing@8:1 statement",
                "4 list.viewDidAppear@8:1 statement", "4 detail.didMove@8:1 statement", "4 nav.animateAlongsideTransitionCompletion@8:1 statement",
            ])
        #expect(answer.tree.controllers["nav"]?.viewControllers == ["list"])
    }

    @Test func aBackSwipeThatIsCancelledKeepsTheStack() throws {
        let answer = try SwiftSourceExplainer.explain(Self.stack + "User.swipeBack(in: nav, finishes: false)", idiom: .phone)
        let cancel = try timeline(answer).filter { $0.hasPrefix("4 ") }
        #expect(
            cancel == [
                "4 nav.notifyWhenInteractionChanges@8:1 statement", "4 list.viewWillDisappear@8:1 statement", "4 list.viewDidDisappear@8:1 statement",
                "4 detail.viewWillAppear@8:1 statement",
                "4 detail.viewIsAppearing@8:1 statement", "4 detail.viewDidAppear@8:1 statement", "4 detail.didMove@8:1 statement",
                "4 nav.animateAlongsideTransitionCompletion@8:1 statement",
            ])
        #expect(answer.events.first { $0.event.callback == "notifyWhenInteractionChanges" }?.event.args["isCancelled"] == true)
        #expect(answer.tree.controllers["nav"]?.viewControllers == ["list", "detail"])
    }

    @Test func aTapOnATabIsTheUsersTapOnItsTabBarItem() throws {
        #expect(
            try events(twoTabsLaunch + "User.tapTab(at: 1, in: tabs)", from: 8) == [
                "tabs.viewIsAppearing@8:1 turnEnd", "first.viewIsAppearing@8:1 turnEnd", "tabs.viewDidAppear@8:1 turnEnd",
                "first.viewDidAppear@8:1 turnEnd", "tabs.shouldSelect@8:1 statement", "second.loadView@8:1 statement",
                "second.viewDidLoad@8:1 statement", "second.viewWillAppear@8:1 statement", "first.viewWillDisappear@8:1 statement",
                "second.viewIsAppearing@8:1 statement", "first.viewDidDisappear@8:1 statement", "second.viewDidAppear@8:1 statement",
                "tabs.didSelect@8:1 statement",
            ])
    }

    @Test func aRotationTurnsTheWindowAndKeepsItsSizeClass() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.stack + "RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))\nUser.rotate(to: .landscape)", idiom: .phone)
        let turned = answer.events.filter { $0.source.line == 9 && $0.event.callback?.hasSuffix("LayoutSubviews") != true }
        #expect(turned.map { "\($0.event.controller ?? "-").\($0.event.callback ?? "")" } == ["nav.viewWillTransition", "detail.viewWillTransition"])
        #expect(turned.first?.event.args["size"] == .object(["width": 844, "height": 390]))
        #expect(answer.tree.window.size == Size(width: 844, height: 390))
        #expect(answer.tree.window.horizontalSizeClass == .compact)
    }

    @Test func aSheetSwipedDownThatDismissesIsTheInteractiveDismissalFinished() throws {
        let answer = try SwiftSourceExplainer.explain(Self.sheet + "User.swipeDown(sheet, dismisses: true)", idiom: .phone)
        #expect(
            try events(Self.sheet + "User.swipeDown(sheet, dismisses: true)", from: 8) == [
                "sheet.viewIsAppearing@8:1 turnEnd", "sheet.viewDidAppear@8:1 turnEnd", "sheet.presentationControllerShouldDismiss@8:1 statement",
                "sheet.presentationControllerWillDismiss@8:1 statement", "sheet.viewWillDisappear@8:1 statement",
                "sheet.notifyWhenInteractionChanges@8:1 statement", "sheet.viewDidDisappear@8:1 statement",
                "sheet.animateAlongsideTransitionCompletion@8:1 statement", "sheet.presentationControllerDidDismiss@8:1 statement",
            ])
        #expect(answer.tree.controllers["home"]?.presentedViewController == nil)
    }

    @Test func aSheetSwipeDownThatIsCancelledKeepsTheSheet() throws {
        let answer = try SwiftSourceExplainer.explain(Self.sheet + "User.swipeDown(sheet, dismisses: false)", idiom: .phone)
        let cancel = try timeline(answer).filter { $0.hasPrefix("4 ") }
        #expect(
            cancel == [
                "4 sheet.notifyWhenInteractionChanges@8:1 statement", "4 sheet.viewWillAppear@8:1 statement", "4 sheet.viewIsAppearing@8:1 statement",
                "4 sheet.viewDidAppear@8:1 statement",
                "4 sheet.animateAlongsideTransitionCompletion@8:1 statement",
            ])
        #expect(answer.tree.controllers["home"]?.presentedViewController == "sheet")
    }

    @Test func movingToTheBackgroundAndBackSendsOnlyTheSceneCallbacks() throws {
        #expect(
            try events(Self.sheet + "User.moveToBackground()\nUser.returnToForeground()", from: 8) == [
                "sheet.viewIsAppearing@8:1 turnEnd", "sheet.viewDidAppear@8:1 turnEnd", "-.sceneWillResignActive@8:1 statement",
                "-.sceneDidEnterBackground@8:1 statement", "-.sceneWillEnterForeground@9:1 statement", "-.sceneDidBecomeActive@9:1 statement",
            ])
    }

    @Test func aRunLoopStatementAfterAUserActionEndsItsTurnAndLetsTimePass() throws {
        let source = Self.stack + "User.tapBack(in: nav)\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 1))\nlist.loadViewIfNeeded()"
        let answer = try SwiftSourceExplainer.explain(source, idiom: .phone)
        let appeared = try #require(answer.events.last { $0.event.controller == "list" && $0.event.callback == "viewDidAppear" })
        #expect(appeared.source.cause == "animationEnd")
        #expect("\(appeared.source.line):\(appeared.source.column)" == "9:1")
        #expect(appeared.event.batch == 4)
    }

    @Test func aRotationMakesAFrameReadFromTheRootViewUnknown() throws {
        let source = """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            let badge = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.addChild(badge)
            badge.view.frame = root.view.bounds
            User.rotate(to: .landscape)
            """
        let refused = try #require(refusal(source))
        #expect(refused.code == "frame_not_static")
        #expect("\(refused.line):\(refused.column)" == "7:1")
    }
}
#endif
