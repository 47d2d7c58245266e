import Containment
import ContainmentConformance
import Foundation
import TinyUIKit

/// TinyUIKit behind the kit's adapter protocol: one application per scenario, its controllers
/// by id, each step done with TinyUIKit's own calls. What TinyUIKit lacks (built-in
/// containers, presentations, transitions, the clock, traits, overrides…) is not implemented,
/// so those scenarios are skipped; what it does is compared without layout callbacks
/// (`CompareOptions.ignoreLayout`), as it has no layout pass.
final class TinyUIKitAdapter: ConformanceRuntime {
    let recorder: EventRecorder
    let app: UIApplication
    private(set) var controllers: [String: RecordingViewController] = [:]

    /// The spec fields TinyUIKit builds; a spec with any other is not implemented.
    static let specFields: Set<String> = ["id", "kind", "children", "containerViews", "containerView", "frame", "automaticallyForwardsAppearance"]

    init(recorder: EventRecorder, defects: Set<UIApplication.Defect> = []) {
        self.recorder = recorder
        app = UIApplication(defects: defects)
        app.log = { message, controller in recorder.recordWarning(message, on: (controller as? RecordingViewController)?.id) }
    }

    func makeTree(_ tree: ScenarioTree) throws(RuntimeError) {
        if let sizeClass = tree.window?.horizontalSizeClass, sizeClass != .compact { throw .notImplemented("size classes are not implemented") }
        if let size = tree.window?.size { app.window.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height) }
        if let root = tree.root { app.window.rootViewController = try build(root) }
        if tree.onScreen != false { app.window.makeKeyAndVisible() }
    }

    func endRunLoopTurn() { app.endTurn() }

    func create(_ spec: ControllerSpec) throws(RuntimeError) { _ = try build(spec) }

    func update(_ controller: String, with patch: ControllerPatch) throws(RuntimeError) {
        if let unsupported = RuntimeError.unsupportedFields(of: patch, supported: ["automaticallyForwardsAppearance"]) { throw unsupported }
        let controller = try self.controller(controller)
        if let forwards = patch.automaticallyForwardsAppearance { controller.forwardsAppearance = forwards }
    }

    func displayContentController(_ add: AddAction) throws(RuntimeError) {
        try embed(try controller(add.child), in: try controller(add.parent), containerView: add.containerView, frame: add.frame)
    }

    /// The guide's `hideContentController`.
    func hideContentController(_ remove: RemoveAction) throws(RuntimeError) {
        let child = try controller(remove.child)
        guard child.parent === (try controller(remove.parent)) else { throw .adapterError("\(remove.child) is not a child of \(remove.parent)") }
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }

    /// Every controller of `spec` created, then each embeds its children, parents first
    /// (docs/conformance.md, 2.4).
    private func build(_ spec: ControllerSpec) throws(RuntimeError) -> RecordingViewController {
        var made: [(spec: ControllerSpec, controller: RecordingViewController)] = []
        var pending = [spec]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            if let unsupported = RuntimeError.unsupportedFields(of: next, supported: Self.specFields) { throw unsupported }
            if let kind = next.kind, kind != .viewController { throw .notImplemented("\(kind.rawValue) is not implemented") }
            guard controllers[next.id] == nil, !made.contains(where: { $0.spec.id == next.id }) else { throw .adapterError("\(next.id) exists") }
            made.append((next, RecordingViewController(next, application: app, recorder: recorder)))
            pending.insert(contentsOf: next.children ?? [], at: 0)
        }
        for (spec, controller) in made { controllers[spec.id] = controller }
        for (spec, parent) in made {
            for child in spec.children ?? [] {
                try embed(try controller(child.id), in: parent, containerView: child.containerView, frame: child.frame)
            }
        }
        return try controller(spec.id)
    }

    /// The guide's `displayContentController`.
    private func embed(_ child: RecordingViewController, in parent: RecordingViewController, containerView: String?, frame: Rect?) throws(RuntimeError) {
        try uikit { () throws(UIKitException) in try parent.addChild(child) }
        child.view.frame = frame.map(CGRect.init) ?? app.window.bounds
        let target = try containerView.map { id throws(RuntimeError) in try self.containerView(id, of: parent) } ?? parent.view!
        try uikit { () throws(UIKitException) in try target.addSubview(child.view) }
        child.didMove(toParent: parent)
    }

    func controller(_ id: String) throws(RuntimeError) -> RecordingViewController {
        guard let controller = controllers[id] else { throw .adapterError("no controller \(id)") }
        return controller
    }

    func containerView(_ id: String, of controller: RecordingViewController) throws(RuntimeError) -> UIView {
        controller.loadViewIfNeeded()
        guard let view = controller.containerViews[id] else { throw .adapterError("\(controller.id) has no container view \(id)") }
        return view
    }

    /// UIKit's exceptions, as the step's problem.
    func uikit(_ body: () throws(UIKitException) -> Void) throws(RuntimeError) {
        do {
            try body()
        } catch {
            throw .exception(name: error.name, reason: error.reason)
        }
    }
}
