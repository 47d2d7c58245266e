/// Takes trees over for this instance, loads and lists them, one thread at a time: the
/// journal's writer never waits for it.
public protocol SharedTreeReader: AnyObject, Sendable {
    /// Connects now, so that the first takeover does not wait for it; a failure is tried again
    /// at the next statement.
    func open()

    func close()

    /// Takes `tree` when it is free and loads it, or asks its live holder to give it up, in one
    /// round trip.
    func takeOverAndLoad(_ tree: String) throws(StateStoreError) -> HandOffStep

    /// Gives back a tree this instance took but cannot serve, so that another can take it at once.
    func giveBack(_ tree: String) throws(StateStoreError)

    /// Who created `tree` (its name and token hash), nil when there is no such tree.
    func owner(of tree: String) throws(StateStoreError) -> (owner: String?, ownerTokenHash: String?)?

    /// Up to `limit` trees in id order after `cursor`, those created by a token hashed
    /// `ownerTokenHash` (or named `owner`) only, unless `everyOwner`.
    func list(after cursor: String?, limit: Int, everyOwner: Bool, owner: String?, ownerTokenHash: String?) throws(StateStoreError) -> [ListedTree]
}

/// What one hand-off step found (`SharedTreeReader.takeOverAndLoad`).
public enum HandOffStep: Sendable {
    /// Taken under a new epoch, and read: the stored tree (nil when its records are gone).
    case loaded(StoredTree?)
    /// No such tree.
    case absent
    /// Held by another live instance, which has been asked to give it up; or, held by 0,
    /// given up while this instance's own lease is not valid.
    case held(by: Int64, epoch: Int64, expiresIn: Duration)
}

/// One tree as `GET /v1/trees` shows it, from a shared store.
public struct ListedTree: Sendable, Equatable {
    public var id: String
    public var clock: String
    public var owner: String?
    public var ownerTokenHash: String?
    public var listing: TreeListing
}
