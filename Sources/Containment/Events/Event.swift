/// One callback UIKit would have delivered to one controller, or one warning UIKit would have
/// logged; clients replay these to check their own runtime against UIKit's order.
public struct Event: Codable, Sendable, Equatable {
    /// Per tree, strictly increasing, never reused.
    public var seq: UInt64
    /// The mutation that caused the event — a request, a clock advance or a transition's
    /// timer — numbered per tree from 1, increasing, shared by all the events it caused: what
    /// clients group a timeline by.
    public var batch: UInt64
    public var tree: String
    /// Seconds since 1970, as passed in by the caller; encoded as an ISO-8601 string.
    public var time: Double
    public var controller: String?
    /// UIKit's Swift method name without labels; nil for warnings.
    public var callback: String?
    public var args: [String: JSONValue]
    /// Set on appearance callbacks only (`isMovingToParent` as UIKit reports it there).
    public var isMovingToParent: Bool?
    public var isMovingFromParent: Bool?
    /// Set on appearance callbacks of a presented controller while it is being presented or
    /// dismissed (only when true).
    public var isBeingPresented: Bool?
    public var isBeingDismissed: Bool?
    /// What UIKit would log instead of calling anything.
    public var warning: String?
    /// The override whose call caused this event, innermost (docs/uikit-rules-callbacks.md,
    /// rule 40); nil outside overrides.
    public var calledFrom: OverrideFrame?

    public init(
        seq: UInt64, batch: UInt64, tree: String, time: Double, controller: String?, callback: String?,
        args: [String: JSONValue] = [:], isMovingToParent: Bool? = nil, isMovingFromParent: Bool? = nil,
        warning: String? = nil, isBeingPresented: Bool? = nil, isBeingDismissed: Bool? = nil, calledFrom: OverrideFrame? = nil
    ) {
        self.seq = seq
        self.batch = batch
        self.tree = tree
        self.time = time
        self.controller = controller
        self.callback = callback
        self.args = args
        self.isMovingToParent = isMovingToParent
        self.isMovingFromParent = isMovingFromParent
        self.warning = warning
        self.isBeingPresented = isBeingPresented
        self.isBeingDismissed = isBeingDismissed
        self.calledFrom = calledFrom
    }

    enum CodingKeys: String, CodingKey {
        case seq, batch, tree, time, controller, callback, args, isMovingToParent, isMovingFromParent, warning
        case isBeingPresented, isBeingDismissed, calledFrom
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seq = try container.decode(UInt64.self, forKey: .seq)
        batch = try container.decode(UInt64.self, forKey: .batch)
        tree = try container.decode(String.self, forKey: .tree)
        let timeText = try container.decode(String.self, forKey: .time)
        guard let seconds = ISOTime.seconds(from: timeText) else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "not an ISO-8601 time")
        }
        time = seconds
        controller = try container.decodeIfPresent(String.self, forKey: .controller)
        callback = try container.decodeIfPresent(String.self, forKey: .callback)
        args = try container.decodeIfPresent([String: JSONValue].self, forKey: .args) ?? [:]
        isMovingToParent = try container.decodeIfPresent(Bool.self, forKey: .isMovingToParent)
        isMovingFromParent = try container.decodeIfPresent(Bool.self, forKey: .isMovingFromParent)
        warning = try container.decodeIfPresent(String.self, forKey: .warning)
        isBeingPresented = try container.decodeIfPresent(Bool.self, forKey: .isBeingPresented)
        isBeingDismissed = try container.decodeIfPresent(Bool.self, forKey: .isBeingDismissed)
        calledFrom = try container.decodeIfPresent(OverrideFrame.self, forKey: .calledFrom)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(batch, forKey: .batch)
        try container.encode(tree, forKey: .tree)
        try container.encode(ISOTime.string(from: time), forKey: .time)
        try container.encodeIfPresent(controller, forKey: .controller)
        try container.encodeIfPresent(callback, forKey: .callback)
        if !args.isEmpty || callback != nil {
            try container.encode(args, forKey: .args)
        }
        try container.encodeIfPresent(isMovingToParent, forKey: .isMovingToParent)
        try container.encodeIfPresent(isMovingFromParent, forKey: .isMovingFromParent)
        try container.encodeIfPresent(warning, forKey: .warning)
        try container.encodeIfPresent(isBeingPresented, forKey: .isBeingPresented)
        try container.encodeIfPresent(isBeingDismissed, forKey: .isBeingDismissed)
        try container.encodeIfPresent(calledFrom, forKey: .calledFrom)
    }
}
