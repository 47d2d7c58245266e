import Glibc
import Logging

/// SIGTERM, SIGINT and SIGHUP handled as ordinary code on the main thread: blocked before any thread
/// starts (libmicrohttpd's pool threads inherit the mask, so none of them can be killed by a
/// signal meant for the shutdown), then taken with `sigwait`.
enum SignalWaiter {
    /// Call before starting any thread.
    static func blockTerminationSignals() {
        var signals = terminationSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// A write past the file-size limit (`LimitFSIZE`, `ulimit -f`) raises SIGXFSZ, whose default
    /// action kills the process with every connection. Ignored, the write fails with `EFBIG`
    /// instead, and the state directory answers it as a full disk: 503 `state_not_durable`.
    static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Blocks until SIGTERM, SIGINT or SIGHUP arrives.
    static func waitForTermination(logger: Logger) {
        var signals = terminationSignals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        logger.info("received signal \(received)")
    }

    private static var terminationSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        // The terminal or a supervisor hanging up: there is no configuration to reload, so it
        // ends the process like SIGTERM, through the graceful path (its default action would
        // kill the process with streams and waiting requests unanswered).
        sigaddset(&signals, SIGHUP)
        return signals
    }
}
