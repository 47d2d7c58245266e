import Dispatch
import Glibc
import Logging

/// Blocks the main thread until SIGTERM or SIGINT, delivered through Dispatch so the
/// shutdown runs as ordinary code instead of inside a signal handler.
enum SignalWaiter {
    static func waitForTermination(logger: Logger) {
        let received = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "containment.signals")
        let sources = [SIGTERM, SIGINT].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                logger.info("received signal \(signalNumber)")
                received.signal()
            }
            source.resume()
            return source
        }
        received.wait()
        sources.forEach { $0.cancel() }
    }
}
