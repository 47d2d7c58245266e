/// Whose time a tree lives in. Real trees read the wall clock; manual trees keep their own
/// time, moved only by `POST .../clock`, so interleavings can be replayed exactly.
enum TreeClock: String, Codable, Sendable {
    case real
    case manual
}
