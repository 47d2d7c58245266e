import Hummingbird

/// `hello-hummingbird PORT`: answers every `GET /` with a fixed body, on 127.0.0.1, with
/// Hummingbird's default event loop group (one loop per core).
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080
let router = Router()
router.get("/") { _, _ in "Hello, world!\n" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
