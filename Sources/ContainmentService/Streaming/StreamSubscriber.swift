import MicroHTTP

/// One open event stream: where its bytes go, how they are framed, which events it wants.
struct StreamSubscriber: Sendable {
    /// Which events a stream receives.
    enum Scope: Sendable, Equatable {
        /// One tree's events; the stream ends when the tree is deleted.
        case tree(String)
        /// Every tree whose id starts with `prefix` (all trees for "") that `caller` may see.
        case allTrees(prefix: String, caller: Caller?)

        /// Whether events of `tree`, created by `owner`, belong on the stream.
        func includes(_ tree: String, ownedBy owner: String?) -> Bool {
            switch self {
            case .tree(let id): id == tree
            case .allTrees(let prefix, let caller): tree.hasPrefix(prefix) && caller.canSee(treeOwnedBy: owner)
            }
        }
    }

    let id: UInt64
    let stream: HTTPStream
    let format: StreamFormat
    let scope: Scope
}
