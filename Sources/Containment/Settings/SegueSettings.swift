/// A controller's storyboard segues and how it answers an unwind search
/// (docs/uikit-rules-segues.md, rules 45–46): fields of a controller spec, snapshot and stored
/// state, written in the same JSON object. Snapshots and stored state leave out what is empty
/// (`resolved`).
public struct SegueSettings: Codable, Sendable, Equatable {
    /// The segues leaving this controller: show, present and unwind; a built controller also
    /// keeps an embed segue per child that names one (`embedSegue`).
    public var segues: [SegueSpec]?
    /// Unwind actions it implements, with what `canPerformUnwindSegueAction` answers.
    public var unwindActions: [String: Bool]?
    /// What its `allowedChildrenForUnwinding(from:)` returns, in search order; nil: UIKit's default.
    public var allowedChildrenForUnwinding: [String]?

    public init(segues: [SegueSpec]? = nil, unwindActions: [String: Bool]? = nil, allowedChildrenForUnwinding: [String]? = nil) {
        self.segues = segues
        self.unwindActions = unwindActions
        self.allowedChildrenForUnwinding = allowedChildrenForUnwinding
    }

    /// Whether nothing is declared, so a controller needs no room for them.
    public var isEmpty: Bool {
        segues?.isEmpty != false && unwindActions?.isEmpty != false && allowedChildrenForUnwinding == nil
    }

    /// Empty lists left out, as snapshots and stored state show them.
    public var resolved: SegueSettings {
        SegueSettings(
            segues: segues?.isEmpty == false ? segues : nil, unwindActions: unwindActions?.isEmpty == false ? unwindActions : nil,
            allowedChildrenForUnwinding: allowedChildrenForUnwinding)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.settingsContainer())
    }

    /// From the container its holder opened for all its groups (`SettingsKey`).
    init(from container: KeyedDecodingContainer<SettingsKey>) throws {
        segues = try container.decodeIfPresent([SegueSpec].self, forKey: SettingsKey(CodingKeys.segues))
        unwindActions = try container.decodeIfPresent([String: Bool].self, forKey: SettingsKey(CodingKeys.unwindActions))
        allowedChildrenForUnwinding = try container.decodeIfPresent([String].self, forKey: SettingsKey(CodingKeys.allowedChildrenForUnwinding))
    }

    enum CodingKeys: String, CodingKey {
        case segues, unwindActions, allowedChildrenForUnwinding
    }
}
