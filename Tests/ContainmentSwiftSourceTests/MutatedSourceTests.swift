#if SwiftSource
import Containment
import ContainmentSwiftSource
import Foundation
import Testing

/// Sources a user could paste while editing working code — the tests' own sources with lines
/// dropped, repeated, swapped, cut short or a name changed — are each answered or refused at a
/// place inside them, the same way twice, and never by the engine refusing the translation's
/// own calls. `PROPERTY_TEST_SCALE` multiplies the count for a soak.
@Suite struct MutatedSourceTests {
    /// Whole sources of the other suites: classes, the launch, user actions, completion blocks.
    static let seeds: [String] = [
        GuideRecipeTests.container + """
            let content = UIViewController()
            container.displayContentController(content)
            window.rootViewController = container
            window.makeKeyAndVisible()
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0))
            let newC = UIViewController()
            container.cycleFromViewController(content, to: newC)
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
            container.hideContentController(newC)
            """,
        """
        class ListViewController: UIViewController {
            let header = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                addChild(header)
                view.addSubview(header.view)
                header.didMove(toParent: self)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                setNeedsStatusBarAppearanceUpdate()
            }
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let list = ListViewController()
        let other = UIViewController()
        let nav = UINavigationController(rootViewController: list)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, other]
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        User.tapTab(at: 1, in: tabs)
        """,
        CompletionBlockTests.launch,
        UserActionSourceTests.stack + "User.swipeBack(in: nav, finishes: true)\nUser.tapBack(in: nav)\n",
        UserActionSourceTests.sheet + "User.swipeDown(sheet, dismisses: true)\nUser.rotate(to: .landscape)\n",
    ]

    @Test func theSeedsAreAnswered() {
        for seed in Self.seeds {
            if case .refused(let refusal) = Self.outcome(of: seed) { Issue.record("\(refusal)\n\(seed)") }
        }
    }

    @Test func mutatedSourcesAreAnsweredOrRefusedInsideThemTheSameWayTwice() {
        let scale = ProcessInfo.processInfo.environment["PROPERTY_TEST_SCALE"].flatMap { Int($0) } ?? 1
        var generator = SplitMix(seed: 7)
        var answered = 0
        for round in 0..<(400 * scale) {
            let source = Self.mutate(Self.seeds[round % Self.seeds.count], with: &generator)
            let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
            let first = Self.outcome(of: source)
            #expect(first == Self.outcome(of: source), "not deterministic:\n\(source)")
            switch first {
            case .answered(let places):
                answered += 1
                #expect(places.allSatisfy { $0.line >= 1 && $0.line <= lineCount && $0.column >= 1 }, "\(source)")
            case .refused(let refusal):
                #expect(refusal.code != "translation_refused", "\(refusal.detail)\n\(source)")
                #expect(refusal.line >= 1 && refusal.line <= lineCount + 1 && refusal.column >= 1, "\(refusal)\n\(source)")
            }
        }
        // The mutations keep enough sources whole for the answers, not only the refusals, to be checked.
        #expect(answered >= 40 * scale)
    }

    enum Outcome: Equatable {
        case answered([SwiftSourceLocation])
        case refused(SwiftSourceRefusal)
    }

    static func outcome(of source: String) -> Outcome {
        do throws(SwiftSourceRefusal) {
            let explanation = try SwiftSourceExplainer.explain(source, idiom: .phone)
            return .answered(explanation.events.flatMap { $0.source.trace + [SwiftSourceLocation(line: $0.source.line, column: $0.source.column)] })
        } catch {
            return .refused(error)
        }
    }

    /// One to three edits of the kinds an edit in progress makes.
    static func mutate(_ seed: String, with generator: inout SplitMix) -> String {
        var lines = seed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0...(generator.next() % 3) where !lines.isEmpty {
            let at = Int(generator.next() % UInt64(lines.count))
            let other = Int(generator.next() % UInt64(lines.count))
            switch generator.next() % 6 {
            case 0: lines.remove(at: at)
            case 1: lines.insert(lines[at], at: other)
            case 2: lines.swapAt(at, other)
            case 3: lines = Array(lines.prefix(at))
            case 4: lines[at] = renamed(lines[at], to: word(in: lines[other], with: &generator))
            default: lines.insert(seeds[Int(generator.next() % UInt64(seeds.count))].split(separator: "\n").first.map(String.init) ?? "", at: at)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The line with its first identifier replaced.
    static func renamed(_ line: String, to name: String) -> String {
        guard let range = line.range(of: #"[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression) else { return line }
        return line.replacingCharacters(in: range, with: name)
    }

    static func word(in line: String, with generator: inout SplitMix) -> String {
        let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.isEmpty ? "x" : words[Int(generator.next() % UInt64(words.count))]
    }
}
#endif
