import Dispatch
import Foundation
import Synchronization

extension TestService {
    /// Sends each request on a thread of its own (not the global queue's, which a loaded test
    /// run can leave without a free thread): `(method, target, json)`. Returns what waits for
    /// their replies, in order, once all are answered (nil for one that failed to send).
    func concurrently(_ requests: [(String, String, String?)]) -> () -> [Reply?] {
        let replies = Mutex([Reply?](repeating: nil, count: requests.count))
        let group = DispatchGroup()
        for (index, (method, target, json)) in requests.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let reply = try? self.request(method, target, json: json)
                replies.withLock { $0[index] = reply }
                group.leave()
            }
        }
        return {
            group.wait()
            return replies.withLock { $0 }
        }
    }
}
