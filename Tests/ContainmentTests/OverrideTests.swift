import Testing

@testable import Containment

/// docs/uikit-rules-callbacks.md, rule 40: calls made inside lifecycle callbacks.
@Suite struct OverrideTests {
    @Test func explore() throws {
        let tree = try visibleTree(others: ["modal", "detail", "extra"])
        _ = try tree.createController(
            ControllerSpec(
                id: "vc", children: [ControllerSpec(id: "child")],
                overrides: [
                    "viewDidLoad": [call("vc", "present", ["viewController": "modal", "animated": false])],
                    "viewWillAppear": [call("vc", "setNeedsStatusBarAppearanceUpdate")],
                    "viewDidAppear": [
                        call("vc", "addChild", ["child": "extra"]), call("vc.view", "addSubview", ["view": "extra.view"]),
                        call("extra", "didMove", ["toParent": "vc"]),
                    ],
                ]), now: t0)
        print(trace(tree.run([call("window", "setRootViewController", ["rootViewController": "vc"])])).joined(separator: "\n"))
    }
}
