import Dispatch
import Glibc
import PostgresTestSupport
import Synchronization
import Testing

@testable import ContainmentPersistence

/// One owner per tree in the shared store: the fence every commit passes, leases that lapse,
/// trees handed over on request. Runs against the test server (scripts/test-postgres).
@Suite(.enabled(if: PostgresTestSchema.isAvailable, "needs CONTAINMENT_TEST_POSTGRES_URL (scripts/test-postgres)"))
struct PostgresOwnershipTests {
    typealias Fixture = SQLiteStoreTests

    /// Renewed so rarely that the test decides when the lease ends.
    static let stillLease = LeaseTiming(duration: .seconds(120), renewal: .seconds(60), margin: .milliseconds(100))
    static let shortLease = LeaseTiming(duration: .seconds(1), renewal: .milliseconds(200), margin: .milliseconds(100))

    static func expire(_ store: PostgresStore, in schema: PostgresTestSchema) throws {
        try schema.execute("UPDATE containment_instances SET expires_at = clock_timestamp() - interval '1 second' WHERE id = \(store.session!)")
    }

    /// The fencing test: an owner paused past its lease (here, its lease ended in the database
    /// while it still counts itself the owner) cannot commit once another instance took the
    /// tree, and its records never land in the tree's journal.
    @Test func anOwnerThatLostItsLeaseCannotCommitAfterATakeover() throws {
        let schema = try PostgresTestSchema()
        let paused = try PostgresStore(url: schema.url, instanceName: "paused", leaseTiming: Self.stillLease)
        try paused.commit([.createTree(Fixture.header("t")), .mutation(Fixture.entry("t", version: 2))])
        try Self.expire(paused, in: schema)

        let successor = try PostgresStore(url: schema.url, instanceName: "successor", leaseTiming: Self.stillLease)
        let reader = successor.openReader()
        #expect(try reader.takeOver("t") == .acquired)
        #expect(try reader.load("t")?.entries.map(\.version) == [2])

        // The paused owner still holds the tree by its own books; the fence refuses it.
        #expect(paused.ownership.withLock { $0.held["t"] } != nil)
        let refused = try paused.commit(refusing: [.mutation(Fixture.entry("t", version: 3))])
        #expect(refused == ["t": .ownershipLost(tree: "t")])
        #expect(paused.ownership.withLock { $0.held["t"] } == nil)

        try successor.commit([.mutation(Fixture.entry("t", version: 3))])
        let stored = try reader.load("t")
        #expect(stored?.entries.map(\.version) == [2, 3])
        #expect(stored?.entries.last?.mutation == Fixture.entry("t", version: 3).mutation)
        #expect(try schema.value("SELECT count(*)::text FROM containment_heads WHERE instance = \(successor.session!)") == "1")
        reader.close()
        successor.close()
        paused.abandon()
    }

    /// A lapsed lease alone refuses a commit, though no other instance took the tree yet: the
    /// owner cannot know whether one did.
    @Test func aLapsedLeaseRefusesCommitsEvenBeforeAnyTakeover() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "lapsed", leaseTiming: Self.stillLease)
        try store.commit([.createTree(Fixture.header("t")), .createTree(Fixture.header("u"))])
        try Self.expire(store, in: schema)
        let refused = try store.commit(refusing: [.mutation(Fixture.entry("t", version: 2)), .createTree(Fixture.header("v"))])
        #expect(refused == ["t": .ownershipLost(tree: "t"), "v": .ownershipLost(tree: "v")])
        #expect(try store.loadTrees().map(\.header.id) == ["t", "u"])
        store.abandon()
    }

    /// A commit of entries alone is one statement: the trees still held are written, the one
    /// whose row names another epoch (taken over meanwhile) is refused, none of its entries land.
    @Test func aCommitOfEntriesAloneWritesTheTreesStillHeldAndRefusesTheOthers() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner", leaseTiming: Self.stillLease)
        try store.commit([.createTree(Fixture.header("t")), .createTree(Fixture.header("u"))])
        try schema.execute("UPDATE containment_heads SET epoch = epoch + 1000 WHERE tree = 't'")
        var last = Fixture.entry("u", version: 3)
        last.listing = TreeListing(version: 3, lastSeq: 9, controllers: 2)
        let refused = try store.commit(refusing: [
            .mutation(Fixture.entry("t", version: 2)), .mutation(Fixture.entry("u", version: 2)), .mutation(last),
        ])
        #expect(refused == ["t": .ownershipLost(tree: "t")])
        #expect(store.ownership.withLock { $0.held["t"] } == nil)
        #expect(try schema.value("SELECT string_agg(tree || ':' || version, ',' ORDER BY tree, version) FROM containment_journal") == "u:2,u:3")
        let reader = store.openReader()
        #expect(try reader.list(after: "t", limit: 1, everyOwner: true, owner: nil, ownerTokenHash: nil).map(\.listing) == [last.listing])
        reader.close()
        store.abandon()
    }

    /// An entry the database refuses (its version is taken) refuses the whole commit, whose
    /// other entries do not land either, and the next commit goes through on the same connection.
    @Test func aCommitOfEntriesTheDatabaseRefusesWritesNoneOfThemAndTheNextGoesThrough() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner", leaseTiming: Self.stillLease)
        try store.commit(["t", "u", "v"].map { .createTree(Fixture.header($0)) } + [.mutation(Fixture.entry("t", version: 2))])
        let refused = try store.commit(refusing: [.mutation(Fixture.entry("u", version: 2)), .mutation(Fixture.entry("t", version: 2))])
        #expect(Set(refused.keys) == ["t", "u"])
        guard case .commitFailed(let reason) = refused["u"] else {
            Issue.record("refused as \(String(describing: refused["u"]))")
            return
        }
        #expect(reason.contains("23505"))
        #expect(try store.commit(refusing: [.mutation(Fixture.entry("v", version: 2))]).isEmpty)
        #expect(try schema.value("SELECT string_agg(tree || ':' || version, ',' ORDER BY tree, version) FROM containment_journal") == "t:2,v:2")
        store.abandon()
    }

    /// A dead instance (killed: nothing given up) keeps its trees until its lease lapses, no
    /// longer: then another takes them, with every record it committed.
    @Test func aDeadInstancesTreesMoveOnceItsLeaseLapses() throws {
        let schema = try PostgresTestSchema()
        let dead = try PostgresStore(url: schema.url, instanceName: "dead", leaseTiming: Self.shortLease)
        try dead.commit([.createTree(Fixture.header("t"))] + (2...4).map { .mutation(Fixture.entry("t", version: $0)) })
        let deadSession = dead.session!
        dead.abandon()
        let died = ContinuousClock.now

        let heir = try PostgresStore(url: schema.url, instanceName: "heir", leaseTiming: Self.shortLease)
        let reader = heir.openReader()
        var outcome = try reader.takeOver("t")
        guard case .held(deadSession, _, _) = outcome else {
            Issue.record("the dead instance's tree was free at once: \(outcome)")
            return
        }
        while outcome != .acquired, ContinuousClock.now - died < .seconds(5) {
            usleep(20_000)
            outcome = try reader.takeOver("t")
        }
        let waited = ContinuousClock.now - died
        #expect(outcome == .acquired)
        #expect(waited <= Self.shortLease.duration + .milliseconds(500))
        #expect(try reader.load("t")?.entries.map(\.version) == [2, 3, 4])
        reader.close()
        heir.close()
    }

    /// Hand-off: asked for a tree, its owner appends the release behind its records; once that
    /// commits, the asker is told and takes the tree at once, without waiting for a lease.
    @Test func anOwnerAskedForATreeGivesItUpAfterItsRecords() throws {
        let schema = try PostgresTestSchema()
        let owner = try PostgresStore(url: schema.url, instanceName: "owner")
        let journal = StateJournal(store: owner)
        let asked = Mutex<[String]>([])
        owner.onOwnershipEvents(
            .init(
                lost: {},
                releaseRequested: { tree in
                    asked.withLock { $0.append(tree) }
                    _ = journal.append(.mutation(Fixture.entry(tree, version: 3)))
                    _ = journal.append(.release(tree))
                    return true
                }, released: { _ in }, session: { _ in }))
        try journal.waitUntilDurable(journal.append(.createTree(Fixture.header("t"))))
        try journal.waitUntilDurable(journal.append(.mutation(Fixture.entry("t", version: 2))))

        let asker = try PostgresStore(url: schema.url, instanceName: "asker")
        let released = DispatchSemaphore(value: 0)
        asker.onOwnershipEvents(
            .init(lost: {}, releaseRequested: { _ in false }, released: { tree in if tree == "t" { released.signal() } }, session: { _ in }))
        let reader = asker.openReader()
        guard case .held(let holder, let epoch, _) = try reader.takeOver("t") else {
            Issue.record("the live owner's tree was taken")
            return
        }
        #expect(holder == owner.session)
        let started = ContinuousClock.now
        try reader.requestRelease("t", from: holder, epoch: epoch)
        #expect(released.wait(timeout: .now() + 5) == .success)
        #expect(try reader.takeOver("t") == .acquired)
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(asked.withLock { $0 } == ["t"])
        // The record the owner appended before its release is there; it commits no more.
        #expect(try reader.load("t")?.entries.map(\.version) == [2, 3])
        let late = journal.append(.mutation(Fixture.entry("t", version: 4)))
        #expect(throws: StateStoreError.ownershipLost(tree: "t")) { try journal.waitUntilDurable(late) }
        reader.close()
        asker.close()
        journal.close()
    }

    /// A lease keeper whose connection broke listens again for requests at once, not at its
    /// next renewal (here a minute away): a request sent meanwhile would be missed.
    @Test func aLeaseKeeperWhoseConnectionBrokeHearsRequestsAgainAtOnce() throws {
        let schema = try PostgresTestSchema()
        let name = "reconnecting \(schema.name)"
        let owner = try PostgresStore(url: schema.url, instanceName: name, leaseTiming: Self.stillLease)
        let asked = DispatchSemaphore(value: 0)
        owner.onOwnershipEvents(
            .init(
                lost: {},
                releaseRequested: { _ in
                    asked.signal()
                    return true
                }, released: { _ in }, session: { _ in }))
        try owner.commit([.createTree(Fixture.header("t"))])
        let keeper = "application_name = 'containment lease of \(name)'"
        let before = try #require(try schema.value("SELECT pid::text FROM pg_stat_activity WHERE \(keeper)"))
        try schema.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE \(keeper)")
        // Back: a new connection, idle after its last LISTEN (that of its session's channel).
        let deadline = ContinuousClock.now + .seconds(3)
        var back = false
        while !back, ContinuousClock.now < deadline {
            usleep(10_000)
            back =
                try schema.value(
                    """
                    SELECT count(*)::text FROM pg_stat_activity WHERE \(keeper) AND pid <> \(before) AND state = 'idle'
                      AND query LIKE 'LISTEN "containment.release.%'
                    """) == "1"
        }
        #expect(back, "the keeper never listened again on its session's channel")

        let asker = try PostgresStore(url: schema.url, instanceName: "asker", leaseTiming: Self.stillLease)
        let reader = asker.openReader()
        try reader.requestRelease("t", from: owner.session!, epoch: 0)
        #expect(asked.wait(timeout: .now() + 2) == .success)
        reader.close()
        asker.close()
        owner.close()
    }

    /// Asked for a tree it has nothing of in memory, a holder gives it up at once only under
    /// the epoch its asker saw: a takeover of its own that committed in between (here in the
    /// keeper's handler, after it found nothing and before the release) keeps the tree, which
    /// this instance then lists and serves alone.
    @Test func aTreeRetakenBeforeTheKeepersReleaseStaysWithItsHolder() throws {
        let schema = try PostgresTestSchema()
        let holder = try PostgresStore(url: schema.url, instanceName: "holder", leaseTiming: Self.stillLease)
        let holderReader = holder.openReader()
        defer {
            holderReader.close()
            holder.close()
        }
        let retaken = Mutex<PostgresTreeReader.TakeOver?>(nil)
        let asked = DispatchSemaphore(value: 0)
        holder.onOwnershipEvents(
            .init(
                lost: {},
                releaseRequested: { tree in
                    defer { asked.signal() }
                    return retaken.withLock { retaken in
                        guard retaken == nil else { return true }
                        retaken = try? holderReader.takeOver(tree)
                        return false
                    }
                }, released: { _ in }, session: { _ in }))
        try holder.commit([.createTree(Fixture.header("t"))])
        let seen = try #require(holder.ownership.withLock { $0.held["t"] })

        let asker = try PostgresStore(url: schema.url, instanceName: "asker", leaseTiming: Self.stillLease)
        let reader = asker.openReader()
        defer {
            reader.close()
            asker.close()
        }
        guard case .held(holder.session!, seen, _) = try reader.takeOver("t") else {
            Issue.record("the live holder's tree was taken")
            return
        }
        try reader.requestRelease("t", from: holder.session!, epoch: seen)
        #expect(asked.wait(timeout: .now() + 2) == .success)
        #expect(retaken.withLock { $0 } == .acquired)
        // Heard after the first request's release is done.
        try reader.requestRelease("t", from: holder.session!, epoch: seen)
        #expect(asked.wait(timeout: .now() + 2) == .success)

        let row = try schema.value("SELECT coalesce(instance::text, 'nobody') || ' ' || epoch FROM containment_heads WHERE tree = 't'")
        let epoch = holder.ownership.withLock { $0.held["t"] }
        #expect(row == "\(holder.session!) \(epoch ?? seen)", "the keeper gave up the tree its holder took again")
        #expect(epoch != nil && epoch != seen)
        #expect(try holder.commit(refusing: [.mutation(Fixture.entry("t", version: 2))]).isEmpty)
    }

    /// A tree's row locked by a long transaction holds a renewal up by one
    /// `LeaseTiming.releaseLockWait` at most, however many requests for the tree come: the
    /// lease outlives the lock, the keeper keeps its connection (no aborted transaction left
    /// on it), and the first request once the row is free gives the tree up.
    @Test func aTreesRowLockedByALongTransactionNeverHoldsTheLeaseUp() throws {
        let schema = try PostgresTestSchema()
        let name = "locked out \(schema.name)"
        let holder = try PostgresStore(url: schema.url, instanceName: name, leaseTiming: Self.shortLease)
        let lost = Mutex(0)
        holder.onOwnershipEvents(
            .init(lost: { lost.withLock { $0 += 1 } }, releaseRequested: { _ in false }, released: { _ in }, session: { _ in }))
        try holder.commit([.createTree(Fixture.header("t"))])
        let session = try #require(holder.session)
        let keeper = "application_name = 'containment lease of \(name)'"
        let pid = try #require(try schema.value("SELECT pid::text FROM pg_stat_activity WHERE \(keeper)"))

        let asker = try PostgresStore(url: schema.url, instanceName: "asker", leaseTiming: Self.shortLease)
        let released = DispatchSemaphore(value: 0)
        asker.onOwnershipEvents(
            .init(lost: {}, releaseRequested: { _ in false }, released: { tree in if tree == "t" { released.signal() } }, session: { _ in }))
        let reader = asker.openReader()
        guard case .held(session, let epoch, _) = try reader.takeOver("t") else {
            Issue.record("the live holder's tree was taken")
            return
        }
        let lock = try PostgresConnection(url: schema.url)
        defer { lock.close() }
        try lock.execute("BEGIN")
        _ = try lock.query("SELECT tree FROM containment_heads WHERE tree = 't' FOR UPDATE")
        // As 8 askers would ask (each every 100 ms), for twice the lease.
        let until = ContinuousClock.now + Self.shortLease.duration * 2
        while ContinuousClock.now < until {
            for _ in 0..<8 { try reader.requestRelease("t", from: session, epoch: epoch) }
            usleep(100_000)
        }
        #expect(holder.isLeaseValid)
        #expect(lost.withLock { $0 } == 0)
        #expect(holder.session == session)
        #expect(try schema.value("SELECT instance::text FROM containment_heads WHERE tree = 't'") == "\(session)")
        try lock.execute("COMMIT")

        try reader.requestRelease("t", from: session, epoch: epoch)
        #expect(released.wait(timeout: .now() + 2) == .success)
        #expect(try reader.takeOver("t") == .acquired)
        #expect(try schema.value("SELECT pid::text FROM pg_stat_activity WHERE \(keeper)") == pid)
        reader.close()
        asker.close()
        holder.close()
    }

    /// A request's payload names its tree whatever the tree's id holds.
    @Test(arguments: ["t", "loaded-36", "a b", "12 34", " ", ""])
    func aReleaseRequestsPayloadNamesItsTreeAndEpoch(tree: String) {
        let payload = PostgresChannels.releaseRequest(for: tree, epoch: 4_000_000_017)
        #expect(PostgresChannels.releaseRequest(from: payload).map { [$0.tree, "\($0.epoch)"] } == [tree, "4000000017"])
    }

    /// With commits not flushed one by one (`normal`), a writer whose connection broke (the
    /// database may have restarted without its last commits) gives every tree up: the commit
    /// that found it broken is refused, and so is every later one until the tree is taken again.
    @Test func aBrokenConnectionGivesEveryTreeUpWhenCommitsAreNotFlushedOneByOne() throws {
        let schema = try PostgresTestSchema()
        let name = "normal \(schema.name)"
        let store = try PostgresStore(url: schema.url, instanceName: name, synchronous: .normal)
        let lost = DispatchSemaphore(value: 0)
        store.onOwnershipEvents(.init(lost: { lost.signal() }, releaseRequested: { _ in false }, released: { _ in }, session: { _ in }))
        try store.commit([.createTree(Fixture.header("t")), .mutation(Fixture.entry("t", version: 2))])
        let before = store.session
        try schema.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'containment journal of \(name)'")
        let refused = try store.commit(refusing: [.mutation(Fixture.entry("t", version: 3))])
        #expect(refused["t"] != nil)
        #expect(lost.wait(timeout: .now() + 5) == .success)
        #expect(try store.commit(refusing: [.mutation(Fixture.entry("t", version: 3))]) == ["t": .ownershipLost(tree: "t")])
        // A new session, and the forfeited one's row gone: the tree is free at once.
        let deadline = ContinuousClock.now + .seconds(2)
        while store.session == nil || store.session == before, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(store.session != nil && store.session != before)
        let reader = store.openReader()
        #expect(try reader.takeOver("t") == .acquired)
        try store.commit([.mutation(Fixture.entry("t", version: 3))])
        #expect(try reader.load("t")?.entries.map(\.version) == [2, 3])
        reader.close()
        store.close()
    }

    @Test func aTreeIdAnotherInstanceCreatedIsRefusedAndClosingGivesEveryTreeUpAtOnce() throws {
        let schema = try PostgresTestSchema()
        let first = try PostgresStore(url: schema.url, instanceName: "first")
        let second = try PostgresStore(url: schema.url, instanceName: "second")
        try first.commit([.createTree(Fixture.header("t")), .mutation(Fixture.entry("t", version: 2))])
        #expect(try second.commit(refusing: [.createTree(Fixture.header("t", incarnation: 2))]) == ["t": .treeExists(tree: "t")])
        let reader = second.openReader()
        guard case .held(first.session!, _, _) = try reader.takeOver("t") else {
            Issue.record("a live instance's tree was taken")
            return
        }
        #expect(try reader.takeOver("nothing") == .absent)
        first.close()
        #expect(try reader.takeOver("t") == .acquired)
        #expect(try reader.load("t")?.header.incarnation == 1)
        reader.close()
        second.close()
    }

    @Test func everyInstanceListsEveryTreeWithItsListingFilteredByOwner() throws {
        let schema = try PostgresTestSchema()
        let first = try PostgresStore(url: schema.url, instanceName: "first")
        let second = try PostgresStore(url: schema.url, instanceName: "second")
        var alices = Fixture.header("a")
        alices.listing = TreeListing(version: 1, lastSeq: 7, controllers: 1)
        var bobs = Fixture.header("b")
        bobs.owner = "bob"
        bobs.ownerTokenHash = String(repeating: "cd", count: 32)
        try first.commit([.createTree(alices)])
        try second.commit([.createTree(bobs)])
        var entry = Fixture.entry("a", version: 2)
        entry.listing = TreeListing(version: 2, lastSeq: 12, controllers: 3)
        try first.commit([.mutation(entry)])

        let reader = second.openReader()
        let all = try reader.list(after: nil, limit: 10, everyOwner: true, owner: nil, ownerTokenHash: nil)
        #expect(all.map(\.id) == ["a", "b"])
        #expect(all[0].listing == TreeListing(version: 2, lastSeq: 12, controllers: 3))
        let bobsOnly = try reader.list(after: nil, limit: 10, everyOwner: false, owner: "bob", ownerTokenHash: bobs.ownerTokenHash)
        #expect(bobsOnly.map(\.id) == ["b"])
        #expect(try reader.list(after: "a", limit: 1, everyOwner: true, owner: nil, ownerTokenHash: nil).map(\.id) == ["b"])
        reader.close()
        first.close()
        second.close()
    }
}
