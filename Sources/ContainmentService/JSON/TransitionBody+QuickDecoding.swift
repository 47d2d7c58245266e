extension TransitionBody: QuickJSONDecodable {
    init?(quickJSON parser: inout JSONQuickParser) {
        var from: String?
        var to: String?
        var duration: Double??
        var options: [String]??
        let parsed = parser.object(depth: 0) { parser, key in
            if key == "from" {
                guard from == nil, let text = parser.string() else { return false }
                from = text
            } else if key == "to" {
                guard to == nil, let text = parser.string() else { return false }
                to = text
            } else if key == "duration" {
                guard duration == nil, let value = parser.nullable({ $0.number() }) else { return false }
                duration = value
            } else if key == "options" {
                guard options == nil, let value = parser.nullable({ $0.strings(depth: 1) }) else { return false }
                options = value
            } else {
                return false
            }
            return true
        }
        guard parsed, let from, let to else { return nil }
        self.init(from: from, to: to, duration: duration ?? nil, options: options ?? nil)
    }
}
