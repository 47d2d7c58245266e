/// A split view controller's columns and display state.
struct SplitState: Equatable, Codable {
    var primary: String?
    var secondary: String?
    /// A `tripleColumn` split's middle column.
    var supplementary: String?
    /// The `.compact` column's controller: shown instead of the others while collapsed.
    var compact: String?
    var isCollapsed = false
    var isPrimaryHidden = false
    /// Expanded `tripleColumn`: the supplementary column is hidden too (`secondaryOnly`).
    var isSupplementaryHidden = false
    /// Collapsed: whether the secondary is the one showing (pushed onto a navigation
    /// controller primary, or shown instead of another primary).
    var secondaryOnTop = false
    /// Collapsed `tripleColumn`: the supplementary is on the collapsed stack (pushed onto a
    /// navigation controller primary, or shown instead of another primary), under the
    /// secondary when `secondaryOnTop`.
    var supplementaryOnStack = false

    /// Collapsed with a `.compact` column: its controller is the one showing.
    var showsCompactColumn: Bool { isCollapsed && compact != nil }

    /// The columns on the collapsed stack, bottom to top: the primary, then the supplementary
    /// and the secondary when pushed.
    var collapsedStack: [SplitColumn] {
        [.primary] + (supplementaryOnStack ? [.supplementary] : []) + (secondaryOnTop ? [.secondary] : [])
    }

    /// `viewController(for:)`: the controller set for `column`.
    func controller(for column: SplitColumn) -> String? {
        switch column {
        case .primary: primary
        case .supplementary: supplementary
        case .secondary: secondary
        case .compact: compact
        }
    }

    /// Whether `child` is set for a column.
    func involves(_ child: String) -> Bool {
        primary == child || secondary == child || supplementary == child || compact == child
    }

    /// A child leaving its split view controller leaves its column.
    mutating func forget(_ child: String) {
        if primary == child { primary = nil }
        if compact == child { compact = nil }
        if supplementary == child {
            supplementary = nil
            supplementaryOnStack = false
        }
        if secondary == child {
            secondary = nil
            secondaryOnTop = false
        }
    }

    /// The column `child` is set for, if any.
    func column(of child: String) -> SplitColumn? {
        SplitColumn.allCases.first { controller(for: $0) == child }
    }
}

extension SplitState {
    /// Reads states saved before the supplementary column existed (no `isSupplementaryHidden`)
    /// or was put on the collapsed stack (no `supplementaryOnStack`).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        primary = try container.decodeIfPresent(String.self, forKey: .primary)
        secondary = try container.decodeIfPresent(String.self, forKey: .secondary)
        supplementary = try container.decodeIfPresent(String.self, forKey: .supplementary)
        compact = try container.decodeIfPresent(String.self, forKey: .compact)
        isCollapsed = try container.decode(Bool.self, forKey: .isCollapsed)
        isPrimaryHidden = try container.decode(Bool.self, forKey: .isPrimaryHidden)
        isSupplementaryHidden = try container.decodeIfPresent(Bool.self, forKey: .isSupplementaryHidden) ?? false
        secondaryOnTop = try container.decode(Bool.self, forKey: .secondaryOnTop)
        supplementaryOnStack = try container.decodeIfPresent(Bool.self, forKey: .supplementaryOnStack) ?? false
    }
}
