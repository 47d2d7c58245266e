// microhttp-bench hello PORT    — answers every request with "Hello, world!" (as hello.c)
// microhttp-bench streams PORT  — every request opens a stream that stays idle; SIGUSR1
//                                 writes "data: ping" to all of them and prints how long it took
// SIGTERM or SIGINT shuts down (grace 2 s) and exits.
import MicroHTTP
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, ["hello", "streams"].contains(arguments[1]), let port = Int(arguments[2]) else {
    print("usage: microhttp-bench hello|streams PORT")
    exit(2)
}
let streamsMode = arguments[1] == "streams"

final class OpenStreams: Sendable {
    let all = Mutex<[HTTPStream]>([])
}
let openStreams = OpenStreams()
let hello = Array("Hello, world!\n".utf8)
let handlers = HTTPServerHandlers { _ in
    guard streamsMode else {
        return .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: hello))
    }
    let stream = HTTPStream()
    openStreams.all.withLock { $0.append(stream) }
    return .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream))
}

var configuration = HTTPServerConfiguration()
configuration.port = port
configuration.threads = 2
// Blocked before start: libmicrohttpd's threads inherit the mask, so only sigwait sees them.
var signals = sigset_t()
sigemptyset(&signals)
for signal in [SIGINT, SIGTERM, SIGUSR1] { sigaddset(&signals, signal) }
sigprocmask(SIG_BLOCK, &signals, nil)
let server = HTTPServer(configuration: configuration, handlers: handlers)
try server.start()
print("listening on \(server.port)")
fflush(nil)

var received: Int32 = 0
while sigwait(&signals, &received) == 0 && received == SIGUSR1 {
    let streams = openStreams.all.withLock { $0 }
    let ping = Array("data: ping\n\n".utf8)
    let elapsed = ContinuousClock().measure { streams.forEach { $0.write(ping) } }
    print("wrote to \(streams.count) streams in \(elapsed)")
    fflush(nil)
}
let elapsed = ContinuousClock().measure { server.shutdown(grace: 2) }
print("shut down in \(elapsed)")
