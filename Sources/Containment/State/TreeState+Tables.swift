extension TreeState {
    /// Raised when the tables' byte layout changes; tables of another version are refused.
    public static let tablesFormatVersion: UInt8 = 1

    /// Moves the controller and view tables out of the state into compact bytes, leaving only
    /// the controllers that have extras (navigation stacks, presentations, properties…), which
    /// keep their full records for a general-purpose coder: the tables are almost all of a big
    /// tree's state, too slow to read through `Codable`. `restoreTables(from:)` reads them back
    /// exactly.
    public mutating func takeTables() -> [UInt8] {
        var writer = TableWriter()
        writer.byte(Self.tablesFormatVersion)
        writer.count(controllers.count)
        for record in controllers { writer.controller(record) }
        writer.count(views.count)
        for record in views { writer.view(record) }
        controllers.removeAll { $0.extras == nil }
        views = []
        return writer.bytes
    }

    /// Puts back the tables `takeTables()` took: each controller marked as having extras takes
    /// its full record from those the state still holds.
    public mutating func restoreTables(from bytes: [UInt8]) throws(TreeStateError) {
        var withExtras: [String: ControllerRecord] = [:]
        for record in controllers { withExtras[record.id] = record }
        var reader = TableReader(bytes: bytes)
        guard try reader.byte() == Self.tablesFormatVersion else { throw TreeStateError(message: "its tables have another format version") }
        var controllers: [ControllerRecord] = []
        let controllerCount = try reader.count()
        controllers.reserveCapacity(min(controllerCount, bytes.count))
        for _ in 0..<controllerCount {
            var (record, hasExtras) = try reader.controller()
            if hasExtras {
                guard let full = withExtras.removeValue(forKey: record.id) else {
                    throw TreeStateError(message: "its tables name extras for \(record.id) that it lacks")
                }
                record = full
            }
            controllers.append(record)
        }
        guard withExtras.isEmpty else { throw TreeStateError(message: "it holds controllers its tables do not list") }
        var views: [ViewRecord] = []
        let viewCount = try reader.count()
        views.reserveCapacity(min(viewCount, bytes.count))
        for _ in 0..<viewCount { views.append(try reader.view()) }
        guard reader.isAtEnd else { throw TreeStateError(message: "its tables have bytes past their end") }
        self.controllers = controllers
        self.views = views
    }
}

/// Little-endian fixed-width numbers, strings as a length and their UTF-8.
private struct TableWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func count(_ value: Int) {
        withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ value: String?) {
        byte(value == nil ? 0 : 1)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        count(values.count)
        for value in values { string(value) }
    }

    mutating func controller(_ record: TreeState.ControllerRecord) {
        string(record.id)
        string(record.kind.rawValue)
        string(record.appearance.rawValue)
        switch record.appearanceDriver {
        case nil: byte(0)
        case .turn: byte(1)
        case .manual: byte(2)
        case .transition(let id):
            byte(3)
            string(id)
        }
        optionalString(record.parent)
        strings(record.children)
        let flags: [Bool] = [
            record.isViewLoaded, record.sentIsAppearing, record.appearanceAnimated, record.isMovingToParent,
            record.isMovingFromParent, record.needsLayout, record.automaticallyForwardsAppearance, record.extras != nil,
        ]
        byte(flags.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) })
    }

    mutating func view(_ record: TreeState.ViewRecord) {
        string(record.id)
        for value in [record.frame.x, record.frame.y, record.frame.width, record.frame.height] { double(value) }
        optionalString(record.superview)
        strings(record.subviews)
        optionalString(record.owner)
        byte(record.inWindow ? 1 : 0)
    }
}

/// Reads what `TableWriter` wrote; anything short or out of range is a `TreeStateError`.
private struct TableReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ length: Int) throws(TreeStateError) -> Range<Int> {
        guard length <= bytes.count - offset else { throw TreeStateError(message: "its tables end early") }
        defer { offset += length }
        return offset..<offset + length
    }

    mutating func byte() throws(TreeStateError) -> UInt8 { bytes[try take(1).lowerBound] }

    private mutating func fixed<Value: FixedWidthInteger>(_: Value.Type) throws(TreeStateError) -> Value {
        let range = try take(MemoryLayout<Value>.size)
        var value: Value = 0
        for (shift, index) in range.enumerated() { value |= Value(bytes[index]) << (8 * shift) }
        return value
    }

    mutating func count() throws(TreeStateError) -> Int { Int(try fixed(UInt32.self)) }

    mutating func double() throws(TreeStateError) -> Double { Double(bitPattern: try fixed(UInt64.self)) }

    mutating func string() throws(TreeStateError) -> String {
        let range = try take(try count())
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    mutating func optionalString() throws(TreeStateError) -> String? {
        try byte() == 0 ? nil : try string()
    }

    mutating func strings() throws(TreeStateError) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(min(count, bytes.count - offset))
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    private mutating func value<Value: RawRepresentable<String>>(_: Value.Type) throws(TreeStateError) -> Value {
        let raw = try string()
        guard let value = Value(rawValue: raw) else { throw TreeStateError(message: "its tables name an unknown \(Value.self) \(raw)") }
        return value
    }

    /// The record without its extras, and whether it has any.
    mutating func controller() throws(TreeStateError) -> (TreeState.ControllerRecord, hasExtras: Bool) {
        let id = try string()
        let kind = try value(ControllerKind.self)
        let appearance = try value(AppearanceState.self)
        let driver: TreeState.AppearanceDriverRecord? =
            switch try byte() {
            case 0: nil
            case 1: .turn
            case 2: .manual
            case 3: .transition(try string())
            default: throw TreeStateError(message: "its tables name an unknown appearance driver")
            }
        let parent = try optionalString()
        let children = try strings()
        let flags = try byte()
        let flag = { (bit: Int) in flags & (1 << bit) != 0 }
        let record = TreeState.ControllerRecord(
            id: id, kind: kind, appearance: appearance, appearanceDriver: driver, parent: parent, children: children,
            isViewLoaded: flag(0), sentIsAppearing: flag(1), appearanceAnimated: flag(2), isMovingToParent: flag(3),
            isMovingFromParent: flag(4), needsLayout: flag(5), automaticallyForwardsAppearance: flag(6), extras: nil)
        return (record, flag(7))
    }

    mutating func view() throws(TreeStateError) -> TreeState.ViewRecord {
        let id = try string()
        let frame = Rect(x: try double(), y: try double(), width: try double(), height: try double())
        return TreeState.ViewRecord(
            id: id, frame: frame, superview: try optionalString(), subviews: try strings(), owner: try optionalString(),
            inWindow: try byte() != 0)
    }
}
