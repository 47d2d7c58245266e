#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// A sheet's detents and the user's drag to one, and segues in code without storyboards
/// (docs/swift.md, "Sheets and their detents", "Segues"), each event at its line.
@Suite struct SheetAndSegueSourceTests {
    /// `home` on screen, `sheet` not yet presented (lines 1–6).
    static let home = """
        let window = UIWindow(frame: UIScreen.main.bounds)
        let home = UIViewController()
        let sheet = UIViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))

        """

    /// A sheet with detents rests at the smallest; the drag to `.large` tells the delegate (rule 50).
    @Test func aSheetDraggedToItsLargeDetentTellsItsDelegate() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.home + """
                sheet.sheetPresentationController?.detents = [.medium(), .large()]
                home.present(sheet, animated: false)
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
                User.dragSheet(sheet, to: .large)
                """, idiom: .phone)
        #expect(try timeline(answer, from: 10) == ["3 sheet.sheetPresentationControllerDidChangeSelectedDetentIdentifier@10:1 statement"])
        #expect(answer.tree.controllers["sheet"]?.presentationSettings.sheetPresentationController?.selectedDetentIdentifier == .large)
    }

    @Test func theSheetPresentationControllerBoundWithIfLetTakesItsSettings() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.home + """
                if let controller = sheet.sheetPresentationController {
                    controller.detents = [.medium(), .large()]
                    controller.selectedDetentIdentifier = .medium
                    controller.prefersGrabberVisible = true
                }
                home.present(sheet, animated: false)
                """, idiom: .phone)
        let settings = answer.tree.controllers["sheet"]?.presentationSettings.sheetPresentationController
        #expect(settings?.detents == [.medium, .large])
        #expect(settings?.prefersGrabberVisible == true)
        #expect(settings?.selectedDetentIdentifier == .medium)
    }

    @Test func aDragToADetentTheSheetDoesNotHaveStopsTheAppAtItsLine() throws {
        let answer = try SwiftSourceExplainer.explain(
            Self.home + """
                home.present(sheet, animated: false)
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
                User.dragSheet(sheet, to: .medium)
                """, idiom: .phone)
        let exception = try #require(answer.exception)
        #expect(
            "\(exception.code)@\(exception.line):\(exception.column) \(exception.detail)" == "invalid_argument@9:1 Medium is not one of the sheet's detents.")
    }

    @Test func aCustomDetentIsRefused() throws {
        let refused = try #require(refusal(Self.home + "sheet.sheetPresentationController?.detents = [.custom { _ in 200 }]"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "UISheetPresentationController.Detent@7:47")
    }

    @Test func performSegueWithoutAStoryboardRaisesNoSegueWithIdentifier() throws {
        let answer = try SwiftSourceExplainer.explain(Self.home + "home.performSegue(withIdentifier: \"showDetail\", sender: nil)", idiom: .phone)
        let exception = try #require(answer.exception)
        #expect(
            "\(exception.name ?? "")/\(exception.code)@\(exception.line):\(exception.column) \(exception.detail)"
                == "NSInvalidArgumentException/no_segue@7:1 Receiver (<home>) has no segue with identifier 'showDetail'")
    }

    @Test func prepareForSegueIsReadButNeverCalled() throws {
        let answer = try SwiftSourceExplainer.explain(
            """
            class ListViewController: UIViewController {
                let badge = UIViewController()
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    super.prepare(for: segue, sender: sender)
                    addChild(badge)
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let list = ListViewController()
            window.rootViewController = list
            window.makeKeyAndVisible()
            """, idiom: .phone)
        #expect(!answer.events.contains { $0.event.controller == "badge" })
        #expect(answer.controllers.first { $0.id == "list" }?.overrides == [])
    }

    @Test func aPrepareForSegueOutsideTheSubsetIsRefused() throws {
        let refused = try #require(
            refusal(
                """
                class ListViewController: UIViewController {
                    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                        if segue.identifier == "showDetail" { }
                    }
                }
                """))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "if statement@3:9")
    }

    @Test func aSegueIdentifierThatIsNotALiteralIsRefused() throws {
        let refused = try #require(refusal(Self.home + "home.performSegue(withIdentifier: String(describing: home), sender: nil)"))
        #expect("\(refused.construct)@\(refused.line):\(refused.column)" == "performSegue(withIdentifier:sender:)@7:35")
    }
}
#endif
