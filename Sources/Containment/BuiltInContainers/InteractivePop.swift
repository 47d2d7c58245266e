/// A back swipe: `from` (the top) is disappearing, `to` (below it) appearing.
struct InteractivePop: Equatable, Codable {
    var from: String
    var to: String
    var percent: Double
}
