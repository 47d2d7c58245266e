import CYAML

/// Turns libyaml's parser events into JSON text: one document, JSON-compatible values only.
///
/// Everything JSON cannot say is a 400 rather than a guess: aliases (which also rules out
/// billion-laughs expansion), duplicate keys, non-scalar keys, `.inf`/`.nan`, unknown tags,
/// several documents, and nesting deeper than ``maximumDepth``.
struct YAMLDocumentReader {
    /// Deeper specs are refused before any recursive decoding can run out of stack.
    static let maximumDepth = 512

    private var output: [UInt8] = []
    private var frames: [Frame] = []
    private var documents = 0

    private struct Frame {
        var isMapping: Bool
        var count = 0
        var keys: Set<String> = []
        var awaitingKey = true
    }

    /// The JSON text `bytes` stands for, or a 400 naming what is wrong and where.
    static func json(from bytes: [UInt8]) throws(Problem) -> [UInt8] {
        guard !bytes.isEmpty else { throw YAMLProblem.empty }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw Problem(status: 500, code: "yaml_unavailable", detail: "The YAML parser could not start.")
        }
        defer { yaml_parser_delete(parser) }
        var reader = YAMLDocumentReader()
        try bytes.withUnsafeBufferPointer { (input) throws(Problem) in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else { throw YAMLProblem.parserError(parser.pointee) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try reader.consume(event)
            }
        }
        guard reader.documents == 1 else { throw YAMLProblem.empty }
        return reader.output
    }

    private mutating func consume(_ event: yaml_event_t) throws(Problem) {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            guard documents == 1 else { throw YAMLProblem.at(event.start_mark, "the body holds more than one document") }
        case YAML_ALIAS_EVENT:
            throw YAMLProblem.at(event.start_mark, "aliases (*name) are not supported")
        case YAML_SCALAR_EVENT:
            try scalar(event)
        case YAML_SEQUENCE_START_EVENT:
            try checkCollectionTag(event.data.sequence_start.tag, expected: "seq", event)
            try open(isMapping: false, event)
        case YAML_MAPPING_START_EVENT:
            try checkCollectionTag(event.data.mapping_start.tag, expected: "map", event)
            try open(isMapping: true, event)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            output.append(frames.removeLast().isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            valueEnded()
        default:
            break  // stream start, document end
        }
    }

    private mutating func scalar(_ event: yaml_event_t) throws(Problem) {
        let data = event.data.scalar
        let text = UnsafeBufferPointer(start: data.value, count: data.length)
        // Only flags are read before the insert: a copy of the top frame (`if let top =
        // frames.last`) would be a second reference to its key set, and the insert would then
        // copy the whole set for every key (quadratic).
        if let last = frames.indices.last, frames[last].isMapping, frames[last].awaitingKey {
            let key = String(decoding: text, as: UTF8.self)
            guard frames[last].keys.insert(key).inserted else {
                throw YAMLProblem.at(event.start_mark, "duplicate key `\(key)`")
            }
            if frames[last].count > 0 { output.append(UInt8(ascii: ",")) }
            frames[last].count += 1
            frames[last].awaitingKey = false
            YAMLScalar.appendJSONString(text, to: &output)
            output.append(UInt8(ascii: ":"))
            return
        }
        valueBegins()
        let isPlain = data.style == YAML_PLAIN_SCALAR_STYLE
        switch Self.tagName(data.tag) {
        case nil where isPlain:
            guard let json = YAMLScalar.resolvePlain(text) else {
                throw YAMLProblem.at(event.start_mark, "`\(String(decoding: text, as: UTF8.self))` is not a number JSON can carry")
            }
            output.append(contentsOf: json)
        case nil, "!", "tag:yaml.org,2002:str":
            YAMLScalar.appendJSONString(text, to: &output)
        case let tag?:
            throw YAMLProblem.at(event.start_mark, "the tag `\(tag)` is not supported")
        }
        valueEnded()
    }

    private mutating func open(isMapping: Bool, _ event: yaml_event_t) throws(Problem) {
        if let top = frames.last, top.isMapping, top.awaitingKey {
            throw YAMLProblem.at(event.start_mark, "mapping keys must be scalars")
        }
        guard frames.count < Self.maximumDepth else {
            throw YAMLProblem.at(event.start_mark, "the body nests deeper than \(Self.maximumDepth) levels")
        }
        valueBegins()
        frames.append(Frame(isMapping: isMapping))
        output.append(isMapping ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    private func checkCollectionTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, expected: String, _ event: yaml_event_t) throws(Problem) {
        guard let name = Self.tagName(tag), name != "!", name != "tag:yaml.org,2002:\(expected)" else { return }
        throw YAMLProblem.at(event.start_mark, "the tag `\(name)` is not supported")
    }

    /// An event's tag as text; nil when the node carries none.
    private static func tagName(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        tag.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// A value starts inside a sequence: separate it from the one before.
    private mutating func valueBegins() {
        guard let top = frames.last, !top.isMapping else { return }
        if top.count > 0 { output.append(UInt8(ascii: ",")) }
        frames[frames.count - 1].count += 1
    }

    /// A value ended inside a mapping: the next scalar is a key again.
    private mutating func valueEnded() {
        guard let top = frames.last, top.isMapping else { return }
        frames[frames.count - 1].awaitingKey = true
    }
}
