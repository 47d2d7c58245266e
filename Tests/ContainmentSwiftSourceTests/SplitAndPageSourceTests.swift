#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Split view and page view controllers in the source (docs/swift.md, "The supported subset"):
/// their style initializers and their own calls, each event at its line.
@Suite struct SplitAndPageSourceTests {
    @Test func aDoubleColumnSplitViewControllerSetsItsColumnsAndHidesAndShowsItsPrimary() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let split = UISplitViewController(style: .doubleColumn)
            let list = UIViewController()
            let detail = UIViewController()
            split.setViewController(list, for: .primary)
            split.setViewController(detail, for: .secondary)
            window.rootViewController = split
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            split.hide(.primary)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            split.show(.primary)
            """, idiom: .pad)
        let events = try timeline(answer)
        #expect(
            events.filter { $0.hasPrefix("1 ") && !$0.contains("oad") } == [
                "1 list.willMove@5:1 statement", "1 list.didMove@5:1 statement", "1 detail.willMove@6:1 statement", "1 detail.didMove@6:1 statement",
                "1 split.viewWillAppear@8:1 statement", "1 list.viewWillAppear@8:1 statement", "1 detail.viewWillAppear@8:1 statement",
                "1 split.viewIsAppearing@9:1 turnEnd", "1 list.viewIsAppearing@9:1 turnEnd", "1 detail.viewIsAppearing@9:1 turnEnd",
                "1 split.viewDidAppear@9:1 turnEnd", "1 list.viewDidAppear@9:1 turnEnd", "1 detail.viewDidAppear@9:1 turnEnd",
            ])
        #expect(
            events.filter { !$0.hasPrefix("1 ") } == [
                "2 list.viewWillDisappear@10:1 statement", "2 list.viewDidDisappear@11:1 turnEnd", "3 list.viewWillAppear@12:1 statement",
                "3 list.viewIsAppearing@12:1 turnEnd", "3 list.viewDidAppear@12:1 turnEnd",
            ])
        #expect(answer.controllers.first { $0.id == "split" }?.kind == .splitViewController)
        #expect(answer.tree.controllers["split"]?.children == ["list", "detail"])
    }

    @Test func aPageViewControllersSetViewControllersReplacesItsPage() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
            let first = UIViewController()
            let second = UIViewController()
            pages.setViewControllers([first], direction: .forward, animated: false, completion: nil)
            window.rootViewController = pages
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            pages.setViewControllers([second], direction: .reverse, animated: true)
            """, idiom: .phone)
        #expect(
            try timeline(answer).filter { !$0.hasPrefix("1 ") } == [
                "2 first.willMove@9:1 statement", "2 second.willMove@9:1 statement", "2 second.loadView@9:1 statement",
                "2 second.viewDidLoad@9:1 statement", "2 first.viewWillDisappear@9:1 statement", "2 second.viewWillAppear@9:1 statement",
                "2 second.viewIsAppearing@9:1 turnEnd", "3 first.viewDidDisappear@9:1 animationEnd", "3 second.viewDidAppear@9:1 animationEnd",
                "3 first.didMove@9:1 animationEnd", "3 second.didMove@9:1 animationEnd",
            ])
        #expect(try timeline(answer).contains("1 first.viewDidAppear@8:1 turnEnd"))
        #expect(answer.tree.controllers["pages"]?.children == ["second"])
    }
}
#endif
