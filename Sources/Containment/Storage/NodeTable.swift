/// A tree's controllers or views: nodes in slots of an array, found by `NodeHandle`, and an
/// index from id to handle (a standard `Dictionary` with `String` keys) used once per id that
/// arrives in a call. Deleted nodes free their slot for the next node stored.
///
/// Creations and deletions are undone exactly in reverse (`UndoLog`): `undoInsert` and
/// `undoRemove` put the slots, the free list and the index back as they were, so a rolled
/// back call leaves the table as it found it.
struct NodeTable<Node> {
    private struct Slot {
        var generation: UInt32
        var id: String
        var node: Node?
    }

    private var slots: [Slot] = []
    /// Slots without a node, the most recently freed last.
    private var freeSlots: [UInt32] = []
    private var handles: [String: NodeHandle] = [:]
    /// The generation of the next node stored (see `NodeHandle`); never reset, also not by
    /// a rollback, so a handle of a node created in a rolled-back call stays stale.
    private var nextGeneration: UInt32 = 1

    var count: Int { handles.count }

    /// One more than the highest slot in use: the size of an array indexed by slot.
    var slotCount: Int { slots.count }

    /// The handle of the node with this id, nil when there is none: the one lookup by id.
    func handle(_ id: String) -> NodeHandle? {
        handles[id]
    }

    /// The handle of a node named by a link that still holds an id (a stack, a split column,
    /// a presentation): the engine deletes a node only with every link to it, so a miss is a
    /// bug in the engine, not bad input, and stops the process with the id named.
    func existing(_ id: String) -> NodeHandle {
        guard let handle = handles[id] else { preconditionFailure("node \(id) is linked but not stored") }
        return handle
    }

    /// Whether `handle` names the node stored under `id`: a handle remembered from an
    /// earlier lookup is checked this way (a compare of ids, not a hash of one).
    func holds(_ handle: NodeHandle, id: String) -> Bool {
        let slot = Int(handle.slot)
        return slot < slots.count && slots[slot].generation == handle.generation && slots[slot].node != nil && slots[slot].id == id
    }

    /// Whether `handle` still names a node (it is not stale).
    func contains(_ handle: NodeHandle) -> Bool {
        let slot = Int(handle.slot)
        return slot < slots.count && slots[slot].generation == handle.generation && slots[slot].node != nil
    }

    /// The node of a handle that is valid by construction: taken from a link or from
    /// `handle(_:)` within the same call, with no deletion since. A stale handle is a bug in
    /// the engine, not bad input, and stops the process rather than reading another node.
    subscript(handle: NodeHandle) -> Node {
        get {
            let slot = Int(handle.slot)
            precondition(slots[slot].generation == handle.generation, "stale node handle")
            guard let node = slots[slot].node else { preconditionFailure("stale node handle") }
            return node
        }
        _modify {
            let slot = Int(handle.slot)
            precondition(slots[slot].generation == handle.generation && slots[slot].node != nil, "stale node handle")
            // Unwrapped in place (no copy of the node), occupied as checked on the line above.
            yield &slots[slot].node!
        }
    }

    /// The node with this id, nil when there is none.
    subscript(id: String) -> Node? {
        guard let handle = handles[id] else { return nil }
        return slots[Int(handle.slot)].node
    }

    /// The node with an id a link holds (see `existing(_:)`).
    subscript(existing id: String) -> Node {
        self[existing(id)]
    }

    /// The id a node was stored under.
    func id(_ handle: NodeHandle) -> String {
        precondition(contains(handle), "stale node handle")
        return slots[Int(handle.slot)].id
    }

    /// Stores a new node under an id no node has; `appended` tells `undoInsert` whether the
    /// slot was new or taken from the free list.
    mutating func insert(_ node: Node, id: String) -> (handle: NodeHandle, appended: Bool) {
        precondition(handles[id] == nil, "node id stored twice")
        let generation = nextGeneration
        nextGeneration &+= 1
        let handle: NodeHandle
        let appended: Bool
        if let slot = freeSlots.popLast() {
            handle = NodeHandle(slot: slot, generation: generation)
            slots[Int(slot)] = Slot(generation: generation, id: id, node: node)
            appended = false
        } else {
            handle = NodeHandle(slot: UInt32(slots.count), generation: generation)
            slots.append(Slot(generation: generation, id: id, node: node))
            appended = true
        }
        handles[id] = handle
        return (handle, appended)
    }

    /// Deletes a node, returning it and its id (for the undo log).
    @discardableResult
    mutating func remove(_ handle: NodeHandle) -> (node: Node, id: String) {
        let node = self[handle]
        let slot = Int(handle.slot)
        let id = slots[slot].id
        slots[slot].node = nil
        slots[slot].id = ""
        freeSlots.append(handle.slot)
        handles[id] = nil
        return (node, id)
    }

    /// Takes back the newest `insert` still in place (rollback runs newest first).
    mutating func undoInsert(_ handle: NodeHandle, appended: Bool) {
        let id = slots[Int(handle.slot)].id
        handles[id] = nil
        if appended {
            precondition(Int(handle.slot) == slots.count - 1, "undo out of order")
            slots.removeLast()
        } else {
            slots[Int(handle.slot)].node = nil
            slots[Int(handle.slot)].id = ""
            freeSlots.append(handle.slot)
        }
    }

    /// Puts back the node of the newest `remove` still in place, under its old handle.
    mutating func undoRemove(_ handle: NodeHandle, node: Node, id: String) {
        precondition(freeSlots.last == handle.slot, "undo out of order")
        freeSlots.removeLast()
        slots[Int(handle.slot)] = Slot(generation: handle.generation, id: id, node: node)
        handles[id] = handle
    }

    mutating func removeAll() {
        slots = []
        freeSlots = []
        handles = [:]
    }

    /// Every stored node in place, in slot order.
    mutating func updateEach(_ body: (inout Node) -> Void) {
        for slot in slots.indices where slots[slot].node != nil {
            // Occupied, as the loop's condition checked.
            body(&slots[slot].node!)
        }
    }

    /// Every stored node with its handle and id, in slot order.
    var all: some Sequence<(handle: NodeHandle, id: String, node: Node)> {
        slots.lazy.enumerated().compactMap { slot, entry in
            entry.node.map { (NodeHandle(slot: UInt32(slot), generation: entry.generation), entry.id, $0) }
        }
    }

    /// Every stored node, in slot order.
    var nodes: some Sequence<Node> {
        slots.lazy.compactMap(\.node)
    }
}
