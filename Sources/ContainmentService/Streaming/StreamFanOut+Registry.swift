extension StreamFanOut {
    /// The streams the fan-out writes to; only touched on its queue.
    struct Registry {
        /// By tree incarnation, then subscriber.
        var byTree: [UInt64: [UInt64: StreamSubscriber]] = [:]
        var allTrees: [UInt64: StreamSubscriber] = [:]
        /// Subscribers admitted early (see `add`), with the last seq their replay holds: their
        /// tree's batches up to it are theirs in the replay's rest, not live.
        var catchingUp: [UInt64: UInt64] = [:]
        var isClosed = false
        var heartbeatTicks = 0
    }
}
