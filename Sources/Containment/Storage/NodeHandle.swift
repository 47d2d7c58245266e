/// A controller or view inside one tree: its slot in the tree's `NodeTable` and the
/// generation the slot was given when the node was stored there. Ids are interned once, when
/// a call arrives (`NodeTable.handle(_:)`); past that the engine links and finds nodes by
/// handle, which costs an array index instead of hashing an id.
///
/// A slot is reused once its node is deleted, with a generation from a counter that only
/// counts up (`NodeTable`), so a handle kept past its node's deletion does not find the node
/// stored in its slot later: it is stale, and `NodeTable.contains` says so. The counter wraps
/// after 2³² nodes stored; the engine keeps a handle of a deleted node at most until the end
/// of the call that deleted it (the turn's lists), far fewer stores than that. Handles never
/// leave the engine; clients name nodes by id.
struct NodeHandle: Hashable {
    let slot: UInt32
    let generation: UInt32
}
