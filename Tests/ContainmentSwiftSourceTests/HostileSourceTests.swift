#if SwiftSource
import Testing

@testable import ContainmentSwiftSource

/// Sources made to hurt: each is refused within its limit, at a place, quickly, and nothing runs.
@Suite struct HostileSourceTests {
    @Test func aSourceOverTheSizeLimitIsRefusedBeforeParsing() throws {
        let huge = [UInt8](repeating: UInt8(ascii: "\n"), count: SwiftSourceLimits.maxSourceBytes + 1)
        do throws(SwiftSourceRefusal) {
            _ = try SwiftSourceExplainer.explain(huge, idiom: .phone)
            Issue.record("translated")
        } catch {
            #expect(error.code == "source_too_large")
        }
    }

    @Test func bracketsNestedTooDeepAreRefusedWhereTheyGoTooDeep() throws {
        let deep = "let a = " + String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        let refused = try #require(refusal(deep))
        #expect(refused.code == "nesting_too_deep")
        #expect("\(refused.line):\(refused.column)" == "1:\(9 + SwiftSourceLimits.maxNestingDepth)")
    }

    @Test func bracketsInCommentsAndStringsDoNotCountAsNesting() throws {
        let brackets = String(repeating: "(", count: 100)
        let refused = try #require(refusal("// \(brackets)\n/* \(brackets) */\nlet s = \"\(brackets)\""))
        #expect(refused.code == "unsupported_construct")
        #expect(refused.construct == "string literal")
    }

    @Test func invalidUTF8IsRefusedAtTheFirstBadByte() throws {
        let bytes = Array("let a = UIViewController()\nlet b".utf8) + [0xC3, 0x28] + Array(" = 1".utf8)
        do throws(SwiftSourceRefusal) {
            _ = try SwiftSourceExplainer.explain(bytes, idiom: .phone)
            Issue.record("translated")
        } catch {
            #expect(error.code == "invalid_utf8")
            #expect("\(error.line):\(error.column)" == "2:6")
        }
    }

    @Test func overlongAndSurrogateEncodingsAreInvalidUTF8() {
        #expect(SourceChecks.firstInvalidUTF8([0xC0, 0xAF]) == 0)
        #expect(SourceChecks.firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]) == 1)
        #expect(SourceChecks.firstInvalidUTF8(Array("é😀".utf8)) == nil)
    }

    @Test func aLongElseIfChainIsWalkedWithoutDeepRecursion() throws {
        let chain = String(repeating: " else if false {}", count: 3_000)
        let answer = try SwiftSourceExplainer.explain(
            "let window = UIWindow()\nlet a = UIViewController()\nif false {}" + chain + " else {\n    a.loadViewIfNeeded()\n}", idiom: .phone)
        #expect(
            answer.events.map { "\($0.event.controller ?? "-").\($0.event.callback ?? "")@\($0.source.line):\($0.source.column)" } == [
                "a.loadView@4:5", "a.viewDidLoad@4:5",
            ])
    }

    @Test func randomBytesAreAnsweredOrRefusedWithoutCrashing() {
        var generator = SplitMix(seed: 42)
        let alphabet = Array("classletvar(){}[].:=,\n UIViewController addChild view didMove super override func 0 1 true nil \"/*".utf8)
        for _ in 0..<300 {
            let length = Int(generator.next() % 400)
            let bytes = (0..<length).map { _ in
                generator.next() % 7 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            do throws(SwiftSourceRefusal) {
                _ = try SwiftSourceExplainer.explain(bytes, idiom: .pad)
            } catch {
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }

    @Test func manyCallsAreRefusedAtTheCallOverTheLimit() throws {
        let body = String(repeating: "    v.loadViewIfNeeded()\n", count: 100)
        let source = "func f(_ v: UIViewController) {\n\(body)}\nlet a = UIViewController()\n" + String(repeating: "f(a)\n", count: 41)
        let refused = try #require(refusal(source))
        #expect(refused.code == "too_many_calls")
        #expect((2...101).contains(refused.line))
    }
}

/// A fixed-seed generator, so a failing input can be found again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
#endif
