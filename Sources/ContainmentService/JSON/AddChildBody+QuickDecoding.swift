import Containment

extension AddChildBody: QuickJSONDecodable {
    init?(quickJSON parser: inout JSONQuickParser) {
        var child: String?
        var containerView: String??
        var frame: Rect??
        var animated: Bool??
        let parsed = parser.object(depth: 0) { parser, key in
            if key == "child" {
                guard child == nil, let text = parser.string() else { return false }
                child = text
            } else if key == "containerView" {
                guard containerView == nil, let value = parser.nullable({ $0.string() }) else { return false }
                containerView = value
            } else if key == "frame" {
                guard frame == nil, let value = parser.nullable({ $0.rect(depth: 1) }) else { return false }
                frame = value
            } else if key == "animated" {
                guard animated == nil, let value = parser.nullable({ $0.bool() }) else { return false }
                animated = value
            } else {
                return false
            }
            return true
        }
        guard parsed, let child else { return nil }
        self.init(child: child, containerView: containerView ?? nil, frame: frame ?? nil, animated: animated ?? nil)
    }
}

extension JSONQuickParser {
    /// A `Rect` object: its four numbers, each once, and nothing else.
    fileprivate mutating func rect(depth: Int) -> Rect? {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        let parsed = object(depth: depth) { parser, key in
            func take(_ field: inout Double?) -> Bool {
                guard field == nil, let value = parser.number() else { return false }
                field = value
                return true
            }
            if key == "x" { return take(&x) }
            if key == "y" { return take(&y) }
            if key == "width" { return take(&width) }
            if key == "height" { return take(&height) }
            return false
        }
        guard parsed, let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
