import Testing

@testable import Containment

@Suite struct RootViewIDTests {
    /// `apply` skips the controller lookup for root view ids by their last five bytes; that
    /// must agree with `hasSuffix(".view")`, which validation uses, for any receiver.
    @Test func rootViewIDsAreRecognizedAsHasSuffixDoes() {
        let ids = [
            "", "view", ".view", "a.view", "a.vie", "a.View", "a.view.", "x.view-2", "window", "é.view", "a.vie\u{301}w",
            "a-very-long-controller-identifier.view", "a-very-long-controller-identifier.viewx",
        ]
        for id in ids {
            #expect(ControllerNode.isRootViewID(id) == id.hasSuffix(".view"), "\(id)")
        }
    }
}
