#if SwiftSource
import Containment

/// When UIKit calls a page view controller's `setViewControllers` completion block: "when the
/// page-turn animation completes" (Apple), which ends with the new page's `didMove(toParent:)`
/// (docs/swift.md, "Completion blocks of setViewControllers").
extension SwiftSourceRunner {
    /// The last page the call made a child (its `willMove(toParent:)` to the page view
    /// controller among the call's events), whose `didMove` ends the turn; nil when the call
    /// changed no page, so no turn ends and the block never runs.
    static func lastPageAdded(by call: RawCall, in events: ArraySlice<Event>) -> String? {
        events.last { $0.callback == "willMove" && $0.calledFrom == nil && $0.args["parent"] == .string(call.receiver) }?.controller
    }
}
#endif
