#if !SwiftSource
extension Router {
    /// `POST /v1/swift` in a build without the `SwiftSource` trait (no swift-syntax): still a
    /// route, so a client reads why it is not answered here rather than a 404.
    mutating func addSwiftRoutes(_ core: ServiceCore) {
        add("POST", "/v1/swift", accepting: [.json, .swift]) { (_) throws(Problem) in
            throw .swiftSourceNotBuilt
        }
    }
}

extension Problem {
    static let swiftSourceNotBuilt = Problem(
        status: 501, code: "swift_source_not_built",
        detail:
            "This build of Containment has no Swift source support: it was built without the `SwiftSource` trait (swift-syntax), as the container image is by default. docs/swift.md says how to build it in."
    )
}
#endif
