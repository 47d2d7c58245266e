/// Where a tree stream resumes: after an event id (`<generation>.<seq>`, as the stream gave it
/// out) or after a bare seq, which names no generation and so is taken as this history's.
struct ResumePoint: Sendable, Equatable {
    var generation: UInt64?
    var seq: UInt64

    init(generation: UInt64?, seq: UInt64) {
        self.generation = generation
        self.seq = seq
    }

    init?(_ text: Substring) {
        guard let dot = text.firstIndex(of: ".") else {
            guard let seq = UInt64(text) else { return nil }
            self.init(generation: nil, seq: seq)
            return
        }
        guard let generation = UInt64(text[..<dot]), let seq = UInt64(text[text.index(after: dot)...]) else { return nil }
        self.init(generation: generation, seq: seq)
    }
}
