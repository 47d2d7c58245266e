import MicroHTTP

/// One open event stream: where its bytes go, how they are framed, which events it wants.
/// A class: the fan-out visits every subscriber for every batch, and a reference is one retain
/// where the struct's copy retained each of its fields.
final class StreamSubscriber: Sendable {
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
    /// Whether its frames carry event ids (tree streams: they can resume with `Last-Event-ID`).
    let framesWithIDs: Bool

    init(id: UInt64, stream: HTTPStream, format: StreamFormat, scope: Scope) {
        self.id = id
        self.stream = stream
        self.format = format
        self.scope = scope
        framesWithIDs = if case .tree = scope { true } else { false }
    }
}
