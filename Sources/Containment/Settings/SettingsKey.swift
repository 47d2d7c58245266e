/// A key of any name: a spec, patch or stored record opens one container with it for all its
/// settings groups, since JSONDecoder's containers cost more than the reads through them.
struct SettingsKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init<Key: CodingKey>(_ key: Key) { stringValue = key.stringValue }
}

extension Decoder {
    /// The container the settings groups of this object decode from.
    func settingsContainer() throws -> KeyedDecodingContainer<SettingsKey> { try container(keyedBy: SettingsKey.self) }
}
