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
        var bytes = controllers.count * Self.estimatedBytesPerController + log.count * Self.estimatedBytesPerEvent
        for (_, id, node) in controllers.all {
            bytes += 2 * id.utf8.count + node.children.count * MemoryLayout<NodeHandle>.stride
            let extras = node.extras
            bytes += extras.title?.utf8.count ?? 0
            bytes += extras.containerViews.count * 128
            for (key, value) in extras.properties { bytes += key.utf8.count + value.estimatedBytes }
            // A dictionary entry: the child id's bytes, its size and the slot.
            for child in extras.childContentSizes.keys { bytes += child.utf8.count + 48 }
            // Overrides and segues (rules 40, 45–46): each call or segue, its strings and a slot.
            for (callback, calls) in extras.overrides {
                bytes += callback.utf8.count + 48
                for call in calls {
                    bytes += 64 + call.receiver.utf8.count + call.method.utf8.count
                    for (key, value) in call.args ?? [:] { bytes += key.utf8.count + value.estimatedBytes }
                }
            }
            for segue in extras.segues {
                bytes += 96 + segue.identifier.utf8.count + (segue.destination?.utf8.count ?? 0) + (segue.action?.utf8.count ?? 0)
            }
            for action in extras.unwindActions.keys { bytes += action.utf8.count + 48 }
        }
        return bytes
    }
}

extension JSONValue {
    /// About what the value holds in memory: its strings' UTF-8 bytes plus 16 per element.
    public var estimatedBytes: Int {
        switch self {
        case .null, .bool, .number: 16
        case .string(let text): 16 + text.utf8.count
        case .array(let items): 16 + items.reduce(0) { $0 + $1.estimatedBytes }
        case .object(let members): 16 + members.reduce(0) { $0 + $1.key.utf8.count + $1.value.estimatedBytes }
        }
    }
}
