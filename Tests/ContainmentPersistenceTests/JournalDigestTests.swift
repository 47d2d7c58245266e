import ContainmentPersistence
import Testing

struct JournalDigestTests {
    @Test func everyPrefixAndEveryFlippedBitDigestsDifferently() {
        let bytes = Array(#"[{"seq":1,"callback":"viewWillAppear","controller":"w0-1"}]"#.utf8)
        var seen: Set<UInt64> = []
        for length in 0...bytes.count { seen.insert(JournalDigest.of(Array(bytes.prefix(length)))) }
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= 1 << bit
                seen.insert(JournalDigest.of(flipped))
            }
        }
        #expect(seen.count == bytes.count + 1 + bytes.count * 8)
    }

    @Test func aTrailingZeroByteChangesTheDigest() {
        #expect(JournalDigest.of([1, 2, 3]) != JournalDigest.of([1, 2, 3, 0]))
        #expect(JournalDigest.of([]) != JournalDigest.of([0]))
    }

    /// Journals written with FNV-1a byte by byte still replay: 0xaf63dc4c8601ec8c is FNV-1a
    /// (64-bit) of "a", from the algorithm's published test vectors.
    @Test func theDigestOfOlderJournalsStillMatches() {
        let a = Array("a".utf8)
        #expect(JournalDigest.matches(a, 0xaf63_dc4c_8601_ec8c))
        #expect(JournalDigest.matches(a, JournalDigest.of(a)))
        #expect(!JournalDigest.matches(Array("b".utf8), 0xaf63_dc4c_8601_ec8c))
        #expect(JournalDigest.of(a) != 0xaf63_dc4c_8601_ec8c)
    }
}
