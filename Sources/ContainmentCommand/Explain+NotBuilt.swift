#if !SwiftSource
extension Explain {
    /// A build without the `SwiftSource` trait has no parser: says so and exits 1.
    func run() throws {
        throw SwiftSourceNotBuilt()
    }
}

/// What `containment explain` prints (as `Error: …`) in a build without the `SwiftSource` trait.
struct SwiftSourceNotBuilt: Error, CustomStringConvertible {
    var description: String {
        "this build of containment has no Swift source support: it was built without the `SwiftSource` trait (swift-syntax), as the container image is by default. docs/swift.md says how to build it in."
    }
}
#endif
