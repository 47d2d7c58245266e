#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// The questions' corpus (docs/swift.md): iOS 13's sheets.
extension QuestionCorpusTests {
    /// wtsnz/Coordinator-Example, issue "SplashVC not updating when new order is created" (2019):
    /// "Due to the default modal presentation style on iOS 13 being `.sheetStyle`, the
    /// `viewWillAppear()` of the underlaying `SplashViewController` is not called when the
    /// `NewOrderCoordinator` is dismissed"; the project's fix sets the presented navigation
    /// controller's `modalPresentationStyle` to `.fullScreen`. The source is the project's
    /// controller code; adapted: the coordinators' calls are written as the launch in the order
    /// `AppCoordinator` and `NewOrderCoordinator` make them (the tap on "New order", then Cancel),
    /// `updateView()`'s label text and the services left out (no UIKit call), `public` dropped.
    static func coordinatorExample(_ fix: String) -> String {
        """
        class SplashViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                self.updateView()
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                self.updateView()
            }
            private func updateView() {
            }
        }
        class DrinkTypeViewController: UIViewController {
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let navigationController = UINavigationController()
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        let splashViewController = SplashViewController()
        navigationController.viewControllers = [splashViewController]
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        let newOrderNavigationController = UINavigationController()
        let drinkTypeViewController = DrinkTypeViewController()
        newOrderNavigationController.viewControllers = [drinkTypeViewController]
        \(fix)
        navigationController.present(newOrderNavigationController, animated: true, completion: nil)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        newOrderNavigationController.dismiss(animated: true)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
        """
    }

    @Test func theSplashIsNotToldItAppearsAgainWhenTheNewOrderSheetIsDismissed() throws {
        let answer = try SwiftSourceExplainer.explain(Self.coordinatorExample(""), idiom: .phone)
        let events = try timeline(answer, from: 26)
        #expect(events.contains("3 newOrderNavigationController.viewDidAppear@27:1 animationEnd"))
        #expect(events.contains("5 newOrderNavigationController.viewDidDisappear@29:1 animationEnd"))
        #expect(events.filter { $0.contains("splashViewController.") }.isEmpty)
    }

    @Test func theProjectsFixFullScreenTellsTheSplashItAppearsAgain() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.coordinatorExample("newOrderNavigationController.modalPresentationStyle = .fullScreen"), idiom: .phone)
        let splash = try timeline(answer, from: 26).filter { $0.contains("splashViewController.") }
        #expect(
            splash == [
                "2 splashViewController.viewWillDisappear@26:1 statement", "3 splashViewController.viewDidDisappear@27:1 animationEnd",
                "4 splashViewController.viewWillAppear@28:1 statement", "4 splashViewController.viewIsAppearing@29:1 turnEnd",
                "5 splashViewController.viewDidAppear@29:1 animationEnd",
            ])
    }
}
#endif
