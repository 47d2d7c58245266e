/// A gesture-driven page turn of a page view controller: `from` (the current pages) are
/// disappearing, `to` (the pages the data source returned) appearing; two each in a spread.
struct PageSwipe: Equatable, Codable {
    var from: [String]
    var to: [String]

    init(from: [String], to: [String]) {
        self.from = from
        self.to = to
    }

    func involves(_ page: String) -> Bool { from.contains(page) || to.contains(page) }

    /// States saved before spreads hold one page on each side, as a string.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func pages(_ key: CodingKeys) throws -> [String] {
            if let page = try? container.decode(String.self, forKey: key) { return [page] }
            return try container.decode([String].self, forKey: key)
        }
        from = try pages(.from)
        to = try pages(.to)
    }
}
