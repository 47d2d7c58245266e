#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// Completion blocks of `present(_:animated:completion:)` and `dismiss(animated:completion:)`
/// (docs/swift.md): run after the presented controller's `viewDidAppear` or `viewDidDisappear`,
/// as Apple's documentation of each says, each event at the block's own line.
@Suite struct CompletionBlockTests {
    static let launch = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let home = UIViewController()
        let sheet = UIViewController()
        let other = UIViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))

        """

    @Test func aPresentationsCompletionRunsAfterThePresentedControllersViewDidAppear() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.launch + """
                home.present(sheet, animated: true) {
                    sheet.addChild(other)
                    other.didMove(toParent: sheet)
                }
                """, idiom: .phone)
        let events = try timeline(answer, from: 8)
        #expect(
            events == [
                "2 sheet.loadView@8:1 statement", "2 sheet.viewDidLoad@8:1 statement", "2 sheet.viewWillAppear@8:1 statement",
                "2 sheet.viewIsAppearing@8:1 turnEnd", "3 sheet.viewDidAppear@8:1 animationEnd", "4 other.willMove@9:5 completion",
                "4 other.didMove@10:5 completion",
            ])
        #expect(answer.events.last { $0.event.controller == "other" }?.source.trace == [.init(line: 8, column: 1), .init(line: 10, column: 5)])
        #expect(answer.tree.controllers["sheet"]?.children == ["other"])
    }

    @Test func aDismissalsCompletionRunsAfterTheDismissedControllersViewDidDisappear() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.launch + """
                home.present(sheet, animated: false, completion: nil)
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
                sheet.dismiss(animated: true, completion: {
                    home.present(other, animated: false, completion: nil)
                })
                """, idiom: .phone)
        let events = try timeline(answer, from: 10)
        #expect(
            events == [
                "3 sheet.viewWillDisappear@10:1 statement", "4 sheet.viewDidDisappear@10:1 animationEnd", "5 other.loadView@11:5 completion",
                "5 other.viewDidLoad@11:5 completion", "5 other.viewWillAppear@11:5 completion", "5 other.viewIsAppearing@10:43 completion",
                "5 other.viewDidAppear@10:43 completion",
            ])
        #expect(answer.tree.controllers["home"]?.presentedViewController == "other")
    }

    @Test func aCompletionWithinACompletionRunsAfterItsOwnPresentation() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.launch + """
                home.present(sheet, animated: false) {
                    sheet.dismiss(animated: false) {
                        home.present(other, animated: false, completion: nil)
                    }
                }
                """, idiom: .phone)
        let events = try timeline(answer, from: 8).filter { !$0.contains("oad") }
        #expect(
            events == [
                "2 sheet.viewWillAppear@8:1 statement", "2 sheet.viewIsAppearing@8:1 turnEnd", "2 sheet.viewDidAppear@8:1 turnEnd",
                "3 sheet.viewWillDisappear@9:5 completion", "3 sheet.viewDidDisappear@8:38 completion", "4 other.viewWillAppear@10:9 completion",
                "4 other.viewIsAppearing@9:36 completion", "4 other.viewDidAppear@9:36 completion",
            ])
    }

    @Test func aCompletionOfAPresentationUIKitRefusesNeverRuns() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let home = UIViewController()
            let sheet = UIViewController()
            let other = UIViewController()
            home.present(sheet, animated: false) {
                sheet.present(other, animated: false, completion: nil)
            }
            """, idiom: .phone)
        #expect(answer.events.contains { $0.event.warning?.contains("whose view is not in the window hierarchy") == true })
        #expect(!answer.events.contains { $0.event.controller == "other" })
    }

    @Test func uikitsExceptionInACompletionStopsTheAppAtTheBlocksLine() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.launch + """
                home.present(sheet, animated: false) {
                    home.transition(from: sheet, to: other, duration: 0, options: [], animations: nil, completion: nil)
                }
                """, idiom: .phone)
        let exception = try #require(answer.exception)
        #expect(exception.name == "NSInvalidArgumentException")
        #expect(exception.trace == [.init(line: 8, column: 1), .init(line: 9, column: 5)])
    }
}
#endif
