#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// A class's own `init` (docs/swift.md, "The supported subset"): its assignments of stored
/// properties run once per instance, before its overrides are read.
@Suite struct InitializerSourceTests {
    @Test func anInitCreatingAPropertysControllerNamesItAfterTheProperty() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ContainerViewController: UIViewController {
                let content: UIViewController
                init() {
                    content = UIViewController()
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(content)
                    view.addSubview(content.view)
                    content.didMove(toParent: self)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let container = ContainerViewController()
            window.rootViewController = container
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(answer.controllers.map { "\($0.id)@\($0.line):\($0.column)" } == ["container@16:17", "content@4:19"])
        #expect(
            located(answer).filter { !$0.contains("Layout") } == [
                "container.loadView@17:1", "container.viewDidLoad@17:1", "content.willMove@10:9", "content.loadView@11:9", "content.viewDidLoad@11:9",
                "content.didMove@12:9", "container.viewWillAppear@18:1", "content.viewWillAppear@18:1", "container.viewIsAppearing@18:1",
                "content.viewIsAppearing@18:1", "container.viewDidAppear@18:1", "content.viewDidAppear@18:1",
            ])
        #expect(answer.tree.controllers["container"]?.children == ["content"])
    }

    @Test func anInitWithAControllerParameterAssignsTheArgument() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class FrameViewController: UIViewController {
                let inner: UIViewController
                init(inner: UIViewController) {
                    self.inner = inner
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(inner)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let detail = UIViewController()
            let frame = FrameViewController(inner: detail)
            frame.loadViewIfNeeded()
            """, idiom: .phone)
        let willMove = try #require(answer.events.first { $0.event.controller == "detail" && $0.event.callback == "willMove" })
        #expect(willMove.source.trace == [.init(line: 16, column: 1), .init(line: 10, column: 9)])
        #expect(answer.tree.controllers["frame"]?.children == ["detail"])
    }
}
#endif
