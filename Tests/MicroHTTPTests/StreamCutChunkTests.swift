import CMicroHTTPDShim
import MicroHTTP
import MicroHTTPTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A chunk the socket takes only in part is finished later, when the socket has room, by the
/// stream itself: the writer never waits, and the client still reads every byte in valid chunks.
@Suite struct StreamCutChunkTests {
    @Test func chunkCutShortIsFinishedOnceTheClientReads() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 8 << 20 }, handlers: streaming.handlers) { server in
            // Whether the kernel takes a write in part depends on its accounting: repeat (a
            // bounded number of times) until it did, checking every stream's bytes.
            for attempt in 0..<20 where server.streamChunksCutShort == 0 {
                // A small receive window, so that the server's queue holds unacknowledged bytes.
                let client = try TestHTTPConnection(port: server.port, receiveBuffer: 4_096)
                try client.sendRequest("GET", "/events")
                _ = try client.readResponseHead()
                let stream = try #require(streaming.streams.wait(for: attempt + 1).last)
                // The test runs the server: shrink its side's send buffer (the kernel's minimum
                // is about 4.5 KB) so that a direct write of a few KB is taken only in part.
                #expect(shrinkServerSendBuffer(port: server.port, of: client))
                var expected: [UInt8] = []
                for index in 0..<40 {
                    let size = 1_000 + (index + attempt) * 97 % 3_000
                    let event = Array("event \(index) ".utf8) + Array(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: size) + [10]
                    #expect(stream.write(event))
                    expected += event
                }
                stream.finish()
                #expect(try client.readBody() == expected)
                #expect(streaming.terminations.wait(for: attempt + 1).last == .finished)
            }
            #expect(server.streamChunksCutShort > 0)
        }
    }

    /// The shim's chunk writer resumes a frame from any offset: pieces sent from successive
    /// offsets join into exactly one chunk.
    @Test func chunkFramesResumeFromAnyOffset() throws {
        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { Glibc.close($0) } }
        var small: Int32 = 1
        setsockopt(sockets[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let bytes = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let frame = CMicroHTTPDShim_chunkSize(bytes.count)
        #expect(frame == 4 + 2 + bytes.count + 2)
        var offset = 0
        var received: [UInt8] = []
        var pieces = 0
        while offset < frame, pieces < 10_000 {
            let sent = bytes.withUnsafeBytes { CMicroHTTPDShim_sendChunk(sockets[0], $0.baseAddress!, $0.count, offset) }
            #expect(sent >= 0)
            offset += sent
            pieces += 1
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let read = recv(sockets[1], &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if read > 0 { received += buffer[..<read] }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < frame {
            let read = recv(sockets[1], &buffer, buffer.count, 0)
            guard read > 0 else { break }
            received += buffer[..<read]
        }
        #expect(pieces > 1, "the small buffer split the frame")
        #expect(received == Array("4e20\r\n".utf8) + bytes + Array("\r\n".utf8))
    }
}
