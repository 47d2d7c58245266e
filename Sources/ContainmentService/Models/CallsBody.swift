import Containment

/// `POST .../calls`.
struct CallsBody: Decodable, Sendable {
    var calls: [RawCall]
    var atomic: Bool?
}
