import Containment

/// `POST .../calls`.
struct CallsBody: Decodable, Sendable, Equatable {
    var calls: [RawCall]
    var atomic: Bool?
}
