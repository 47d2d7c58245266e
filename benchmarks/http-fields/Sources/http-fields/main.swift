#if canImport(Glibc)
import Glibc
#endif

/// Interleaved rounds of the two variants, for each request and each part of the field work:
/// building the head, the fields the request path reads, a response's fields, and the three
/// together. Prints the median nanoseconds per request of each variant and the median of
/// the per-round ratios. `--rounds N` (default 11), `--iterations N` per round (default 100,000).
let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1]) else {
        return fallback
    }
    return value
}
let rounds = option("--rounds", 11)
let iterations = option("--iterations", 100_000)

/// Nanoseconds per call of `work` and the sum of its checksums.
@inline(never)
func measure(_ work: () -> Int) -> (nanoseconds: Double, checksum: Int) {
    var checksum = 0
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<iterations { checksum &+= work() }
    let elapsed = clock.now - started
    let total = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return (total / Double(iterations), checksum)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, digits: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
}

// `--only current|http-types`: just that variant's whole field work, `iterations` times per
// request (or only request number `--request N`) and untimed, for counting instructions (`valgrind --tool=callgrind`) apart from
// the machine's load.
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    let work =
        arguments[index + 1] == "current"
        ? { (raw: RawRequest) in CurrentFields.read(CurrentFields.parse(raw)) + CurrentFields.respond() }
        : { (raw: RawRequest) in HTTPTypesFields.read(HTTPTypesFields.parse(raw)) + HTTPTypesFields.respond() }
    var checksum = 0
    let chosen = option("--request", -1)
    for (number, raw) in RawRequest.all.enumerated() where chosen < 0 || chosen == number {
        for _ in 0..<iterations { checksum &+= work(raw) }
    }
    print(checksum)
    exit(0)
}

print("| request | part | MicroHTTP ns | swift-http-types ns | ratio |")
print("| --- | --- | ---: | ---: | ---: |")
for raw in RawRequest.all {
    let currentHead = CurrentFields.parse(raw)
    let typesHead = HTTPTypesFields.parse(raw)
    let parts: [(String, () -> Int, () -> Int)] = [
        ("build the head", { CurrentFields.parse(raw).headers.fields.count }, { HTTPTypesFields.parse(raw).fields.count }),
        ("read its fields", { CurrentFields.read(currentHead) }, { HTTPTypesFields.read(typesHead) }),
        ("a response's fields", { CurrentFields.respond() }, { HTTPTypesFields.respond() }),
        (
            "all three", { CurrentFields.read(CurrentFields.parse(raw)) + CurrentFields.respond() },
            { HTTPTypesFields.read(HTTPTypesFields.parse(raw)) + HTTPTypesFields.respond() }
        ),
    ]
    for (part, current, adopted) in parts {
        var currentTimes: [Double] = []
        var adoptedTimes: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let a = measure(current)
            let b = measure(adopted)
            precondition(a.checksum == b.checksum, "the two variants read different values")
            currentTimes.append(a.nanoseconds)
            adoptedTimes.append(b.nanoseconds)
            ratios.append(b.nanoseconds / a.nanoseconds)
        }
        print("| \(raw.label) | \(part) | \(format(median(currentTimes))) | \(format(median(adoptedTimes))) | \(format(median(ratios), digits: 2))× |")
    }
}
print("\nmedians of \(rounds) interleaved rounds of \(iterations) requests each")
