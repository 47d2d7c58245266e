/// A tree's identity as stored when it was created: enough, with its journal, to build it again.
public struct StoredTreeHeader: Sendable, Equatable {
    public var id: String
    /// `real` or `manual`.
    public var clock: String
    /// The name of the token that created it (nil with access control off).
    public var owner: String?
    /// The SHA-256 (hex) of that token, so ownership follows the token even if its name in the
    /// token file changes.
    public var ownerTokenHash: String?
    /// Entity tags start with it: restored trees keep their tags.
    public var incarnation: UInt64
    /// How to build the tree, as the service encoded it.
    public var creation: [UInt8]
    /// How the tree lists right after its creation; a shared store keeps it (see `TreeListing`).
    public var listing = TreeListing()

    public init(
        id: String, clock: String, owner: String?, ownerTokenHash: String?, incarnation: UInt64, creation: [UInt8],
        listing: TreeListing = TreeListing()
    ) {
        self.id = id
        self.clock = clock
        self.owner = owner
        self.ownerTokenHash = ownerTokenHash
        self.incarnation = incarnation
        self.creation = creation
        self.listing = listing
    }
}

/// What `GET /v1/trees` shows of a tree beside its id and clock. A store shared by several
/// instances keeps it with each commit, so that any instance lists every tree without loading
/// it; the SQLite store lists from memory and keeps none. Never read back into a tree.
public struct TreeListing: Sendable, Equatable {
    public var version: UInt64
    public var lastSeq: UInt64
    public var controllers: Int

    public init(version: UInt64 = 0, lastSeq: UInt64 = 0, controllers: Int = 0) {
        self.version = version
        self.lastSeq = lastSeq
        self.controllers = controllers
    }
}

/// One accepted mutation of one tree, as journaled.
public struct JournalEntry: Sendable, Equatable {
    public var tree: String
    /// The `now` the mutation ran at (seconds since 1970).
    public var time: Double
    /// The mutation, as the service encoded it.
    public var mutation: [UInt8]
    /// `JournalDigest` of the events it caused, checked on replay.
    public var digest: UInt64
    /// The tree's version after it (entity tags name it).
    public var version: UInt64
    /// The manual clock's time after it (unused on real trees).
    public var manualTime: Double
    /// Its place in the tree's journal as errors name it: its version, once read back.
    public var position: Int64 = 0
    /// How the tree lists after it (kept by a shared store only, not read back).
    public var listing = TreeListing()

    public init(tree: String, time: Double, mutation: [UInt8], digest: UInt64, version: UInt64, manualTime: Double) {
        self.tree = tree
        self.time = time
        self.mutation = mutation
        self.digest = digest
        self.version = version
        self.manualTime = manualTime
    }
}

/// A tree's whole state at one version, which replaces its journal up to there (compaction).
public struct StoredSnapshot: Sendable, Equatable {
    public var tree: String
    /// The engine's state (`TreeState`), as the service encoded it.
    public var state: [UInt8]
    public var version: UInt64
    public var manualTime: Double

    public init(tree: String, state: [UInt8], version: UInt64, manualTime: Double) {
        self.tree = tree
        self.state = state
        self.version = version
        self.manualTime = manualTime
    }
}

/// A snapshot's place in the journal, with how to encode its state once the writer gets to it.
public struct PendingSnapshot: Sendable {
    public var tree: String
    public var version: UInt64
    public var manualTime: Double
    /// Called once, on the writer's thread; its bytes are the snapshot's `state`.
    public var encode: @Sendable () -> [UInt8]

    public init(tree: String, version: UInt64, manualTime: Double, encode: @escaping @Sendable () -> [UInt8]) {
        self.tree = tree
        self.version = version
        self.manualTime = manualTime
        self.encode = encode
    }
}

/// A tree as the store holds it: how it was created, its latest snapshot if any, and the
/// journal since (since the snapshot, or since creation), in order.
public struct StoredTree: Sendable {
    public var header: StoredTreeHeader
    public var snapshot: StoredSnapshot?
    public var entries: [JournalEntry]
    /// Its latest loads (oldest first), for the ids and tags given out before them.
    public var loads: [TreeLoad] = []
}

/// What one mutation leaves for the store, in the order the trees' locks saw them.
public enum JournalRecord: Sendable {
    case createTree(StoredTreeHeader)
    case mutation(JournalEntry)
    /// Replaces the tree's journal so far: every entry appended before it is dropped. Encoded
    /// by the journal's writer thread as it writes it: a big tree's state takes a while to
    /// encode, which must hold neither the tree's lock nor a request's thread.
    case snapshot(PendingSnapshot)
    case deleteTree(String)
    /// This instance gives the tree up (a store shared by several instances): every record
    /// of the tree appended before it is committed first, and another instance may take it
    /// over once this commits. A store of one instance has nothing to do.
    case release(String)

    /// The tree the record is about.
    public var tree: String {
        switch self {
        case .createTree(let header): header.id
        case .mutation(let entry): entry.tree
        case .snapshot(let pending): pending.tree
        case .deleteTree(let id), .release(let id): id
        }
    }
}

/// A 64-bit fingerprint of the bytes of a mutation's events, for replay to check against. Not
/// a defence against forgery, only against drift.
public enum JournalDigest {
    /// Eight bytes a step, each mixed by a multiply and a shift, the length and a final mix
    /// last: FNV-1a's byte a step is a chain of dependent multiplies (benchmarks/notes.md).
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offset = 0
            while offset + 8 <= raw.count {
                hash = mix(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
            hash = mix(mix(hash, tail), UInt64(raw.count))
            hash ^= hash >> 33
            hash &*= 0xc4ce_b9fe_1a85_ec53
            return hash ^ (hash >> 29)
        }
    }

    /// Whether `recorded` is the digest of `bytes`: `of`, or FNV-1a byte by byte, the digest
    /// of journals that builds before `of` wrote (computed only when `of` differs).
    public static func matches(_ bytes: [UInt8], _ recorded: UInt64) -> Bool {
        of(bytes) == recorded || byteByByte(bytes) == recorded
    }

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        return product ^ (product >> 31)
    }

    private static func byteByByte(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
    }
}
