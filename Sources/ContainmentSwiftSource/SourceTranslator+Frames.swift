#if SwiftSource
import Containment

/// Frames: a view's frame is certain only when every frame the source gives it is the same as
/// the one it starts with (a loaded root view fills the window), whatever order the app runs
/// in; a frame read from a view the source makes two things is refused, never guessed.
extension SourceTranslator {
    func resolveFrames() throws(SwiftSourceRefusal) {
        for index in program.controllers.indices {
            for callback in program.controllers[index].overrides.keys.sorted() {
                try resolve(&program.controllers[index].overrides[callback]!)
            }
        }
        try resolve(&launch)
    }

    private func resolve(_ calls: inout [LocatedCall]) throws(SwiftSourceRefusal) {
        for index in calls.indices {
            if let frame = calls[index].frame {
                let rect = try resolve(frame, at: calls[index].location, visiting: [])
                calls[index].call.args = [
                    "frame": .object(["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)])
                ]
                calls[index].frame = nil
            }
            if calls[index].completion != nil { try resolve(&calls[index].completion!) }
        }
    }

    private func resolve(_ frame: FrameValue, at place: SwiftSourceLocation, visiting: Set<String>) throws(SwiftSourceRefusal) -> Rect {
        switch frame {
        case .rect(let rect):
            return rect
        case .offset(let base, let dx, let dy):
            let rect = try resolve(base, at: place, visiting: visiting)
            return Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        case .frameOf(let view), .boundsOf(let view):
            guard !visiting.contains(view) else { throw unknownFrame(view, at: place) }
            var values = Set(windowSizes.map { Rect(origin: Point(x: 0, y: 0), size: $0) })
            for assigned in frameAssignments[view] ?? [] {
                values.insert(try resolve(assigned, at: place, visiting: visiting.union([view])))
            }
            if case .boundsOf = frame {
                let sizes = Set(values.map { Size(width: $0.width, height: $0.height) })
                guard sizes.count == 1, let size = sizes.first else { throw unknownFrame(view, at: place) }
                return Rect(x: 0, y: 0, width: size.width, height: size.height)
            }
            guard values.count == 1, let rect = values.first else { throw unknownFrame(view, at: place) }
            return rect
        }
    }

    private func unknownFrame(_ view: String, at place: SwiftSourceLocation) -> SwiftSourceRefusal {
        SwiftSourceRefusal(
            code: "frame_not_static", construct: "frame of \(view)", at: place,
            detail: "The source gives \(view) frames of different values; which one this reads depends on the order the app runs in.",
            supported: "Frames read from views whose frames the source keeps the window's (`view.bounds`), or `CGRect(x:y:width:height:)` literals.")
    }
}
#endif
