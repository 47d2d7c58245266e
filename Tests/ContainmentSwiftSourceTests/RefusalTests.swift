#if SwiftSource
import ContainmentSwiftSource
import Testing

/// One test per refusal (docs/swift.md, "Refusals"): the construct, its line and column, never a guess.
@Suite struct RefusalTests {
    /// A controller class whose `viewDidLoad` holds `body` (its first line is line 5, column 9).
    static func inViewDidLoad(_ body: String) -> String {
        """
        class ListViewController: UIViewController {
            let child = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
        \(body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
            }
        }
        """
    }

    func expectRefused(_ source: String, _ construct: String, at line: Int, _ column: Int, code: String = "unsupported_construct") {
        guard let refused = refusal(source) else { return }
        #expect(refused.code == code)
        #expect(refused.construct == construct)
        #expect("\(refused.line):\(refused.column)" == "\(line):\(column)")
        #expect(!refused.supported.isEmpty)
    }

    @Test func aForLoopOverARunTimeSequenceIsRefused() {
        expectRefused(Self.inViewDidLoad("for index in 0..<3 {\n    loadViewIfNeeded()\n}"), "for-in loop", at: 5, 9)
    }

    @Test func aWhileLoopIsRefused() {
        expectRefused(Self.inViewDidLoad("while true {\n}"), "while loop", at: 5, 9)
    }

    @Test func anIfStatementIsRefused() {
        expectRefused(Self.inViewDidLoad("if children.isEmpty {\n    addChild(child)\n}"), "if statement", at: 5, 9)
    }

    @Test func aGuardStatementIsRefused() {
        expectRefused(Self.inViewDidLoad("guard isViewLoaded else { return }"), "guard statement", at: 5, 9)
    }

    @Test func aSwitchStatementIsRefused() {
        expectRefused(Self.inViewDidLoad("switch children.count {\ndefault: break\n}"), "switch statement", at: 5, 9)
    }

    @Test func anEarlyReturnIsRefused() {
        expectRefused(Self.inViewDidLoad("return ()\naddChild(child)"), "return statement", at: 5, 9)
    }

    @Test func anOverrideOutsideTheSubsetIsRefusedAtItsName() {
        expectRefused(
            "class A: UIViewController {\n    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}\n}",
            "viewWillTransition(to:with:)", at: 2, 19)
    }

    @Test func aCallbackWithoutOverrideIsRefused() {
        expectRefused("class A: UIViewController {\n    func viewDidLoad() {}\n}", "viewDidLoad()", at: 2, 10)
    }

    @Test func anInitializerAssigningAPropertyOfUIKitsIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    init(title: String) {\n        super.init(nibName: nil, bundle: nil)\n        self.title = title\n    }\n}",
            "assignment to title", at: 4, 9)
    }

    @Test func anInitializerMakingAUIKitCallIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    init() {\n        super.init(nibName: nil, bundle: nil)\n        loadViewIfNeeded()\n    }\n}",
            "function call expression", at: 4, 9)
    }

    @Test func anInitializerWithoutSuperInitIsRefused() {
        expectRefused("class A: UIViewController {\n    let b = UIViewController()\n    init() {\n        b = UIViewController()\n    }\n}", "init", at: 3, 5)
    }

    @Test func anInitializerTheClassDoesNotDeclareIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    init(b: UIViewController) {\n        super.init(nibName: nil, bundle: nil)\n    }\n}\nlet a = A()",
            "A.init()", at: 6, 9)
    }

    @Test func aComputedPropertyIsRefused() {
        expectRefused("class A: UIViewController {\n    var ready: Bool { true }\n}", "computed property", at: 2, 9)
    }

    @Test func aClassThatIsNoViewControllerIsRefused() {
        expectRefused("class SceneDelegate: UIResponder {\n}", "superclass UIResponder", at: 1, 7)
    }

    @Test func aControllerCreatedInAnotherCallbackIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    override func viewDidAppear(_ animated: Bool) {\n        super.viewDidAppear(animated)\n        present(UIViewController(), animated: true)\n    }\n}\n"
                + "let a = A()", "UIViewController()", at: 4, 17)
    }

    /// The callback's `animated` passes on only as a UIKit call's `animated:` (CallbackArgumentSourceTests).
    @Test func aRunTimeValuePassedOnIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    let child = UIViewController()\n    override func viewDidAppear(_ animated: Bool) {\n        super.viewDidAppear(animated)\n        child.beginAppearanceTransition(animated, animated: false)\n    }\n}\nlet a = A()",
            "declaration reference expression", at: 5, 41)
    }

    @Test func theNavigationControllerPropertyIsRefused() {
        expectRefused(
            "class A: UIViewController {\n    let detail = UIViewController()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        navigationController?.pushViewController(detail, animated: true)\n    }\n}\nlet a = A()",
            "`navigationController`", at: 5, 9)
    }

    @Test func aPresentationsCompletionBlockInAnOverrideIsRefused() {
        expectRefused(Self.inViewDidLoad("present(child, animated: true) {\n    child.loadViewIfNeeded()\n}"), "completion block", at: 5, 40)
    }

    @Test func aRunLoopStatementInAPresentationsCompletionBlockIsRefused() {
        expectRefused(
            "let window = UIWindow()\nlet a = UIViewController()\nlet b = UIViewController()\na.present(b, animated: true) {\n    RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))\n}",
            "RunLoop.run(until:)", at: 5, 5)
    }

    @Test func aPageViewControllersCompletionBlockInsideAnOverrideIsRefused() {
        expectRefused(
            "class P: UIPageViewController {\n    let a = UIViewController()\n    override func viewDidLoad() {\n        setViewControllers([a], direction: .forward, animated: false) { _ in a.loadViewIfNeeded() }\n    }\n}",
            "completion block", at: 4, 71)
    }

    @Test func aSplitViewControllersStyleTheSourceDoesNotStateIsRefused() {
        expectRefused("let style = UIViewController()\nlet s = UISplitViewController(style: style)", "UISplitViewController.Style", at: 2, 38)
    }

    @Test func aColumnCallOnAControllerOfAnotherKindIsRefused() {
        expectRefused("let a = UIViewController()\nlet b = UIViewController()\na.setViewController(b, for: .primary)", "setViewController(_:for:)", at: 3, 1)
    }

    @Test func anIfOnARunTimeBooleanIsRefused() {
        expectRefused(Self.inViewDidLoad("let ready = true\nif ready {\n    addChild(child)\n}"), "if statement", at: 6, 9)
    }

    @Test func aUserActionInAnOverrideIsRefused() {
        expectRefused(Self.inViewDidLoad("User.moveToBackground()"), "User.moveToBackground()", at: 5, 9)
    }

    @Test func aUserActionOutsideTheNotationIsRefused() {
        expectRefused("let window = UIWindow()\nUser.shake()", "User.shake()", at: 2, 1)
    }

    @Test func aTapOnBackInAControllerThatIsNotANavigationControllerIsRefused() {
        expectRefused("let window = UIWindow()\nlet a = UIViewController()\nUser.tapBack(in: a)", "User.tapBack(in:)", at: 3, 18)
    }

    @Test func aTapOnATabOfAControllerThatIsNotATabBarControllerIsRefused() {
        expectRefused(
            "let window = UIWindow()\nlet a = UIViewController()\nUser.tapTab(identifier: \"home\", in: a)", "User.tapTab(identifier:in:)", at: 3, 37)
    }

    @Test func aUIKitCallOutsideTheSubsetIsRefused() {
        expectRefused("let a = UIViewController()\na.setEditing(true, animated: true)", "setEditing(_:animated:)", at: 2, 1)
    }

    @Test func aNameTheSourceDoesNotDeclareIsRefused() {
        expectRefused("let a = UIViewController()\na.addChild(b)", "`b`", at: 2, 12)
    }

    @Test func aFrameTheSourceMakesTwoThingsIsRefused() {
        expectRefused(
            "let a = UIViewController()\nlet b = UIViewController()\na.view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)\nb.view.frame = a.view.frame",
            "frame of a.view", at: 4, 1, code: "frame_not_static")
    }

    @Test func aMethodCallingItselfIsRefusedAsTooDeep() {
        expectRefused("class A: UIViewController {\n    func again() { again() }\n}\nlet a = A()\na.again()", "again()", at: 2, 20, code: "inlining_too_deep")
    }

    @Test func aSourceThatDoesNotParseIsRefusedWhereTheParserStops() {
        expectRefused("let a = UIViewController(\nlet b = 1", "syntax error", at: 1, 26, code: "syntax_error")
    }
}
#endif
