#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// A page view controller's API in the source (docs/swift.md, "Page view controllers"): the
/// completion block of `setViewControllers`, the spine and double-sided settings, the data
/// source and the user's page swipe, each event at its line.
@Suite struct PageSourceTests {
    /// A scroll page view controller showing `first`, on screen (lines 1–8).
    static let pages = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
        let first = UIViewController()
        let second = UIViewController()
        pages.setViewControllers([first], direction: .forward, animated: false, completion: nil)
        window.rootViewController = pages
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))

        """

    /// A page view controller of its own class that is its own data source (lines 1–16).
    static func swiping(after: String) -> String {
        """
        class PagesViewController: UIPageViewController, UIPageViewControllerDataSource {
            let first = UIViewController()
            let second = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                dataSource = self
                setViewControllers([first], direction: .forward, animated: false, completion: nil)
            }
            func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? { nil }
            func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? { \(after) }
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let pages = PagesViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
        window.rootViewController = pages
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))

        """
    }

    /// Apple: the block is "called when the page-turn animation completes", which ends with the
    /// new page's `didMove(toParent:)`; it runs as a turn of its own, each call at its line.
    @Test func anAnimatedSetViewControllersCompletionRunsWhenThePageTurnEnds() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.pages + """
                let sheet = UIViewController()
                pages.setViewControllers([second], direction: .forward, animated: true) { _ in
                    pages.present(sheet, animated: false)
                }
                """, idiom: .phone)
        #expect(
            try timeline(answer, from: 10) == [
                "2 first.willMove@10:1 statement", "2 second.willMove@10:1 statement", "2 second.loadView@10:1 statement",
                "2 second.viewDidLoad@10:1 statement", "2 first.viewWillDisappear@10:1 statement", "2 second.viewWillAppear@10:1 statement",
                "2 second.viewIsAppearing@10:1 turnEnd", "3 first.viewDidDisappear@10:1 animationEnd", "3 second.viewDidAppear@10:1 animationEnd",
                "3 first.didMove@10:1 animationEnd", "3 second.didMove@10:1 animationEnd", "4 sheet.loadView@11:5 completion",
                "4 sheet.viewDidLoad@11:5 completion", "4 sheet.viewWillAppear@11:5 completion", "4 sheet.viewIsAppearing@10:73 completion",
                "4 sheet.viewDidAppear@10:73 completion",
            ])
        #expect(answer.tree.controllers["pages"]?.presentedViewController == "sheet")
    }

    /// Decision (no log shows it): without animation the turn ends within the call, so the
    /// block runs right after the call's turn, as `present`'s does after `viewDidAppear`.
    @Test func aSetViewControllersCompletionWithoutAnimationRunsAfterTheNewPagesDidMove() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.pages + """
                let sheet = UIViewController()
                pages.setViewControllers([second], direction: .forward, animated: false, completion: { finished in
                    pages.present(sheet, animated: false, completion: nil)
                })
                """, idiom: .phone)
        #expect(
            try timeline(answer, from: 10) == [
                "2 first.willMove@10:1 statement", "2 first.viewWillDisappear@10:1 statement", "2 first.viewDidDisappear@10:1 statement",
                "2 first.didMove@10:1 statement", "2 second.willMove@10:1 statement", "2 second.loadView@10:1 statement",
                "2 second.viewDidLoad@10:1 statement", "2 second.viewWillAppear@10:1 statement", "2 second.viewIsAppearing@10:1 statement",
                "2 second.viewDidAppear@10:1 statement", "2 second.didMove@10:1 statement", "3 sheet.loadView@11:5 completion",
                "3 sheet.viewDidLoad@11:5 completion", "3 sheet.viewWillAppear@11:5 completion", "3 sheet.viewIsAppearing@10:86 completion",
                "3 sheet.viewDidAppear@10:86 completion",
            ])
    }

    /// Decision: setting the page already shown turns no page, so no turn ends and the block,
    /// like `present`'s whose event never comes, never runs.
    @Test func aSetViewControllersCompletionThatChangesNoPageNeverRuns() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.pages + """
                let sheet = UIViewController()
                pages.setViewControllers([first], direction: .forward, animated: true) { _ in pages.present(sheet, animated: false) }
                """, idiom: .phone)
        #expect(try timeline(answer).filter { !$0.hasPrefix("1 ") } == [])
        #expect(answer.tree.controllers["pages"]?.presentedViewController == nil)
    }

    /// The block reuses `present`'s: a `present` block may hold a page turn with its own block.
    @Test func aPageTurnsCompletionInsideAPresentationsCompletionRunsAfterItsTurn() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.pages + """
                let sheet = UIViewController()
                pages.present(sheet, animated: false) {
                    pages.setViewControllers([second], direction: .forward, animated: false) { _ in sheet.dismiss(animated: false) }
                }
                """, idiom: .phone)
        #expect(
            try timeline(answer, from: 10).filter { !$0.contains("oad") } == [
                "2 sheet.viewWillAppear@10:1 statement", "2 sheet.viewIsAppearing@10:1 turnEnd", "2 sheet.viewDidAppear@10:1 turnEnd",
                "3 first.willMove@11:5 completion", "3 first.viewWillDisappear@11:5 completion", "3 first.viewDidDisappear@11:5 completion",
                "3 first.didMove@11:5 completion", "3 second.willMove@11:5 completion", "3 second.viewWillAppear@11:5 completion",
                "3 second.viewIsAppearing@11:5 completion", "3 second.viewDidAppear@11:5 completion", "3 second.didMove@11:5 completion",
                "4 sheet.viewWillDisappear@11:85 completion", "4 sheet.viewDidDisappear@11:78 completion",
            ])
        #expect(answer.tree.controllers["pages"]?.viewControllers == ["second"])
    }

    @Test func aCompletionBlocksFinishedParameterIsRefused() throws {
        let refused = try #require(
            refusal(
                Self.pages + """
                    let sheet = UIViewController()
                    pages.setViewControllers([second], direction: .forward, animated: true) { finished in
                        pages.present(sheet, animated: finished)
                    }
                    """))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "declaration reference expression@11:36")
        #expect(refused.detail.contains("`finished`, a value known only when the app runs"))
    }

    @Test func aMidSpineOptionShowsTwoPagesSideBySide() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: NSNumber(value: UIPageViewController.SpineLocation.mid.rawValue)])
            let left = UIViewController()
            let right = UIViewController()
            book.setViewControllers([left, right], direction: .forward, animated: false)
            window.rootViewController = book
            window.makeKeyAndVisible()
            """, idiom: .pad, orientation: .landscape)
        #expect(answer.tree.controllers["book"]?.children == ["left", "right"])
        #expect(answer.tree.controllers["book"]?.pageViewControllerSettings.spineLocation == .mid)
        #expect(answer.exception == nil)
    }

    @Test func theSpineLocationsRawValueAloneIsTheSameOption() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [UIPageViewController.OptionsKey.spineLocation: UIPageViewController.SpineLocation.max.rawValue, .interPageSpacing: 8])
            """, idiom: .pad)
        #expect(answer.tree.controllers["book"]?.pageViewControllerSettings.spineLocation == .max)
    }

    @Test func aDoubleSidedPageCurlTakesTheFrontAndTheBackOfAPage() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: nil)
            let front = UIViewController()
            let back = UIViewController()
            book.isDoubleSided = true
            book.setViewControllers([front, back], direction: .forward, animated: false)
            """, idiom: .phone)
        #expect(answer.exception == nil)
        #expect(answer.tree.controllers["book"]?.children == ["front", "back"])
        #expect(answer.tree.controllers["book"]?.pageViewControllerSettings.isDoubleSided == true)
    }

    @Test func oneShownPageOfADoubleSidedPageCurlIsUIKitsException() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: nil)
            let front = UIViewController()
            book.isDoubleSided = true
            book.setViewControllers([front], direction: .forward, animated: false)
            """, idiom: .phone)
        let exception = try #require(answer.exception)
        #expect(
            "\(exception.name ?? "")/\(exception.code)@\(exception.line):\(exception.column) \(exception.detail)"
                == "NSInvalidArgumentException/page_count_mismatch@4:1 The number of view controllers provided (1) doesn't match the number required (2) for the requested transition"
        )
    }

    @Test func aSpineLocationOnAScrollPageViewControllerIsRefused() throws {
        let refused = try #require(
            refusal("let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.spineLocation: 2])"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "spineLocation@1:122")
    }

    @Test func anOptionTheEngineDoesNotModelIsRefused() throws {
        let refused = try #require(
            refusal("let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: myOptions)"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "options@1:105")
    }

    @Test func isDoubleSidedSetAfterThePageViewControllerHasPagesIsRefused() throws {
        let refused = try #require(
            refusal(
                Self.pages + "pages.isDoubleSided = true"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "isDoubleSided@9:1")
    }

    @Test func isDoubleSidedFalseWithTheSpineInTheMiddleIsRefused() throws {
        let refused = try #require(
            refusal(
                "let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: NSNumber(value: UIPageViewController.SpineLocation.mid.rawValue)])\nbook.isDoubleSided = false"
            ))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "isDoubleSided@2:1")
    }

    @Test func aFinishedSwipeTurnsToTheDataSourcesNextPage() throws {
        let answer = try SwiftSourceExplainer.explain(Self.swiping(after: "second") + "User.swipePage(in: pages, to: .forward, finishes: true)", idiom: .phone)
        #expect(
            try timeline(answer, from: 17) == [
                "2 second.willMove@17:1 statement", "2 pages.willTransitionTo@17:1 statement", "2 second.loadView@17:1 statement",
                "2 second.viewDidLoad@17:1 statement", "2 second.viewWillAppear@17:1 statement", "2 first.viewWillDisappear@17:1 statement",
                "3 first.willMove@17:1 statement", "3 second.viewIsAppearing@17:1 statement", "3 second.viewDidAppear@17:1 statement",
                "3 first.viewDidDisappear@17:1 statement", "3 first.didMove@17:1 statement", "3 second.didMove@17:1 statement",
                "3 pages.didFinishAnimating@17:1 statement",
            ])
        #expect(answer.tree.controllers["pages"]?.viewControllers == ["second"])
    }

    @Test func aCancelledSwipeLeavesThePageAsItWas() throws {
        let answer = try SwiftSourceExplainer.explain(Self.swiping(after: "second") + "User.swipePage(in: pages, to: .forward, finishes: false)", idiom: .phone)
        #expect(
            try timeline(answer, from: 17) == [
                "2 second.willMove@17:1 statement", "2 pages.willTransitionTo@17:1 statement", "2 second.loadView@17:1 statement",
                "2 second.viewDidLoad@17:1 statement", "2 second.viewWillAppear@17:1 statement", "2 first.viewWillDisappear@17:1 statement",
                "3 second.willMove@17:1 statement", "3 first.viewWillAppear@17:1 statement", "3 first.viewIsAppearing@17:1 statement",
                "3 first.viewDidAppear@17:1 statement", "3 second.viewWillDisappear@17:1 statement", "3 second.viewDidDisappear@17:1 statement",
                "3 second.didMove@17:1 statement", "3 pages.didFinishAnimating@17:1 statement",
            ])
        #expect(answer.tree.controllers["pages"]?.viewControllers == ["first"])
    }

    /// The data source as a container's property: `pages.dataSource = self` in its `viewDidLoad`.
    @Test func aContainerThatIsItsPagesDataSourceAnswersTheSwipe() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class HomeViewController: UIViewController, UIPageViewControllerDataSource {
                let pages = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: nil)
                let first = UIViewController()
                let second = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(pages)
                    view.addSubview(pages.view)
                    pages.didMove(toParent: self)
                    pages.dataSource = self
                    pages.setViewControllers([second], direction: .forward, animated: false, completion: nil)
                }
                func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
                    return first
                }
                func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
                    return nil
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = HomeViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
            User.swipePage(in: home.pages, to: .reverse, finishes: true)
            """, idiom: .phone)
        #expect(
            try timeline(answer, from: 25) == [
                "2 first.willMove@25:1 statement", "2 pages.willTransitionTo@25:1 statement", "2 first.loadView@25:1 statement",
                "2 first.viewDidLoad@25:1 statement", "2 first.viewWillAppear@25:1 statement", "2 second.viewWillDisappear@25:1 statement",
                "3 second.willMove@25:1 statement", "3 second.viewDidDisappear@25:1 statement", "3 first.viewIsAppearing@25:1 statement",
                "3 first.viewDidAppear@25:1 statement", "3 second.didMove@25:1 statement", "3 first.didMove@25:1 statement",
                "3 pages.didFinishAnimating@25:1 statement",
            ])
    }

    @Test func aSwipeTheDataSourceAnswersNilForTurnsNoPage() throws {
        let answer = try SwiftSourceExplainer.explain(Self.swiping(after: "second") + "User.swipePage(in: pages, to: .reverse, finishes: true)", idiom: .phone)
        #expect(try timeline(answer).filter { !$0.hasPrefix("1 ") } == [])
        #expect(answer.warnings.map { "\($0.line):\($0.column) \($0.message)" } == ["17:1 The data source of pages answers nil, so the swipe turns no page."])
    }

    @Test func aSwipeWithoutADataSourceTurnsNoPage() throws {
        let answer = try SwiftSourceExplainer.explain(Self.pages + "User.swipePage(in: pages, to: .forward, finishes: true)", idiom: .phone)
        #expect(try timeline(answer).filter { !$0.hasPrefix("1 ") } == [])
        #expect(
            answer.warnings.map { "\($0.line):\($0.column) \($0.message)" } == [
                "9:1 pages has no data source, so the swipe turns no page: gesture-based navigation is disabled."
            ])
    }

    @Test func aDataSourceThatLooksAtThePageItIsAskedAboutIsRefused() throws {
        let refused = try #require(refusal(Self.swiping(after: "viewController") + "User.swipePage(in: pages, to: .forward, finishes: true)"))
        #expect(
            "\(refused.construct)@\(refused.line):\(refused.column) \(refused.detail)"
                == "pageViewController(_:viewControllerAfter:)@10:10 The data source answers `viewController`, a value known only when the app runs.")
    }

    @Test func twoDifferentDataSourcesAreRefused() throws {
        let refused = try #require(refusal(Self.swiping(after: "second") + "pages.dataSource = nil"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "dataSource@17:1")
    }

    @Test func aSwipeInATwoPageSpreadIsRefused() throws {
        let refused = try #require(
            refusal(
                "let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: NSNumber(value: UIPageViewController.SpineLocation.mid.rawValue)])\nUser.swipePage(in: book, to: .forward, finishes: true)"
            ))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "User.swipePage(in:to:finishes:)@2:1")
    }
}
#endif
