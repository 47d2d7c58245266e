import Dispatch

/// Finishing a chunk the socket took only part of, without waiting for it on the writer's
/// thread: a dispatch source reports when the socket has room, and the rest goes out then.
extension HTTPStream {
    /// Starts watching `socket` for room; under the stream's lock, with `cutChunk` set.
    func watchForRoom(on socket: StreamSocket) -> any DispatchSourceWrite {
        let watch = DispatchSource.makeWriteSource(fileDescriptor: socket.descriptor, queue: .global(qos: .utility))
        watch.setEventHandler { [self] in sendMoreOfCutChunk() }
        // The socket is libmicrohttpd's again only after dispatch stopped watching it.
        watch.setCancelHandler { [self] in roomWatchEnded() }
        watch.resume()
        return watch
    }

    private func sendMoreOfCutChunk() {
        let ended = state.withLock { state -> Ending? in
            guard let cutChunk = state.cutChunk, let socket = state.socket, !state.mustFail else {
                state.roomWatch?.cancel()
                return nil
            }
            guard let offset = socket.continueChunk(cutChunk.bytes, from: cutChunk.sent) else {
                state.mustFail = true
                state.roomWatch?.cancel()
                return state.end(.clientGone)
            }
            if socket.isComplete(cutChunk.bytes, at: offset) {
                state.cutChunk = nil
                state.roomWatch?.cancel()
            } else {
                state.cutChunk = (cutChunk.bytes, offset)
            }
            return nil
        }
        ended?.notify()
    }

    /// The chunk is finished or the stream failed: libmicrohttpd takes over if there is more
    /// to send (queued bytes, the end, the failure); otherwise the stream stays parked.
    private func roomWatchEnded() {
        state.withLock { state -> Connection? in
            state.roomWatch = nil
            if state.mustFail { state.cutChunk = nil }
            guard state.cutChunk == nil, state.mustFail || state.isFinishing || state.unsent.count > 0 else { return nil }
            return state.takeParkedConnection()
        }?.resume()
    }
}
