/// One UIKit call as a client writes it (docs/api.md, "Raw calls"): ids name controllers and
/// views, `null` stands for nil, argument names are UIKit's Swift labels.
public struct RawCall: Codable, Sendable, Equatable {
    /// A controller id, a view id (`<controller>.view` or a container view), or `window`.
    public var receiver: String
    public var method: String
    public var args: [String: JSONValue]?

    public init(receiver: String, method: String, args: [String: JSONValue]? = nil) {
        self.receiver = receiver
        self.method = method
        self.args = args
    }
}
