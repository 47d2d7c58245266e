#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Apple's *Implementing a Container View Controller* listings, pasted verbatim into a class,
/// give exactly the events of their JSON equivalents (docs/uikit-rules.md, "Recipes"), turn by turn.
@Suite struct GuideRecipeTests {
    /// The listings as docs/uikit-rules.md gives them, with the frame helpers they call.
    static let container = """
        import UIKit

        class ContainerViewController: UIViewController {
            func displayContentController(_ content: UIViewController) {
                addChild(content)
                content.view.frame = frameForContentController()
                view.addSubview(content.view)
                content.didMove(toParent: self)
            }

            func hideContentController(_ content: UIViewController) {
                content.willMove(toParent: nil)
                content.view.removeFromSuperview()
                content.removeFromParent()
            }

            func cycleFromViewController(_ oldVC: UIViewController, to newVC: UIViewController) {
                oldVC.willMove(toParent: nil)
                addChild(newVC)
                newVC.view.frame = newViewStartFrame()
                let endFrame = oldViewEndFrame()
                transition(from: oldVC, to: newVC, duration: 0.25, options: [],
                           animations: {
                               newVC.view.frame = oldVC.view.frame
                               oldVC.view.frame = endFrame
                           },
                           completion: { _ in
                               oldVC.removeFromParent()
                               newVC.didMove(toParent: self)
                           })
            }

            func frameForContentController() -> CGRect { view.bounds }
            func newViewStartFrame() -> CGRect { view.bounds }
            func oldViewEndFrame() -> CGRect { view.bounds }
        }

        let window = UIWindow(frame: UIScreen.main.bounds)
        let container = ContainerViewController()

        """

    @Test func displayContentControllerGivesTheEventsOfTheAddRequest() throws {
        let swift = try SwiftSourceExplainer.explain(
            Self.container + """
                window.rootViewController = container
                window.makeKeyAndVisible()
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
                let content = UIViewController()
                container.displayContentController(content)
                """, idiom: .phone)
        let json = try jsonTree(ControllerSpec(id: "container"))
        _ = try json.createController(ControllerSpec(id: "content"), now: 0)
        let add = try json.displayContentController("content", in: "container", now: 0)
        #expect(batches(swift.events.map(\.event)) == batches(json.creationEvents) + [add.map(EventShape.init)])
        #expect(located(swift).contains("content.willMove@5:9"))
        #expect(swift.events.first { $0.event.callback == "willMove" }?.source.trace == [.init(line: 44, column: 1), .init(line: 5, column: 9)])
        #expect(swift.tree == json.snapshotRenamed(to: "swift"))
    }

    @Test func hideContentControllerGivesTheEventsOfTheRemoveRequest() throws {
        let swift = try SwiftSourceExplainer.explain(
            Self.container + """
                let content = UIViewController()
                container.displayContentController(content)
                window.rootViewController = container
                window.makeKeyAndVisible()
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
                container.hideContentController(content)
                """, idiom: .phone)
        let json = try jsonTree(ControllerSpec(id: "container", children: [ControllerSpec(id: "content")]))
        let remove = try json.hideContentController("content", from: "container", now: 0)
        #expect(batches(swift.events.map(\.event)) == batches(json.creationEvents) + [remove.map(EventShape.init)])
        #expect(located(swift).contains("content.viewWillDisappear@13:9"))
        #expect(swift.tree == json.snapshotRenamed(to: "swift"))
    }

    @Test func cycleFromViewControllerGivesTheEventsOfTheTransitionRequestAndItsEnd() throws {
        let swift = try SwiftSourceExplainer.explain(
            Self.container + """
                let oldC = UIViewController()
                container.displayContentController(oldC)
                window.rootViewController = container
                window.makeKeyAndVisible()
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
                let newC = UIViewController()
                container.cycleFromViewController(oldC, to: newC)
                """, idiom: .phone)
        let json = try jsonTree(ControllerSpec(id: "container", children: [ControllerSpec(id: "oldC")]))
        _ = try json.createController(ControllerSpec(id: "newC"), now: 0)
        let (_, start) = try json.cycleFromViewController("oldC", to: "newC", in: "container", now: 0)
        let end = json.advance(to: 0.25)
        #expect(batches(swift.events.map(\.event)) == batches(json.creationEvents) + [start.map(EventShape.init), end.map(EventShape.init)])
        // The completion block's calls name their own lines.
        let lines = located(swift)
        #expect(lines.contains("container.transitionCompletion@22:9"))
        #expect(swift.events.last { $0.event.controller == "oldC" && $0.event.callback == "didMove" }?.source.cause == "completion")
        #expect(swift.tree == json.snapshotRenamed(to: "swift"))
    }
}

extension ContainmentTree {
    /// The snapshot with the Swift run's tree id, to compare the two trees whole.
    func snapshotRenamed(to id: String) -> TreeSnapshot {
        var snapshot = snapshot()
        snapshot.id = id
        return snapshot
    }
}
#endif
