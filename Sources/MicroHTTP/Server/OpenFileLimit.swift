#if canImport(Glibc)
import Glibc
#endif

/// The process's open-file limit, which bounds connections: past it `accept` fails, and
/// libmicrohttpd then stops accepting until one of its connections closes, which a server
/// whose connections are all streams may never do.
public enum OpenFileLimit {
    /// Lifts the soft limit to the hard one, as servers do at start (the soft default is often
    /// 1,024), and returns the limit now in force (`Int.max` for none).
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            if setrlimit(resource, &limit) != 0 { _ = getrlimit(resource, &limit) }
        }
        return limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
    }

    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
}
