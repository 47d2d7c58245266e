#if SwiftSource
import Containment
import SwiftSyntax

/// Segues in code without storyboards (docs/swift.md, "Segues"): a controller the source creates
/// has no storyboard, so it has no segues; `performSegue` is UIKit's exception and
/// `prepare(for:sender:)` is never called, though its body is read.
extension SourceTranslator {
    /// Overrides UIKit calls only for a storyboard's segues: read, never run.
    static let storyboardOnlyOverrides: Set<String> = ["prepare(for:sender:)", "shouldPerformSegue(withIdentifier:sender:)"]

    /// `performSegue(withIdentifier: "x", sender: nil)`: the engine's `performSegue` on a
    /// controller with no segues, which raises "Receiver (…) has no segue with identifier 'x'".
    func segueCall(
        _ id: String, _ fullName: String, _ arguments: Arguments, at call: FunctionCallExprSyntax, _ scope: inout TranslationScope,
        into calls: inout [LocatedCall]
    ) throws(SwiftSourceRefusal) -> Bool {
        guard fullName == "performSegue(withIdentifier:sender:)" else { return false }
        guard let literal = arguments[0].expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first!
        else {
            throw refusal(
                "performSegue(withIdentifier:sender:)", arguments[0].expression, "The segue's identifier must be a string literal.",
                supported: "`performSegue(withIdentifier: \"showDetail\", sender: nil)`.")
        }
        let sender: JSONValue
        switch try evaluate(arguments[1].expression, &scope, into: &calls, hint: nil) {
        case .controller(let named): sender = .string(named)
        case .none: sender = .null
        case let other:
            throw refusal(
                "sender", arguments[1].expression, "The sender is \(other.description); a controller or `nil` is expected.",
                supported: "`sender: nil` or `sender: self`.")
        }
        try emit(
            RawCall(receiver: id, method: "performSegue", args: ["identifier": .string(segment.content.text), "sender": sender]), at: call, scope,
            into: &calls)
        return true
    }

    /// `override func prepare(for segue: UIStoryboardSegue, sender: Any?)`: its body is read,
    /// so what it holds outside the subset is refused, and its calls are dropped: UIKit calls
    /// it only before a storyboard's segue, which no controller of the source has.
    func readStoryboardOnlyOverrides(of id: String, className: String) throws(SwiftSourceRefusal) {
        for fullName in Self.storyboardOnlyOverrides.sorted() {
            guard let (function, declaringClass) = method(fullName, from: className), let body = function.body else { continue }
            var scope = Self.scope(of: function, selfID: id, className: declaringClass, place: .override(fullName))
            var calls: [LocatedCall] = []
            _ = try translate(Array(body.statements), &scope, into: &calls)
            callCount -= calls.count
        }
    }
}
#endif
