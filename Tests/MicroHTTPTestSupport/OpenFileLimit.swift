#if canImport(Glibc)
import Glibc
#endif

/// Tests holding thousands of connections need two descriptors per connection in-process
/// (client and server side): lifts the soft limit to the hard one.
public func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(openFilesResource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(openFilesResource, &limit)
}

private let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
