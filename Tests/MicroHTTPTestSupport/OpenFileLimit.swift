#if canImport(Glibc)
import Glibc
#endif

/// Tests holding thousands of connections need two descriptors per connection in-process
/// (client and server side): lifts the soft limit to the hard one, and returns the limit now
/// in force so that a test can say when the machine allows too few.
@discardableResult
public func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(openFilesResource, &limit) == 0 else { return 0 }
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max
        if setrlimit(openFilesResource, &limit) != 0 { _ = getrlimit(openFilesResource, &limit) }
    }
    return Int(clamping: limit.rlim_cur)
}

private let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
