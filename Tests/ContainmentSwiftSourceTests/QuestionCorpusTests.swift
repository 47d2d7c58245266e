#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Real questions' code, as their askers posted it (trimmed to the controller code, adapted only
/// where a comment says), each answered as the thread's log or accepted answer says UIKit does
/// (docs/swift.md, "The questions' corpus"). Quoted for citation: each source is its thread's.
@Suite struct QuestionCorpusTests {
    /// Every event as `controller.callback@line:column` (warnings as `controller.warning`), in
    /// order; `expected` lists them whitespace-separated, a line per batch or so.
    private static func sequence(_ expected: String) -> [String] {
        expected.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    private static func warnings(_ explanation: SwiftExplanation) -> [String] {
        explanation.events.compactMap(\.event.warning)
    }

    /// Stack Overflow question 48653763 (https://stackoverflow.com/questions/48653763): a child
    /// added in `viewDidLoad` with `addChildViewController` and `addSubview` (no `didMove`); the
    /// asker's log of the child: willMove, viewDidLoad, viewWillAppear, layout, viewDidAppear.
    /// Adapted: `addChildViewController(_:)` is `addChild(_:)` (renamed in Swift 4.2); the asker's
    /// print statements left out (the events are the prints); the class around it and the launch added.
    @Test func childAddedInViewDidLoadWithoutDidMoveAppearsAsTheAskerLogged() throws {
        let explanation = try SwiftSourceExplainer.explain(
            """
            class ChildViewController: UIViewController {
            }

            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let childVC = ChildViewController()
                    self.addChild(childVC)
                    self.view.addSubview(childVC.view)
                }
            }

            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = ViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    root.loadView@15:1 root.viewDidLoad@15:1 childVC.willMove@8:9 childVC.loadView@9:9 childVC.viewDidLoad@9:9
                    root.viewWillAppear@16:1 childVC.viewWillAppear@16:1 root.viewIsAppearing@16:1 root.viewWillLayoutSubviews@16:1
                    root.viewDidLayoutSubviews@16:1 childVC.viewIsAppearing@16:1 childVC.viewWillLayoutSubviews@16:1
                    childVC.viewDidLayoutSubviews@16:1 root.viewDidAppear@16:1 childVC.viewDidAppear@16:1
                    """))
        let child = explanation.events.filter { $0.event.controller == "childVC" }.compactMap(\.event.callback)
        #expect(
            child.filter { !$0.contains("Layout") && $0 != "loadView" && $0 != "viewIsAppearing" } == [
                "willMove", "viewDidLoad", "viewWillAppear", "viewDidAppear",
            ])
    }

    /// The asker's container of Stack Overflow question 17192005, its first child added as Apple's
    /// guide says, with `body` as its `showViewController` and the launch around it.
    private static func sideBar(swapping body: String) -> String {
        """
        class SideBarViewController: UIViewController {
            let first = UIViewController()
            let second = UIViewController()

            override func viewDidLoad() {
                super.viewDidLoad()
                addChild(first)
                view.addSubview(first.view)
                first.didMove(toParent: self)
            }

            func showViewController(_ newViewController: UIViewController, replacing oldViewController: UIViewController) {
        \(body)
            }
        }

        let window = UIWindow(frame: UIScreen.main.bounds)
        let sideBar = SideBarViewController()
        window.rootViewController = sideBar
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
        sideBar.showViewController(sideBar.second, replacing: sideBar.first)
        """
    }

    /// Stack Overflow question 17192005, "What does addChildViewController actually do?"
    /// (https://stackoverflow.com/questions/17192005): the asker's `showViewController:` swaps
    /// children with `removeFromParentViewController` and `addChildViewController` only. The
    /// accepted answer: `removeFromParentViewController` "calls `didMoveToParentViewController`
    /// for you", `addChildViewController` "calls `willMoveToParentViewController` for you", and
    /// `didMoveToParentViewController:` is yours to call. Adapted: Objective-C written as Swift
    /// line for line; `self.childViewControllers[0]` (known only at run time) passed in as
    /// `oldViewController`; `CGRectMake(0, 0, width, height)` of the root view's frame is its
    /// `bounds`; the first child's setup (Apple's guide) and the launch added.
    @Test func removeFromParentSendsDidMoveAndAddChildWillMoveAsTheAnswerSays() throws {
        let explanation = try SwiftSourceExplainer.explain(
            Self.sideBar(
                swapping: """
                            oldViewController.removeFromParent()
                            oldViewController.view.removeFromSuperview()

                            newViewController.view.frame = view.bounds
                            self.addChild(newViewController)
                            self.view.addSubview(newViewController.view)
                    """), idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    sideBar.loadView@24:1 sideBar.viewDidLoad@24:1 first.willMove@7:9 first.loadView@8:9 first.viewDidLoad@8:9
                    first.didMove@9:9 sideBar.viewWillAppear@25:1 first.viewWillAppear@25:1 sideBar.viewIsAppearing@26:1
                    sideBar.viewWillLayoutSubviews@26:1 sideBar.viewDidLayoutSubviews@26:1 first.viewIsAppearing@26:1
                    first.viewWillLayoutSubviews@26:1 first.viewDidLayoutSubviews@26:1 sideBar.viewDidAppear@26:1
                    first.viewDidAppear@26:1
                    first.didMove@13:9 first.viewWillDisappear@14:9 second.loadView@16:9 second.viewDidLoad@16:9 second.willMove@17:9
                    second.viewWillAppear@18:9 sideBar.viewWillLayoutSubviews@27:1 sideBar.viewDidLayoutSubviews@27:1
                    second.viewIsAppearing@27:1 second.viewWillLayoutSubviews@27:1 second.viewDidLayoutSubviews@27:1
                    first.viewDidDisappear@27:1 second.viewDidAppear@27:1
                    """))
        let swap = explanation.events.filter { $0.source.trace.first?.line == 27 }.map(\.event)
        #expect(swap.contains { $0.controller == "first" && $0.callback == "didMove" && $0.args["parent"] == .null })
        #expect(!swap.contains { $0.controller == "first" && $0.callback == "willMove" })
        #expect(swap.contains { $0.controller == "second" && $0.callback == "willMove" })
        #expect(!swap.contains { $0.controller == "second" && $0.callback == "didMove" })
    }

    /// The same thread's accepted answer, its `showViewController:` as posted: each move sent
    /// once, `willMove(toParent: nil)` and `didMove(toParent:)` by the container, the other two by
    /// UIKit. Adapted as above; the `autoresizingMask` line left out (it makes no callback).
    @Test func theAnswersSwapSendsEachMoveOnce() throws {
        let explanation = try SwiftSourceExplainer.explain(
            Self.sideBar(
                swapping: """
                            oldViewController.willMove(toParent: nil)
                            oldViewController.view.removeFromSuperview()
                            oldViewController.removeFromParent()
                            newViewController.view.frame = self.view.bounds
                            self.addChild(newViewController)
                            self.view.addSubview(newViewController.view)
                            newViewController.didMove(toParent: self)
                    """), idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    sideBar.loadView@25:1 sideBar.viewDidLoad@25:1 first.willMove@7:9 first.loadView@8:9 first.viewDidLoad@8:9
                    first.didMove@9:9 sideBar.viewWillAppear@26:1 first.viewWillAppear@26:1 sideBar.viewIsAppearing@27:1
                    sideBar.viewWillLayoutSubviews@27:1 sideBar.viewDidLayoutSubviews@27:1 first.viewIsAppearing@27:1
                    first.viewWillLayoutSubviews@27:1 first.viewDidLayoutSubviews@27:1 sideBar.viewDidAppear@27:1
                    first.viewDidAppear@27:1
                    first.willMove@13:9 first.viewWillDisappear@14:9 first.didMove@15:9 second.loadView@16:9 second.viewDidLoad@16:9
                    second.willMove@17:9 second.viewWillAppear@18:9 second.didMove@19:9 sideBar.viewWillLayoutSubviews@28:1
                    sideBar.viewDidLayoutSubviews@28:1 second.viewIsAppearing@28:1 second.viewWillLayoutSubviews@28:1
                    second.viewDidLayoutSubviews@28:1 first.viewDidDisappear@28:1 second.viewDidAppear@28:1
                    """))
        let swap = explanation.events.filter { $0.source.trace.first?.line == 28 && $0.source.cause == "statement" }.map(\.event)
        let moves = swap.filter { $0.callback == "willMove" || $0.callback == "didMove" }.map { "\($0.controller ?? "-").\($0.callback ?? "-")" }
        #expect(moves == ["first.willMove", "first.didMove", "second.willMove", "second.didMove"])
    }

    /// Stack Overflow question 9088465 (https://stackoverflow.com/questions/9088465): two
    /// notifications at once each push a detail controller; the console logs "Unbalanced calls
    /// to begin/end appearance transitions for" the detail view controller. Adapted:
    /// Objective-C as Swift; the two notifications' `pushViewController` calls are two statements
    /// of the same turn; `self.navigationController` is `navController`.
    @Test func twoPushesAtOnceLogUnbalancedCallsForTheDetail() throws {
        let explanation = try SwiftSourceExplainer.explain(
            """
            class TableViewController: UIViewController {
            }

            class DetailViewController: UIViewController {
            }

            let window = UIWindow(frame: UIScreen.main.bounds)
            let tableViewController = TableViewController(nibName: "TableView", bundle: nil)
            let navController = UINavigationController(rootViewController: tableViewController)
            window.rootViewController = navController
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            let detailViewController = DetailViewController()
            navController.pushViewController(detailViewController, animated: true)
            let secondDetailViewController = DetailViewController()
            navController.pushViewController(secondDetailViewController, animated: true)
            """, idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    tableViewController.willMove@9:21 tableViewController.didMove@9:21
                    navController.loadView@10:1 navController.viewDidLoad@10:1 tableViewController.loadView@10:1
                    tableViewController.viewDidLoad@10:1 navController.viewWillAppear@11:1 tableViewController.viewWillAppear@11:1
                    navController.viewIsAppearing@12:1 navController.viewWillLayoutSubviews@12:1 navController.viewDidLayoutSubviews@12:1
                    tableViewController.viewIsAppearing@12:1 tableViewController.viewWillLayoutSubviews@12:1
                    tableViewController.viewDidLayoutSubviews@12:1 navController.viewDidAppear@12:1
                    tableViewController.viewDidAppear@12:1
                    detailViewController.willMove@14:1 detailViewController.loadView@14:1 detailViewController.viewDidLoad@14:1
                    tableViewController.viewWillDisappear@14:1 detailViewController.viewWillAppear@14:1 navController.warning@16:1
                    secondDetailViewController.willMove@16:1 secondDetailViewController.loadView@16:1
                    secondDetailViewController.viewDidLoad@16:1 detailViewController.viewWillDisappear@16:1
                    secondDetailViewController.viewWillAppear@16:1 navController.viewWillLayoutSubviews@16:1
                    navController.viewDidLayoutSubviews@16:1 detailViewController.viewWillLayoutSubviews@16:1
                    detailViewController.viewDidLayoutSubviews@16:1 secondDetailViewController.viewIsAppearing@16:1
                    secondDetailViewController.viewWillLayoutSubviews@16:1 secondDetailViewController.viewDidLayoutSubviews@16:1
                    navController.warning@16:1 tableViewController.viewDidDisappear@16:1 detailViewController.viewDidDisappear@16:1
                    detailViewController.didMove@16:1 navController.viewWillLayoutSubviews@16:1 navController.viewDidLayoutSubviews@16:1
                    detailViewController.warning@16:1 secondDetailViewController.viewDidAppear@16:1
                    secondDetailViewController.didMove@16:1 navController.viewWillLayoutSubviews@16:1
                    navController.viewDidLayoutSubviews@16:1
                    """))
        #expect(Self.warnings(explanation).last == "Unbalanced calls to begin/end appearance transitions for <detailViewController>")
    }

    /// The question's two controllers around `members` (the presenter's), with the launch.
    private static func finishing(members: String) -> String {
        """
        class FinishViewController: UIViewController {
        }

        class ViewController: UIViewController {
        \(members)
        }

        let window = UIWindow(frame: UIScreen.main.bounds)
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        """
    }

    /// "Attempt to present <finishViewController> on <ViewController> whose view is not in the
    /// window hierarchy!", the question's code as http://www.kouhan.cn/en/article/00009789 quotes
    /// it: `present` in `viewDidLoad` (Stack Overflow question 11254697 says the same: "works only
    /// when present in viewDidAppear and not on viewDidLoad"). Adapted: the storyboard lookup is
    /// `FinishViewController()`.
    @Test func presentFromViewDidLoadIsNotInTheWindowHierarchy() throws {
        let explanation = try SwiftSourceExplainer.explain(
            Self.finishing(
                members: """
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            let finished = FinishViewController()
                            self.present(finished, animated: false, completion: nil)
                        }
                    """), idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    root.loadView@14:1 root.viewDidLoad@14:1 root.warning@8:9 root.viewWillAppear@15:1 root.viewIsAppearing@15:1
                    root.viewWillLayoutSubviews@15:1 root.viewDidLayoutSubviews@15:1 root.viewDidAppear@15:1
                    """))
        #expect(Self.warnings(explanation) == ["Attempt to present <finished> on <root> (from <root>) whose view is not in the window hierarchy."])
    }

    /// The same thread's answer: present from `viewDidAppear(_:)`, once the view is in the window.
    /// Adapted: the controller is a stored property (one created in `viewDidAppear` is refused).
    @Test func presentFromViewDidAppearPresentsAsTheAnswerSays() throws {
        let explanation = try SwiftSourceExplainer.explain(
            Self.finishing(
                members: """
                        let finished = FinishViewController()

                        override func viewDidAppear(_ animated: Bool) {
                            super.viewDidAppear(animated)
                            self.present(finished, animated: false, completion: nil)
                        }
                    """), idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    root.loadView@15:1 root.viewDidLoad@15:1 root.viewWillAppear@16:1 root.viewIsAppearing@16:1
                    root.viewWillLayoutSubviews@16:1 root.viewDidLayoutSubviews@16:1 root.viewDidAppear@16:1 finished.loadView@9:9
                    finished.viewDidLoad@9:9 finished.viewWillAppear@9:9 finished.viewIsAppearing@16:1
                    finished.viewWillLayoutSubviews@16:1 finished.viewDidLayoutSubviews@16:1 finished.viewDidAppear@16:1
                    """))
        #expect(explanation.tree.controllers["root"]?.presentedViewController == "finished")
    }

    /// A thread on the PageMenu library's tracker, "viewDidAppear called twice": after `addChild`,
    /// `addSubview`, `didMove`, the child's `viewDidAppear` runs twice; the answer finds the
    /// library calling `viewWillAppear(true)` and `viewDidAppear(true)` itself besides UIKit.
    /// UIKit's part is once. Adapted: `CAPSPageMenu` is a plain subclass, `pageMenuController!`
    /// a stored property; the child's `print("hello")` left out (the event is the print).
    @Test func addChildAloneMakesTheChildsViewDidAppearOnce() throws {
        let explanation = try SwiftSourceExplainer.explain(
            """
            class ChildViewController: UIViewController {
                override func viewDidAppear(_ animated: Bool) {
                    //executed twice
                }
            }

            class ViewController: UIViewController {
                let pageMenuController = ChildViewController()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    self.addChild(pageMenuController)
                    self.view.addSubview(pageMenuController.view)
                    pageMenuController.didMove(toParent: self)
                }
            }

            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = ViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    root.loadView@20:1 root.viewDidLoad@20:1 pageMenuController.willMove@12:9 pageMenuController.loadView@13:9
                    pageMenuController.viewDidLoad@13:9 pageMenuController.didMove@14:9 root.viewWillAppear@21:1
                    pageMenuController.viewWillAppear@21:1 root.viewIsAppearing@21:1 root.viewWillLayoutSubviews@21:1
                    root.viewDidLayoutSubviews@21:1 pageMenuController.viewIsAppearing@21:1
                    pageMenuController.viewWillLayoutSubviews@21:1 pageMenuController.viewDidLayoutSubviews@21:1 root.viewDidAppear@21:1
                    pageMenuController.viewDidAppear@21:1
                    """))
        #expect(explanation.events.filter { $0.event.controller == "pageMenuController" && $0.event.callback == "viewDidAppear" }.count == 1)
        #expect(explanation.warnings.map(\.line) == [2], "the override without super, as posted")
    }

    /// ivanchan.github.io, "UIKit-ViewAppear/Disappear" (http://ivanchan.github.io/2016/04/27/UIKit-ViewAppear.html):
    /// pushes vc2 then vc3, whose `viewDidLoad` adds `vc4.view` without `addChild`; the log shows
    /// vc1, vc2, vc3 viewWillAppear and "vc4 viewWillAppear will NOT be fired!". Adapted:
    /// Objective-C as Swift; `dispatch_after` of 3 s is a `RunLoop` wait; `self.vc4` a local `let`.
    @Test func anOrphanViewInsideAPushedControllerNeverAppears() throws {
        let explanation = try SwiftSourceExplainer.explain(
            """
            class ViewController3: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let vc4 = UIViewController()
                    self.view.addSubview(vc4.view)
                }
            }

            let window = UIWindow(frame: UIScreen.main.bounds)
            let vc1 = UIViewController()
            let vc2 = UIViewController()
            let vc3 = ViewController3()
            let navigationController = UINavigationController(rootViewController: vc1)
            window.rootViewController = navigationController
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 3))
            navigationController.pushViewController(vc2, animated: true)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 3))
            navigationController.pushViewController(vc3, animated: true)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            """, idiom: .phone)
        #expect(
            located(explanation)
                == Self.sequence(
                    """
                    vc1.willMove@13:28 vc1.didMove@13:28
                    navigationController.loadView@14:1 navigationController.viewDidLoad@14:1 vc1.loadView@14:1 vc1.viewDidLoad@14:1
                    navigationController.viewWillAppear@15:1 vc1.viewWillAppear@15:1 navigationController.viewIsAppearing@16:1
                    navigationController.viewWillLayoutSubviews@16:1 navigationController.viewDidLayoutSubviews@16:1
                    vc1.viewIsAppearing@16:1 vc1.viewWillLayoutSubviews@16:1 vc1.viewDidLayoutSubviews@16:1
                    navigationController.viewDidAppear@16:1 vc1.viewDidAppear@16:1
                    vc2.willMove@17:1 vc2.loadView@17:1 vc2.viewDidLoad@17:1 vc1.viewWillDisappear@17:1 vc2.viewWillAppear@17:1
                    navigationController.viewWillLayoutSubviews@18:1 navigationController.viewDidLayoutSubviews@18:1
                    vc2.viewIsAppearing@18:1 vc2.viewWillLayoutSubviews@18:1 vc2.viewDidLayoutSubviews@18:1
                    vc1.viewDidDisappear@18:1 vc2.viewDidAppear@18:1 vc2.didMove@18:1 navigationController.viewWillLayoutSubviews@18:1
                    navigationController.viewDidLayoutSubviews@18:1
                    vc3.willMove@19:1 vc3.loadView@19:1 vc3.viewDidLoad@19:1 vc4.loadView@5:9 vc4.viewDidLoad@5:9
                    vc2.viewWillDisappear@19:1 vc3.viewWillAppear@19:1 navigationController.viewWillLayoutSubviews@20:1
                    navigationController.viewDidLayoutSubviews@20:1 vc3.viewIsAppearing@20:1 vc3.viewWillLayoutSubviews@20:1
                    vc3.viewDidLayoutSubviews@20:1 vc4.viewWillLayoutSubviews@20:1 vc4.viewDidLayoutSubviews@20:1
                    vc2.viewDidDisappear@20:1 vc3.viewDidAppear@20:1 vc3.didMove@20:1 navigationController.viewWillLayoutSubviews@20:1
                    navigationController.viewDidLayoutSubviews@20:1
                    """))
        let willAppear = explanation.events.filter { $0.event.callback == "viewWillAppear" }.compactMap(\.event.controller)
        #expect(willAppear == ["navigationController", "vc1", "vc2", "vc3"])
    }
}
#endif
