import Testing

@testable import ContainmentCommand

@Suite struct AllocatorTuningTests {
    /// glibc's `mallopt` is found and accepts the threshold (it answers 1 on success).
    @Test func glibcAcceptsTheMmapThreshold() {
        #expect(AllocatorTuning.apply())
    }
}
