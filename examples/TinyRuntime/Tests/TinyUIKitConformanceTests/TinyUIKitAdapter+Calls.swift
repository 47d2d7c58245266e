import Containment
import ContainmentConformance
import Foundation
import TinyUIKit

/// Raw calls (docs/api.md, "Raw calls") as TinyUIKit calls; a method TinyUIKit lacks is not
/// implemented.
extension TinyUIKitAdapter {
    func perform(_ call: RawCall) throws(RuntimeError) {
        let args = call.args ?? [:]
        if call.receiver == "window" {
            guard call.method == "setHidden" else { throw .notImplemented("window.\(call.method) is not implemented") }
            app.window.isHidden = try flag(args, "hidden")
        } else if let controller = controllers[call.receiver] {
            try perform(call.method, args, on: controller)
        } else {
            let view = try self.view(call.receiver)
            switch call.method {
            case "addSubview":
                let subview = try self.view(try string(args, "view"))
                try uikit { () throws(UIKitException) in try view.addSubview(subview) }
            case "insertSubview":
                let subview = try self.view(try string(args, "view"))
                let index = Int(args["at"]?.numberValue ?? 0)
                try uikit { () throws(UIKitException) in try view.insertSubview(subview, at: index) }
            case "removeFromSuperview": view.removeFromSuperview()
            case "setFrame": view.frame = try rect(args["frame"])
            case "layoutIfNeeded": view.layoutIfNeeded()
            default: throw .notImplemented("\(call.method) is not implemented")
            }
        }
    }

    private func perform(_ method: String, _ args: [String: JSONValue], on controller: RecordingViewController) throws(RuntimeError) {
        switch method {
        case "addChild":
            let child = try self.controller(try string(args, "child"))
            try uikit { () throws(UIKitException) in try controller.addChild(child) }
        case "removeFromParent": controller.removeFromParent()
        case "willMove": controller.willMove(toParent: try optionalController(args, "toParent"))
        case "didMove": controller.didMove(toParent: try optionalController(args, "toParent"))
        case "beginAppearanceTransition":
            controller.beginAppearanceTransition(try flag(args, "isAppearing"), animated: try flag(args, "animated"))
        case "endAppearanceTransition": controller.endAppearanceTransition()
        case "loadViewIfNeeded": controller.loadViewIfNeeded()
        default: throw .notImplemented("\(method) is not implemented")
        }
    }

    /// `<controller>.view` (loading it, as UIKit's `view` does) or a container view.
    private func view(_ id: String) throws(RuntimeError) -> UIView {
        if id.hasSuffix(".view"), let controller = controllers[String(id.dropLast(5))] { return controller.view }
        guard let owner = controllers.values.first(where: { $0.containerViewSpecs.contains { $0.id == id } }) else {
            throw .adapterError("no view \(id)")
        }
        return try containerView(id, of: owner)
    }

    private func rect(_ value: JSONValue?) throws(RuntimeError) -> CGRect {
        guard case .object(let fields)? = value, let x = fields["x"]?.numberValue, let y = fields["y"]?.numberValue,
            let width = fields["width"]?.numberValue, let height = fields["height"]?.numberValue
        else { throw .adapterError("`frame` must be {x, y, width, height}") }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    private func string(_ args: [String: JSONValue], _ key: String) throws(RuntimeError) -> String {
        guard let value = args[key]?.stringValue else { throw .adapterError("`\(key)` must be a string") }
        return value
    }

    private func flag(_ args: [String: JSONValue], _ key: String) throws(RuntimeError) -> Bool {
        guard let value = args[key]?.boolValue else { throw .adapterError("`\(key)` must be true or false") }
        return value
    }

    /// An id, or `null` (or absent) for nil.
    private func optionalController(_ args: [String: JSONValue], _ key: String) throws(RuntimeError) -> UIViewController? {
        guard let id = args[key], id != .null else { return nil }
        guard let name = id.stringValue else { throw .adapterError("`\(key)` must be an id or null") }
        return try controller(name)
    }
}
