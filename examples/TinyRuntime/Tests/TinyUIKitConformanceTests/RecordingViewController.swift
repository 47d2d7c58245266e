import Containment
import ContainmentConformance
import Foundation
import TinyUIKit

/// The app's controller class, as a storyboard would declare it from a spec: its container
/// views and whether it forwards appearance, and every callback it gets recorded, with
/// UIKit's names and arguments (docs/conformance.md, 2.2), before calling `super`.
final class RecordingViewController: UIViewController {
    let id: String
    let recorder: EventRecorder
    var forwardsAppearance: Bool
    let containerViewSpecs: [ContainerViewSpec]
    private(set) var containerViews: [String: UIView] = [:]

    init(_ spec: ControllerSpec, application: UIApplication, recorder: EventRecorder) {
        id = spec.id
        self.recorder = recorder
        forwardsAppearance = spec.automaticallyForwardsAppearance ?? true
        containerViewSpecs = spec.containerViews ?? []
        super.init(application: application)
    }

    override var description: String { "<\(id)>" }
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearance }

    /// The root view, and the spec's container views in it.
    override func loadView() {
        recorder.record("loadView", on: id)
        super.loadView()
        for slot in containerViewSpecs {
            let container = UIView(frame: slot.frame.map(CGRect.init) ?? view.bounds)
            try? view.addSubview(container)  // a plain view: nothing to refuse
            containerViews[slot.id] = container
        }
    }

    override func viewDidLoad() {
        recorder.record("viewDidLoad", on: id)
        super.viewDidLoad()
    }

    override func viewWillAppear(_ animated: Bool) { appearance("viewWillAppear", animated) }
    override func viewIsAppearing(_ animated: Bool) { appearance("viewIsAppearing", animated) }
    override func viewDidAppear(_ animated: Bool) { appearance("viewDidAppear", animated) }
    override func viewWillDisappear(_ animated: Bool) { appearance("viewWillDisappear", animated) }
    override func viewDidDisappear(_ animated: Bool) { appearance("viewDidDisappear", animated) }

    override func willMove(toParent parent: UIViewController?) {
        recorder.record("willMove", on: id, args: ["parent": Self.id(of: parent)])
        super.willMove(toParent: parent)
    }

    override func didMove(toParent parent: UIViewController?) {
        recorder.record("didMove", on: id, args: ["parent": Self.id(of: parent)])
        super.didMove(toParent: parent)
    }

    private func appearance(_ callback: String, _ animated: Bool) {
        recorder.recordAppearance(callback, on: id, animated: animated, isMovingToParent: isMovingToParent, isMovingFromParent: isMovingFromParent)
    }

    static func id(of controller: UIViewController?) -> JSONValue {
        (controller as? RecordingViewController).map { .string($0.id) } ?? .null
    }
}

extension CGRect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}
