import Glibc
import MicroHTTPTestSupport
import Testing

@testable import MicroHTTP

/// A client that stopped reading costs the writer no more than an append per write: the kernel
/// holds only a little of its stream unsent, and the rest waits in the stream, against the
/// backlog bound, for it to read again.
@Suite struct StreamStalledClientTests {
    /// Bytes queued in the server's socket of `stream` (SIOCOUTQ, 0x5411 on Linux).
    private static func kernelQueued(_ stream: HTTPStream) -> Int {
        guard let descriptor = stream.state.withLock({ $0.socket?.descriptor }) else { return -1 }
        var queued: Int32 = 0
        return ioctl(descriptor, 0x5411, &queued) == 0 ? Int(queued) : -1
    }

    @Test func theKernelHoldsLittleForAClientThatStoppedReading() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 8 << 20 }, handlers: streaming.handlers) { server in
            let client = try TestHTTPConnection(port: server.port, receiveBuffer: 4_096)
            try client.sendRequest("GET", "/events")
            _ = try client.readResponseHead()
            let stream = try #require(streaming.streams.wait(for: 1).first)
            let event = Array(repeating: UInt8(ascii: "e"), count: 1_023) + [10]
            for _ in 0..<2_048 {
                #expect(stream.write(event))
                usleep(200)
            }
            usleep(200_000)
            let queued = Self.kernelQueued(stream)
            #expect(queued >= 0)
            #expect(queued <= 64 * 1024, "the kernel holds \(queued) bytes for a client that reads nothing")
            #expect(stream.isActive)
            // It resumes reading: everything arrives, in order.
            var received = 0
            while received < 2_048 * event.count, let piece = try client.readBodyPiece() { received += piece.count }
            #expect(received == 2_048 * event.count)
            stream.finish()
        }
    }
}
