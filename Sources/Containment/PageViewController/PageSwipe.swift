/// A gesture-driven page turn of a page view controller: `from` (the current page) is
/// disappearing, `to` (the page the data source returned) appearing.
struct PageSwipe: Equatable, Codable {
    var from: String
    var to: String
}
