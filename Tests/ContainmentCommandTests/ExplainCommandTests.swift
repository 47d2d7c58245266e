import Testing

@testable import ContainmentCommand

#if SwiftSource
import ContainmentSwiftSource
#endif

/// `containment explain`: compiler-style lines, one per event, at the line that caused it; in a
/// build without the `SwiftSource` trait, an error saying so.
@Suite struct ExplainCommandTests {
    #if SwiftSource
    @Test func printsEachEventAtItsLineAndColumn() throws {
        let explanation = try SwiftSourceExplainer.explain(
            """
            let window = UIWindow(frame: UIScreen.main.bounds)
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            """, idiom: .phone)
        let lines = Explain.lines(explanation, file: "App.swift")
        #expect(lines.first == "App.swift:3:1: root.loadView  [statement]")
        #expect(lines.contains("App.swift:4:1: root.viewWillAppear animated: false  [statement]"))
        #expect(lines.last == "App.swift:4:1: root.viewDidAppear animated: false  [turnEnd]")
    }

    @Test func parsesTheDeviceOptions() throws {
        let command = try Explain.parse(["App.swift", "--idiom", "pad", "--orientation", "landscape", "--json"])
        #expect(command.idiom == "pad")
        #expect(command.json)
    }
    #else
    @Test func withoutTheSwiftSourceTraitItSaysThisBuildHasNoParser() throws {
        let command = try Explain.parse(["App.swift"])
        let error = #expect(throws: SwiftSourceNotBuilt.self) { try command.run() }
        #expect(error?.description.contains("without the `SwiftSource` trait") == true)
    }
    #endif
}
