import Containment
import Foundation
import Testing

/// Modal presentation through HTTP (docs/uikit-rules-presentation.md): the spec and PATCH
/// fields, the raw calls on the tree's manual clock, UIKit's exceptions as 409 problems and its
/// warnings as events, and the text dump.
@Suite struct PresentationRouteTests {
    /// A window showing `root`; detached `sheet` (a page sheet) and `cover` (full screen).
    private func presentingService() throws -> TestService {
        let service = try TestService(.router)
        try service.createTree("modal", root: #"{"id": "root", "children": [{"id": "child"}]}"#)
        try #require(try service.request("POST", "/v1/trees/modal/controllers", json: #"{"id": "sheet"}"#).status == 201)
        let cover = try service.request("POST", "/v1/trees/modal/controllers", json: #"{"id": "cover", "modalPresentationStyle": "fullScreen"}"#)
        try #require(cover.status == 201)
        return service
    }

    private func calls(_ service: TestService, _ calls: String) throws -> Reply {
        try service.request("POST", "/v1/trees/modal/calls", json: #"{"calls": \#(calls)}"#)
    }

    private func lifecycle(_ reply: Reply) -> [String] {
        reply.callbacks.filter { !$0.hasSuffix("LayoutSubviews") }
    }

    @Test func controllerJSONShowsThePresentationFieldsAndPatchChangesThem() throws {
        let service = try presentingService()
        let sheet = try service.request("GET", "/v1/trees/modal/controllers/sheet").json
        #expect(sheet["modalPresentationStyle"].string == "automatic")
        #expect(sheet["definesPresentationContext"].bool == false)
        #expect(sheet["isModalInPresentation"].bool == false)
        #expect(sheet["presentingViewController"].isNull && sheet["presentedViewController"].isNull)
        #expect(sheet["isBeingPresented"].bool == false && sheet["isBeingDismissed"].bool == false)
        let patch = try service.request(
            "PATCH", "/v1/trees/modal/controllers/sheet", json: #"{"modalPresentationStyle": "formSheet", "isModalInPresentation": true}"#)
        #expect(patch.status == 200, "\(patch.text)")
        #expect(patch.json["controller"]["modalPresentationStyle"].string == "formSheet")
        #expect(patch.json["controller"]["isModalInPresentation"].bool == true)
        let wrong = try service.request("PATCH", "/v1/trees/modal/controllers/sheet", json: #"{"modalPresentationStyle": "sideways"}"#)
        #expect(wrong.status == 400)
    }

    @Test func animatedFullScreenPresentationRunsOnTheManualClockThenDismissal() throws {
        let service = try presentingService()
        let start = try calls(service, #"[{"receiver": "child", "method": "present", "args": {"viewController": "cover", "animated": true}}]"#)
        #expect(start.status == 200, "\(start.text)")
        #expect(
            lifecycle(start) == [
                "cover.loadView", "cover.viewDidLoad", "root.viewWillDisappear", "child.viewWillDisappear", "cover.viewWillAppear",
                "cover.viewIsAppearing",
            ])
        let midway = try service.request("GET", "/v1/trees/modal/controllers/cover").json
        #expect(midway["isBeingPresented"].bool == true)
        #expect(midway["presentingViewController"].string == "root")
        #expect(try service.request("GET", "/v1/trees/modal/controllers/child").json["presentedViewController"].string == "cover")
        let end = try service.request("POST", "/v1/trees/modal/clock", json: #"{"advance": 0.5}"#)
        #expect(lifecycle(end) == ["cover.viewDidAppear", "root.viewDidDisappear", "child.viewDidDisappear"])
        #expect(end.json["events"][0]["isBeingPresented"].bool == true)

        let dismiss = try calls(service, #"[{"receiver": "cover", "method": "dismiss", "args": {"animated": false}}]"#)
        #expect(
            lifecycle(dismiss) == [
                "cover.viewWillDisappear", "root.viewWillAppear", "child.viewWillAppear", "root.viewIsAppearing",
                "child.viewIsAppearing", "root.viewDidAppear", "child.viewDidAppear", "cover.viewDidDisappear",
            ])
        #expect(try service.request("GET", "/v1/trees/modal/controllers/root").json["presentedViewController"].isNull)
    }

    /// On the real clock the transition timer completes an animated presentation after its
    /// 0.5 s (polled for at most 5 s).
    @Test func animatedPresentationCompletesInWallTimeOnTheRealClock() throws {
        let service = try TestService(.router)
        try service.createTree("live", root: #"{"id": "root"}"#, clock: "real")
        try #require(try service.request("POST", "/v1/trees/live/controllers", json: #"{"id": "sheet"}"#).status == 201)
        let start = try service.request(
            "POST", "/v1/trees/live/calls", json: #"{"calls": [{"receiver": "root", "method": "present", "args": {"viewController": "sheet"}}]}"#)
        #expect(start.status == 200)
        #expect(try service.request("GET", "/v1/trees/live/controllers/sheet").json["isBeingPresented"].bool == true)
        let deadline = Date().addingTimeInterval(5)
        var sheet = JSONValue.null
        repeat {
            Thread.sleep(forTimeInterval: 0.1)
            sheet = try service.request("GET", "/v1/trees/live/controllers/sheet").json
        } while sheet["isBeingPresented"].bool == true && Date() < deadline
        #expect(sheet["isBeingPresented"].bool == false)
        #expect(sheet["appearance"].string == "appeared")
    }

    @Test func presentExceptionsAre409ProblemsThatChangeNothing() throws {
        let service = try presentingService()
        let before = try service.request("GET", "/v1/trees/modal").json
        let child = try calls(service, #"[{"receiver": "sheet", "method": "present", "args": {"viewController": "child"}}]"#)
        #expect(child.status == 409)
        #expect(child.header("Content-Type") == "application/problem+json")
        #expect(child.json["title"].string == "NSInvalidArgumentException")
        #expect(child.json["code"].string == "present_child")
        #expect(
            child.json["detail"].string
                == "Application tried to present modally a view controller <child> that has a parent view controller <root>.")
        let nilController = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": null}}]"#)
        #expect(nilController.status == 409)
        #expect(nilController.json["detail"].string == "Application tried to present a nil modal view controller on target <root>.")
        let missing = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "ghost"}}]"#)
        #expect(missing.status == 404)
        let noArgument = try calls(service, #"[{"receiver": "root", "method": "present"}]"#)
        #expect(noArgument.status == 400)
        #expect(noArgument.json["field"].string == "calls[0].args.viewController")
        let after = try service.request("GET", "/v1/trees/modal").json
        #expect(after["controllers"] == before["controllers"])
        #expect(after["lastSeq"] == before["lastSeq"])
    }

    @Test func presentWarningsAreEventsInA200AndNothingIsPresented() throws {
        let service = try presentingService()
        let reply = try calls(
            service,
            #"[{"receiver": "root", "method": "present", "args": {"viewController": "sheet", "animated": false}}, {"receiver": "window", "method": "runLoop"}, {"receiver": "child", "method": "present", "args": {"viewController": "cover"}}]"#
        )
        #expect(reply.status == 200, "\(reply.text)")
        let warnings = reply.json["events"].array.compactMap { $0["warning"].string }
        #expect(warnings == ["Attempt to present <cover> on <root> (from <child>) which is already presenting <sheet>."])
        #expect(try service.request("GET", "/v1/trees/modal/controllers/cover").json["presentingViewController"].isNull)
    }

    @Test func sheetSwipeDownReportsTheDelegateCallbacks() throws {
        let service = try presentingService()
        _ = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "sheet", "animated": false}}]"#)
        let swipe = try calls(
            service,
            #"[{"receiver": "sheet", "method": "beginInteractiveDismissal"}, {"receiver": "sheet", "method": "updateInteractiveDismissal", "args": {"percent": 0.7}}, {"receiver": "sheet", "method": "finishInteractiveDismissal"}]"#
        )
        #expect(swipe.status == 200, "\(swipe.text)")
        #expect(
            lifecycle(swipe) == [
                "sheet.presentationControllerShouldDismiss", "sheet.presentationControllerWillDismiss", "sheet.viewWillDisappear",
                // The swipe's transition coordinator (rule 35).
                "sheet.notifyWhenInteractionChanges", "sheet.viewDidDisappear", "sheet.animateAlongsideTransitionCompletion",
                "sheet.presentationControllerDidDismiss",
            ])
        #expect(swipe.json["events"][2]["isBeingDismissed"].bool == true)
        let percent = try calls(service, #"[{"receiver": "sheet", "method": "updateInteractiveDismissal", "args": {"percent": 1.5}}]"#)
        #expect(percent.status == 400)
        let none = try calls(service, #"[{"receiver": "sheet", "method": "finishInteractiveDismissal"}]"#)
        #expect(none.status == 409)
        #expect(none.json["code"].string == "no_interactive_dismissal")
    }

    @Test func declaredPresentationAndTextDump() throws {
        let service = try TestService(.router)
        try service.createTree("modal", root: #"{"id": "root", "presented": {"id": "sheet", "modalPresentationStyle": "overFullScreen"}}"#)
        let sheet = try service.request("GET", "/v1/trees/modal/controllers/sheet").json
        #expect(sheet["presentingViewController"].string == "root")
        #expect(sheet["appearance"].string == "appeared")
        let text = try service.request("GET", "/v1/trees/modal/hierarchy").text
        #expect(
            text.contains(
                "\n   + <UIViewController sheet>, state: appeared, view: <UIView sheet.view>, presented with: <_UIOverFullscreenPresentationController>\n"))
        let detached = try service.request("POST", "/v1/trees/modal/controllers", json: #"{"id": "a", "presented": {"id": "b"}}"#)
        #expect(detached.status == 400)
        #expect(detached.json["field"].string == "presented")
        let deletion = try service.request("DELETE", "/v1/trees/modal/controllers/sheet")
        #expect(deletion.status == 409)
    }

    /// Rule 50: the `sheetPresentationController` object in the spec, PATCH and snapshot.
    @Test func sheetDetentsThroughHTTP() throws {
        let service = try presentingService()
        #expect(try service.request("GET", "/v1/trees/modal/controllers/sheet").json["sheetPresentationController"].isNull)
        let patch = try service.request(
            "PATCH", "/v1/trees/modal/controllers/sheet", json: #"{"sheetPresentationController": {"detents": ["medium", "large"]}}"#)
        #expect(patch.status == 200, "\(patch.text)")
        let declared = patch.json["controller"]["sheetPresentationController"]
        #expect(declared["detents"].array == ["medium", "large"])
        #expect(declared["selectedDetentIdentifier"].isNull && declared["largestUndimmedDetentIdentifier"].isNull)
        #expect(declared["prefersGrabberVisible"].bool == false)
        _ = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "sheet", "animated": false}}]"#)
        let resting = try service.request("GET", "/v1/trees/modal/controllers/sheet").json
        #expect(resting["sheetPresentationController"]["selectedDetentIdentifier"].string == "medium")
        let drag = try calls(service, #"[{"receiver": "sheet", "method": "dragSheet", "args": {"detentIdentifier": "large"}}]"#)
        #expect(drag.callbacks == ["sheet.sheetPresentationControllerDidChangeSelectedDetentIdentifier"])
        let animate = try calls(service, #"[{"receiver": "sheet", "method": "animateChanges", "args": {"selectedDetentIdentifier": "medium"}}]"#)
        #expect(animate.status == 200 && animate.callbacks.isEmpty)
        for bad in [
            #"{"sheetPresentationController": {"detents": []}}"#, #"{"sheetPresentationController": {"detents": ["large", "medium"]}}"#,
            #"{"sheetPresentationController": {"detents": ["small"]}}"#, #"{"sheetPresentationController": {"grabber": true}}"#,
            #"{"sheetPresentationController": {"detents": ["large"]}}"#, #"{"sheetPresentationController": null}"#,
        ] {
            #expect(try service.request("PATCH", "/v1/trees/modal/controllers/sheet", json: bad).status == 400, "\(bad)")
        }
        let after = try service.request("GET", "/v1/trees/modal/controllers/sheet").json["sheetPresentationController"]
        #expect(after["detents"].array == ["medium", "large"] && after["selectedDetentIdentifier"].string == "medium")
    }
}
