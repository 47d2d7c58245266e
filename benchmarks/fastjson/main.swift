// Times encoding one tree snapshot: Foundation's JSONEncoder (what the service used before)
// against JSONWriter (what it uses now), on the same snapshot, and checks they print the same
// bytes. Built and run by ./run (release, whole-module optimized); not part of the package.
import Containment
import Foundation

let controllers = Int(CommandLine.arguments.dropFirst().first ?? "100") ?? 100
let children = (1..<controllers).map { ControllerSpec(id: "c\($0)", title: "Child \($0)", properties: ["index": .number(Double($0)), "name": .string("c\($0)")], containerView: "box") }
let root = ControllerSpec(
    id: "root", containerViews: [ContainerViewSpec(id: "box", frame: Rect(x: 0, y: 0, width: 390, height: 844))], children: children)
let tree = try ContainmentTree(id: "bench", root: root, now: 1_795_000_000)
let snapshot = tree.snapshot()

func measure(_ label: String, iterations: Int, _ body: () -> Int) -> Double {
    var bytes = 0
    for _ in 0..<max(1, iterations / 10) { bytes &+= body() }  // warm-up
    let start = ContinuousClock.now
    for _ in 0..<iterations { bytes &+= body() }
    let elapsed = ContinuousClock.now - start
    let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    let perCall = micros / Double(iterations)
    print("\(label): \(String(format: "%.1f", perCall)) µs per call (\(iterations) calls, checksum \(bytes))")
    return perCall
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let expected = Array(try encoder.encode(snapshot))
var writer = JSONWriter()
snapshot.writeJSON(to: &writer)
guard writer.bytes == expected else {
    print("MISMATCH: JSONWriter and JSONEncoder differ")
    exit(1)
}
print("tree of \(controllers) controllers: \(expected.count) bytes of JSON, identical from both")
_ = measure("snapshot() alone", iterations: 2_000) { tree.snapshot().controllers.count }
let encoderMicros = measure("JSONEncoder", iterations: 200) { (try? encoder.encode(snapshot).count) ?? 0 }
let writerMicros = measure("JSONWriter", iterations: 5_000) {
    var writer = JSONWriter()
    snapshot.writeJSON(to: &writer)
    return writer.bytes.count
}
print(String(format: "speed-up %.1fx; JSONWriter %.0f MB/s", encoderMicros / writerMicros, Double(expected.count) / writerMicros))
