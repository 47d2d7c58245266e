import Dispatch
import Foundation

/// Runs `body` on a thread of its own, entered into `group` until it returns: the test
/// process's dispatch pool is shared with every suite running beside the caller and may start
/// blocking work late.
public func onThread(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
        body()
        group.leave()
    }.start()
}
