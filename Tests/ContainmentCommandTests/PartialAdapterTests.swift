import ContainmentConformance
import Foundation
import Testing

@testable import ContainmentCommand

/// The conformance kit as a runtime author uses it: the real runner (`conformance run`, as
/// the command line parses it) over HTTP against a toy runtime's adapter that is partial (it
/// answers 501, or 404 for the transitions route) and deliberately wrong (children appear
/// before their parent; PATCH answers without `events`). The reports are asserted exactly.
@Suite struct PartialAdapterTests {
    static let partial = ["children-first", "patch-without-events", "no-transitions"]

    /// One scenario of each outcome: pass, fail (twice), skip (501, and 404 for a route), error.
    static let selection = [
        "guide-display-content-controller", "rule07-added-subtree-parent-first", "rule11-not-moving-on-window-show", "rule13-push",
        "guide-cycle-from-view-controller", "rule17-child-size-change-tells-parent",
    ].flatMap { ["--filter", $0] }

    static func run(_ adapter: ToyRuntime, _ arguments: [String]) throws -> (output: String, exitCode: Int32) {
        try Run.parse(["--target", adapter.target] + arguments).outcome()
    }

    @Test func textReport() throws {
        let (output, exitCode) = try Self.run(try ToyRuntime(bugs: Self.partial), Self.selection)
        #expect(exitCode == 1)
        #expect(output == Self.text)
    }

    @Test func tapReport() throws {
        let (output, exitCode) = try Self.run(try ToyRuntime(bugs: Self.partial), Self.selection + ["--tap"])
        #expect(exitCode == 1)
        #expect(output == Self.tap)
    }

    static let text = #"""
        SKIP guide-cycle-from-view-controller: step 1: POST /v1/trees/tree1/controllers/container/transitions answered 404: no route for POST /v1/trees/tree1/controllers/container/transitions
        PASS guide-display-content-controller: tree and 2 steps, 18 events as expected
        FAIL rule07-added-subtree-parent-first: step 1: 3 out of order
        --- expected rule07-added-subtree-parent-first
        +++ observed rule07-added-subtree-parent-first
        @@ step 1 @@
         child.willMove {"parent":"parent"}
        +grandchild.viewWillAppear {"animated":false}   (came before its parent's, rule 7)
         child.viewWillAppear {"animated":false} isMovingToParent
        -grandchild.viewWillAppear {"animated":false}   (expected here)
         child.didMove {"parent":"parent"}
         parent.viewWillLayoutSubviews
         parent.viewDidLayoutSubviews
        -child.viewIsAppearing {"animated":false} isMovingToParent   (expected here)
         child.viewWillLayoutSubviews
         child.viewDidLayoutSubviews
         grandchild.viewIsAppearing {"animated":false}
         grandchild.viewWillLayoutSubviews
         grandchild.viewDidLayoutSubviews
        +child.viewIsAppearing {"animated":false} isMovingToParent   (came after its child grandchild's, rule 7)
        +grandchild.viewDidAppear {"animated":false}   (came before its parent's, rule 7)
         child.viewDidAppear {"animated":false} isMovingToParent
        -grandchild.viewDidAppear {"animated":false}   (expected here)

        FAIL rule11-not-moving-on-window-show: step 0: 3 out of order
        --- expected rule11-not-moving-on-window-show
        +++ observed rule11-not-moving-on-window-show
        @@ step 0 @@
        +child.viewWillAppear {"animated":false}   (came before its parent's, rule 7)
         parent.viewWillAppear {"animated":false}
        -child.viewWillAppear {"animated":false}   (expected here)
        -parent.viewIsAppearing {"animated":false}   (expected here)
         parent.viewWillLayoutSubviews
         parent.viewDidLayoutSubviews
         child.viewIsAppearing {"animated":false}
         child.viewWillLayoutSubviews
         child.viewDidLayoutSubviews
        +parent.viewIsAppearing {"animated":false}   (came after its child child's, rule 7)
        +child.viewDidAppear {"animated":false}   (came before its parent's, rule 7)
         parent.viewDidAppear {"animated":false}
        -child.viewDidAppear {"animated":false}   (expected here)

        SKIP rule13-push: tree: POST /v1/trees answered 501: navigationController is not implemented
        ERROR rule17-child-size-change-tells-parent: step 0: PATCH /v1/trees/tree6/controllers/child answered 200 without `events`

        rule  passed  failed  skipped  errors  title
           1       1       0        0       0  addChild(_:) calls willMove(toParent:), never didMove; a child of another parent is removed first
           7       0       1        0       0  Appearance order: parent before child
          11       0       1        0       0  isMovingToParent / isMovingFromParent in appearance callbacks
          12       0       0        1       0  transition(from:to:duration:options:animations:completion:)
          13       0       0        1       0  UINavigationController push, pop and setViewControllers
          17       0       0        0       1  preferredContentSizeDidChange(forChildContentContainer:)

        6 scenarios: 1 passed, 2 failed, 2 skipped, 1 error

        """#

    static let tap = #"""
        TAP version 13
        1..6
        ok 1 - guide-cycle-from-view-controller (rule 12) # SKIP step 1: POST /v1/trees/tree1/controllers/container/transitions answered 404: no route for POST /v1/trees/tree1/controllers/container/transitions
        ok 2 - guide-display-content-controller (rule 1)
        not ok 3 - rule07-added-subtree-parent-first (rule 7)
          ---
          message: "FAIL rule07-added-subtree-parent-first: step 1: 3 out of order"
          diff: |
            --- expected rule07-added-subtree-parent-first
            +++ observed rule07-added-subtree-parent-first
            @@ step 1 @@
             child.willMove {"parent":"parent"}
            +grandchild.viewWillAppear {"animated":false}   (came before its parent's, rule 7)
             child.viewWillAppear {"animated":false} isMovingToParent
            -grandchild.viewWillAppear {"animated":false}   (expected here)
             child.didMove {"parent":"parent"}
             parent.viewWillLayoutSubviews
             parent.viewDidLayoutSubviews
            -child.viewIsAppearing {"animated":false} isMovingToParent   (expected here)
             child.viewWillLayoutSubviews
             child.viewDidLayoutSubviews
             grandchild.viewIsAppearing {"animated":false}
             grandchild.viewWillLayoutSubviews
             grandchild.viewDidLayoutSubviews
            +child.viewIsAppearing {"animated":false} isMovingToParent   (came after its child grandchild's, rule 7)
            +grandchild.viewDidAppear {"animated":false}   (came before its parent's, rule 7)
             child.viewDidAppear {"animated":false} isMovingToParent
            -grandchild.viewDidAppear {"animated":false}   (expected here)
          ...
        not ok 4 - rule11-not-moving-on-window-show (rule 11)
          ---
          message: "FAIL rule11-not-moving-on-window-show: step 0: 3 out of order"
          diff: |
            --- expected rule11-not-moving-on-window-show
            +++ observed rule11-not-moving-on-window-show
            @@ step 0 @@
            +child.viewWillAppear {"animated":false}   (came before its parent's, rule 7)
             parent.viewWillAppear {"animated":false}
            -child.viewWillAppear {"animated":false}   (expected here)
            -parent.viewIsAppearing {"animated":false}   (expected here)
             parent.viewWillLayoutSubviews
             parent.viewDidLayoutSubviews
             child.viewIsAppearing {"animated":false}
             child.viewWillLayoutSubviews
             child.viewDidLayoutSubviews
            +parent.viewIsAppearing {"animated":false}   (came after its child child's, rule 7)
            +child.viewDidAppear {"animated":false}   (came before its parent's, rule 7)
             parent.viewDidAppear {"animated":false}
            -child.viewDidAppear {"animated":false}   (expected here)
          ...
        ok 5 - rule13-push (rule 13) # SKIP tree: POST /v1/trees answered 501: navigationController is not implemented
        not ok 6 - rule17-child-size-change-tells-parent (rule 17)
          ---
          message: "ERROR rule17-child-size-change-tells-parent: step 0: PATCH /v1/trees/tree6/controllers/child answered 200 without `events`"
          ...
        # 6 scenarios: 1 passed, 2 failed, 2 skipped, 1 error

        """#
}
