import CLibDeflate

/// The CRC-32 of one stored record's fields, kept in its row and checked when it is read back,
/// as PostgreSQL's data checksums and SQLite's cksumvfs check pages: SQLite's `quick_check`
/// finds damaged structure, not a flipped byte inside a blob or a number. Each field goes in
/// with its kind and length, so two rows cannot trade bytes between fields and match.
struct RecordChecksum {
    private(set) var value: UInt32 = 0

    /// The checksum of `fields`, in order.
    static func of<each Field: RecordField>(_ fields: repeat each Field) -> Int64 {
        var checksum = RecordChecksum()
        for field in repeat each fields { field.add(to: &checksum) }
        return Int64(checksum.value)
    }

    fileprivate mutating func add(kind: UInt8, _ bytes: UnsafeRawBufferPointer) {
        var header = (kind, UInt64(bytes.count).littleEndian)
        withUnsafeBytes(of: &header.0) { value = libdeflate_crc32(value, $0.baseAddress, 1) }
        withUnsafeBytes(of: &header.1) { value = libdeflate_crc32(value, $0.baseAddress, 8) }
        if let base = bytes.baseAddress { value = libdeflate_crc32(value, base, bytes.count) }
    }
}

/// A field of a stored record, as its checksum reads it.
protocol RecordField {
    func add(to checksum: inout RecordChecksum)
}

extension String: RecordField {
    func add(to checksum: inout RecordChecksum) {
        var text = self
        text.withUTF8 { checksum.add(kind: 1, UnsafeRawBufferPointer($0)) }
    }
}

extension Int64: RecordField {
    func add(to checksum: inout RecordChecksum) {
        withUnsafeBytes(of: littleEndian) { checksum.add(kind: 2, $0) }
    }
}

extension Double: RecordField {
    func add(to checksum: inout RecordChecksum) {
        withUnsafeBytes(of: bitPattern.littleEndian) { checksum.add(kind: 3, $0) }
    }
}

extension [UInt8]: RecordField {
    func add(to checksum: inout RecordChecksum) {
        withUnsafeBytes { checksum.add(kind: 4, $0) }
    }
}

extension Optional: RecordField where Wrapped: RecordField {
    func add(to checksum: inout RecordChecksum) {
        guard let self else { return checksum.add(kind: 0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        self.add(to: &checksum)
    }
}

/// Each table's record checksum, over its columns as SQLite stores them; the store writes and
/// checks them, the migration to schema 3 computes them for rows already stored.
extension RecordChecksum {
    static func tree(id: String, clock: String, owner: String?, ownerTokenHash: String?, incarnation: Int64, creation: [UInt8]) -> Int64 {
        of(id, clock, owner, ownerTokenHash, incarnation, creation)
    }

    static func snapshot(tree: String, state: [UInt8], version: Int64, manualTime: Double) -> Int64 {
        of(tree, state, version, manualTime)
    }

    static func entry(
        seq: Int64, tree: String, version: Int64, time: Double, mutation: [UInt8], digest: Int64, manualTime: Double
    ) -> Int64 {
        of(seq, tree, version, time, mutation, digest, manualTime)
    }

    static func journalStart(tree: String, seq: Int64) -> Int64 {
        of(tree, seq)
    }

    static func load(tree: String, incarnation: Int64, generation: Int64, previous: Int64, lastSeq: Int64, version: Int64) -> Int64 {
        of(tree, incarnation, generation, previous, lastSeq, version)
    }
}

extension StoredTreeHeader {
    var checksum: Int64 {
        RecordChecksum.tree(id: id, clock: clock, owner: owner, ownerTokenHash: ownerTokenHash, incarnation: Int64(bitPattern: incarnation), creation: creation)
    }
}

extension StoredSnapshot {
    var checksum: Int64 { RecordChecksum.snapshot(tree: tree, state: state, version: Int64(bitPattern: version), manualTime: manualTime) }
}

extension JournalEntry {
    func checksum(seq: Int64) -> Int64 {
        RecordChecksum.entry(
            seq: seq, tree: tree, version: Int64(bitPattern: version), time: time, mutation: mutation, digest: Int64(bitPattern: digest),
            manualTime: manualTime)
    }
}
