import Containment
import ContainmentConformance
import Foundation

/// Known mistakes of UIKit re-implementations, as rewrites of what a correct server answers:
/// the wrong adapter (`WrongAdapter`) applies one to every answer, and each mistake also says,
/// from a scenario's content alone, whether that scenario exposes it.
enum RuntimeMistake: String, CaseIterable, Sendable {
    /// Chameleon: children's appearance callbacks before their parent's.
    case childrenAppearFirst
    /// WinObjC: addChild without willMove(toParent:), removeFromParent without didMove(nil).
    case missingMoveCallbacks
    /// Cacao: a transition never completes; time passing delivers nothing.
    case transitionNeverCompletes
    /// openuikit: appearance callbacks without a visible window.
    case appearanceWithoutWindow
    /// Runtimes modelled on UIKit before iOS 13: no `viewIsAppearing`. Not a mistake under
    /// `CompareOptions.ignoreViewIsAppearing`.
    case noViewIsAppearing

    /// Which request an answer belongs to, as far as the rewrites care.
    enum Request: Equatable {
        case createTree, advanceClock, other

        init(method: String, path: String) {
            if method == "POST", path == "/v1/trees" {
                self = .createTree
            } else if method == "POST", path.hasSuffix("/clock") {
                self = .advanceClock
            } else {
                self = .other
            }
        }

        init(_ action: StepAction) {
            if case .advance = action { self = .advanceClock } else { self = .other }
        }
    }

    static let appearanceCallbacks: Set<String> = [
        "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]

    /// The events this runtime would have reported instead of `events`.
    func rewrite(_ events: [TraceEvent], for request: Request) -> [TraceEvent] {
        switch self {
        case .childrenAppearFirst:
            // Each run of one appearance callback on several controllers, parent first, reversed.
            var result: [TraceEvent] = []
            var run: [TraceEvent] = []
            for event in events {
                if let last = run.last, event.callback != last.callback {
                    result += run.reversed()
                    run = []
                }
                if let callback = event.callback, Self.appearanceCallbacks.contains(callback) {
                    run.append(event)
                } else {
                    result += run.reversed()
                    run = []
                    result.append(event)
                }
            }
            return result + run.reversed()
        case .missingMoveCallbacks:
            return events.filter { event in
                let parent = event.args["parent"]
                if event.callback == "willMove", parent != nil, parent != .null { return false }
                if event.callback == "didMove", parent == .null { return false }
                return true
            }
        case .transitionNeverCompletes:
            return request == .advanceClock ? [] : events
        case .appearanceWithoutWindow:
            return events
        case .noViewIsAppearing:
            return events.filter { $0.callback != "viewIsAppearing" }
        }
    }

    /// The request body this runtime's adapter effectively acts on: openuikit shows
    /// appearance as if every window were on screen.
    func rewriteRequest(_ body: [UInt8], for request: Request) -> [UInt8] {
        guard self == .appearanceWithoutWindow, request == .createTree,
            case .object(var fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body))
        else { return body }
        fields["onScreen"] = true
        return (try? Array(JSONEncoder().encode(JSONValue.object(fields)))) ?? body
    }

    /// Whether `scenario` exposes this mistake, decided from its content: its recorded
    /// expectations change under the rewrite, or (openuikit) it builds a tree off screen.
    func touches(_ scenario: Scenario) -> Bool {
        if self == .appearanceWithoutWindow {
            return scenario.tree.onScreen == false && scenario.tree.root != nil
        }
        let creation = scenario.tree.expect?.events ?? []
        if rewrite(creation, for: .createTree) != creation { return true }
        return scenario.steps.contains { step in
            let events = step.expect?.events ?? []
            return rewrite(events, for: Request(step.action)) != events
        }
    }
}
