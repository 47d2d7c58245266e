import MicroHTTP

/// One open event stream: where its bytes go, how they are framed, which events it wants.
struct StreamSubscriber: Sendable {
    /// Which events a stream receives.
    enum Scope: Sendable, Equatable {
        /// One tree's events; the stream ends when the tree is deleted.
        case tree(StreamedTree)
        /// Every tree whose id starts with `prefix` (all trees for "") that `caller` may see.
        case allTrees(prefix: String, caller: Caller?)

        /// Whether events of `tree` belong on the stream: its own tree's, never those of another
        /// tree with the same id; on an all-trees stream, those of every tree the caller sees.
        func includes(_ tree: StreamedTree) -> Bool {
            switch self {
            case .tree(let subscribed): subscribed.key == tree.key
            case .allTrees(let prefix, let caller): tree.id.hasPrefix(prefix) && caller.canSee(treeOwnedBy: tree.owner)
            }
        }
    }

    let id: UInt64
    let stream: HTTPStream
    let format: StreamFormat
    let scope: Scope
}
