import Glibc

/// A POSIX thread of its own for a loop that blocks (the journal's writer, its completions,
/// the lease keeper): Dispatch's pool is not for threads that wait on a database or a
/// condition for good.
enum DetachedThread {
    /// Runs `body` on a new detached thread, which holds what `body` captures until it
    /// returns; false if the thread could not start (nothing runs then).
    static func start(_ body: @escaping () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Body {
        let run: () -> Void

        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
