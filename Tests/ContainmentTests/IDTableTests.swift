import Testing

@testable import Containment

/// The tree's storage by id: `NodeKey`'s own SipHash-1-3 must be SipHash (or ids chosen to
/// collide would be easy to find), and `IDTable` must find what a `String`-keyed dictionary
/// would, for ids of any length.
@Suite struct IDTableTests {
    /// The reference implementation's outputs for key 0 and the input bytes 0, 1, 2, … of
    /// each length: every tail length, and around the 8-byte word and the 15-byte small-string
    /// boundaries.
    @Test(arguments: [
        (0, 0xd1fb_a762_150c_532c as UInt64), (1, 0x68a9_1412_8e01_e473), (2, 0x010b_ac45_c41e_3669),
        (3, 0x4d4c_9a4a_8ef6_e0ad), (4, 0x7cc4_3f98_813e_4dbd), (5, 0x5abe_2169_dff3_6275), (6, 0xe3c2_5f87_624f_1cdb),
        (7, 0x2f09_8ab0_c751_325a),
        (8, 0xead4_11e6_7ebe_2eea), (9, 0x7592_7f9d_9512_4362), (15, 0xf30e_b725_bb91_c9ea),
        (16, 0x8972_1884_33a5_c5b7), (17, 0x4883_c49a_2c00_9c1d),
    ])
    func sipHashMatchesTheReferenceVectors(length: Int, expected: UInt64) {
        var sip = SipHash13(key0: 0, key1: 0)
        #expect(sip.finalize(bytes: (0..<length).map { UInt8($0) }) == expected)
    }

    @Test func idsDifferingOnlyInLengthOrPaddingHashApart() {
        let ids = ["", "a", "a\u{0}", "a\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "abcdefgh", "abcdefgh\u{0}", "w0-0", "w0-0.view"]
        let hashes = Set(ids.map { NodeKey($0)._rawHashValue(seed: 0) })
        #expect(hashes.count == ids.count)
        #expect(NodeKey("w0-0")._rawHashValue(seed: 0) == NodeKey(String("w0-0.view".dropLast(5)))._rawHashValue(seed: 0))
        #expect(NodeKey("w0-0")._rawHashValue(seed: 0) != NodeKey("w0-0")._rawHashValue(seed: 1))
    }

    /// Short (small-string), long (heap) and non-ASCII ids through inserts, updates, removals
    /// and iteration, against a `String`-keyed dictionary doing the same.
    @Test func tableAgreesWithAStringKeyedDictionary() {
        var table: IDTable<Int> = [:]
        var reference: [String: Int] = [:]
        let ids = (0..<2_000).map { number in
            switch number % 4 {
            case 0: "c\(number)"
            case 1: "controller-with-a-long-id-\(number)"
            case 2: "vue-\(number)-é"
            default: "g\(number).view"
            }
        }
        for (number, id) in ids.enumerated() {
            table[id] = number
            reference[id] = number
        }
        for (number, id) in ids.enumerated() where number % 3 == 0 {
            table[id] = nil
            reference[id] = nil
        }
        for (number, id) in ids.enumerated() where number % 5 == 0 {
            table[id]? += 1
            reference[id]? += 1
        }
        #expect(table.count == reference.count)
        for id in ids {
            #expect(table[id] == reference[id])
            #expect((table.index(forKey: id) != nil) == (reference[id] != nil))
        }
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == reference)
        let index = table.index(forKey: ids[1])!
        table.values[index] = -1
        #expect(table[ids[1]] == -1)
    }

    /// `apply` skips the controller lookup for root view ids by their last five bytes; that
    /// must agree with `hasSuffix(".view")`, which validation uses, for any receiver.
    @Test func rootViewIDsAreRecognizedAsHasSuffixDoes() {
        let ids = [
            "", "view", ".view", "a.view", "a.vie", "a.View", "a.view.", "x.view-2", "window", "é.view", "a.vie\u{301}w",
            "a-very-long-controller-identifier.view", "a-very-long-controller-identifier.viewx",
        ]
        for id in ids {
            #expect(ControllerNode.isRootViewID(id) == id.hasSuffix(".view"), "\(id)")
        }
    }
}
