import Containment

/// The id rule of the contract: `[A-Za-z0-9._-]{1,64}` — safe in paths, logs and metrics.
enum Identifier {
    static func isValid(_ id: String) -> Bool {
        let utf8 = id.utf8
        return (1...64).contains(utf8.count) && utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    static func validate(_ id: String, field: String) throws(Problem) {
        guard isValid(id) else {
            throw .badRequest("`\(field)` must match [A-Za-z0-9._-]{1,64}.", field: field, code: "invalid_id")
        }
    }

    private static func join(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : "\(prefix).\(name)"
    }

    /// Checks every id a spec declares (its own, container views', nested controllers').
    static func validate(_ spec: ControllerSpec, field: String) throws(Problem) {
        try validate(spec.id, field: join(field, "id"))
        for (index, view) in (spec.containerViews ?? []).enumerated() {
            try validate(view.id, field: join(field, "containerViews[\(index)].id"))
        }
        for (index, child) in (spec.children ?? []).enumerated() {
            try validate(child, field: join(field, "children[\(index)]"))
        }
        for (index, child) in (spec.viewControllers ?? []).enumerated() {
            try validate(child, field: join(field, "viewControllers[\(index)]"))
        }
        if let primary = spec.primary { try validate(primary, field: join(field, "primary")) }
        if let secondary = spec.secondary { try validate(secondary, field: join(field, "secondary")) }
    }
}
