extension ContainmentTree {
    /// Bytes one controller costs beyond its strings: its node, its table slot, its root
    /// view and that view's slot, and out-of-line extras; set on the high side, since the
    /// estimate is what a memory budget is checked against.
    public static let estimatedBytesPerController = 768
    /// Bytes one retained event costs beyond its strings (the `Event` value, its slot in the
    /// log and its `args` dictionary).
    public static let estimatedBytesPerEvent = 256

    /// An upper estimate of the memory the tree holds: a fixed cost per controller and per
    /// retained event, plus the UTF-8 size of every string the client chose (ids, titles,
    /// free-form properties, container views). A walk over every controller: the service calls
    /// it when it must know, not on every mutation.
    public var estimatedBytes: Int {
        var bytes = nodes.controllers.count * Self.estimatedBytesPerController + log.count * Self.estimatedBytesPerEvent
        for (_, id, node) in nodes.controllers.all {
            bytes += 2 * id.utf8.count + node.children.count * MemoryLayout<NodeHandle>.stride
            let extras = node.extras
            bytes += extras.title?.utf8.count ?? 0
            bytes += extras.containerViews.count * 128
            bytes += JSONValue.estimatedBytes(ofObject: extras.properties)
            // A dictionary entry: the child id's bytes, its size and the slot.
            for child in extras.childContentSizes.keys { bytes += child.utf8.count + 48 }
            // Overrides and segues (rules 40, 45–46): each call or segue, its strings and a slot.
            for (callback, calls) in extras.overrides {
                bytes += callback.utf8.count + 48
                for call in calls {
                    bytes += 64 + call.receiver.utf8.count + call.method.utf8.count
                    if let args = call.args { bytes += JSONValue.estimatedBytes(ofObject: args) }
                }
            }
            for segue in extras.segueSettings.segues ?? [] {
                bytes += 96 + segue.identifier.utf8.count + (segue.destination?.utf8.count ?? 0) + (segue.action?.utf8.count ?? 0)
            }
            for action in (extras.segueSettings.unwindActions ?? [:]).keys { bytes += action.utf8.count + 48 }
            // `compactTabIdentifiers` (rule 14, "The sidebar") need not name tabs: up to 1,024 strings and their slots.
            for identifier in extras.compactTabIdentifiers ?? [] { bytes += identifier.utf8.count + 16 }
        }
        return bytes
    }
}

extension JSONValue {
    /// An upper estimate of what the value holds in memory once decoded: its inline slot and
    /// every heap block behind it, as Swift lays them out (measured with glibc's allocator
    /// statistics in JSONMemoryEstimateTests: 16-byte values, arrays and dictionaries grown
    /// by doubling, a dictionary's table at most three quarters full).
    public var estimatedBytes: Int { MemoryLayout<JSONValue>.stride + heapBytes }

    /// A `[String: JSONValue]` (properties, a call's arguments): its table and everything in it.
    public static func estimatedBytes(ofObject members: [String: JSONValue]) -> Int {
        guard !members.isEmpty else { return 0 }
        // The storage object (header, counts, bitmap) and its allocation; then per member up to
        // three buckets of key and value, which decoding's doubling growth leaves empty.
        return 256 + members.reduce(0) { $0 + 96 + stringHeapBytes($1.key) + $1.value.heapBytes }
    }

    /// The heap blocks behind the value, beyond its inline slot.
    private var heapBytes: Int {
        switch self {
        case .null, .bool, .number: 0
        case .string(let text): Self.stringHeapBytes(text)
        // The storage object and its allocation, then up to two and a half slots per element.
        case .array(let items): items.isEmpty ? 0 : 64 + items.reduce(0) { $0 + 40 + $1.heapBytes }
        case .object(let members): Self.estimatedBytes(ofObject: members)
        }
    }

    /// A string's heap block: none for a short one held inline (up to 15 UTF-8 bytes), yet
    /// arrays of them measured 16 bytes more per element; a longer one has a header, room to
    /// grow and its allocation's rounding.
    private static func stringHeapBytes(_ text: String) -> Int {
        let count = text.utf8.count
        return count <= 15 ? 16 : 64 + count + count / 8
    }
}
