import Containment

/// Caps on the free-form fields a client fills, so that no single controller holds an
/// outsized share of the memory budget: a title is a short label in UIKit, and `properties`
/// carry a test's own small annotations. Ids are capped by the engine (64 characters). A field
/// over its cap is a 400 `field_too_large` naming it.
enum FieldLimits {
    /// Characters (Unicode code points, as JSON Schema's `maxLength` counts) of a `title`.
    static let maxTitleLength = 1_024
    /// Entries in one controller's `properties`.
    static let maxProperties = 64
    /// Characters (code points) of a `properties` key.
    static let maxPropertyKeyLength = 64
    /// Estimated bytes of one `properties` value, as decoded (`JSONValue.estimatedBytes`: about
    /// 40 per array element, 350 per object, strings' bytes).
    static let maxPropertyValueBytes = 16 * 1_024
    /// Container views one controller declares.
    static let maxContainerViews = 64
    /// Entries in one controller's `childContentSizes` (a size per child it sizes itself).
    static let maxChildContentSizes = 1_024
    /// Characters (code points) of a segue identifier or an unwind action's name: selector
    /// and storyboard names, short.
    static let maxSegueNameLength = 256
    /// Unwind actions one controller implements.
    static let maxUnwindActions = 64
    /// Ids one controller's `allowedChildrenForUnwinding` lists.
    static let maxAllowedChildren = 1_024
    /// Estimated bytes of the arguments of one call an override declares, as decoded
    /// (`JSONValue.estimatedBytes(ofObject:)`), as for a `properties` value.
    static let maxOverrideCallBytes = 16 * 1_024

    /// Checks `spec` and every controller nested in it; `field` is its path in the body (nil:
    /// the body itself).
    static func check(_ spec: ControllerSpec, field: String?) throws(Problem) {
        try check(title: spec.title, properties: spec.properties, field: field)
        if let views = spec.containerViews, views.count > maxContainerViews {
            throw tooLarge(path(field, "containerViews"), "holds \(views.count) container views; at most \(maxContainerViews) are allowed")
        }
        try check(childContentSizes: spec.childContentSizes, field: field)
        try checkCallbacksAndSegues(
            overrides: spec.overrides?.mapValues { Optional($0) }, segueSettings: spec.segueSettings, embedSegue: spec.embedSegue,
            field: field)
        for (index, child) in (spec.children ?? []).enumerated() { try check(child, field: path(field, "children[\(index)]")) }
        for (index, child) in (spec.viewControllers ?? []).enumerated() { try check(child, field: path(field, "viewControllers[\(index)]")) }
        if let primary = spec.primary { try check(primary, field: path(field, "primary")) }
        if let secondary = spec.secondary { try check(secondary, field: path(field, "secondary")) }
        if let compact = spec.compact { try check(compact, field: path(field, "compact")) }
        if let supplementary = spec.supplementary { try check(supplementary, field: path(field, "supplementary")) }
        if let presented = spec.presented { try check(presented, field: path(field, "presented")) }
    }

    static func check(_ patch: ControllerPatch) throws(Problem) {
        try check(title: patch.title ?? nil, properties: patch.properties, field: nil)
        try check(childContentSizes: patch.childContentSizes, field: nil)
        try checkCallbacksAndSegues(
            overrides: patch.overrides, segueSettings: patch.segueSettings.applied(to: SegueSettings()), embedSegue: nil, field: nil)
    }

    /// Rules 40 and 45–46: the names a controller declares stay short and its lists bounded
    /// (the engine bounds how many calls an override and segues a controller declare).
    private static func checkCallbacksAndSegues(
        overrides: [String: [RawCall]?]?, segueSettings: SegueSettings, embedSegue: String?, field: String?
    ) throws(Problem) {
        for (callback, calls) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            for (index, call) in (calls ?? []).enumerated() {
                let bytes = JSONValue.estimatedBytes(ofObject: call.args ?? [:])
                if bytes > maxOverrideCallBytes {
                    throw tooLarge(
                        path(field, "overrides.\(callback)[\(index)].args"), "holds about \(bytes) bytes; at most \(maxOverrideCallBytes) are allowed")
                }
            }
        }
        for (index, segue) in (segueSettings.segues ?? []).enumerated() {
            try checkName(segue.identifier, path(field, "segues[\(index)].identifier"))
            if let action = segue.action { try checkName(action, path(field, "segues[\(index)].action")) }
        }
        if let embedSegue { try checkName(embedSegue, path(field, "embedSegue")) }
        if let unwindActions = segueSettings.unwindActions {
            if unwindActions.count > maxUnwindActions {
                throw tooLarge(path(field, "unwindActions"), "holds \(unwindActions.count) entries; at most \(maxUnwindActions) are allowed")
            }
            for action in unwindActions.keys.sorted() { try checkName(action, path(field, "unwindActions")) }
        }
        if let allowedChildren = segueSettings.allowedChildrenForUnwinding, allowedChildren.count > maxAllowedChildren {
            throw tooLarge(
                path(field, "allowedChildrenForUnwinding"), "lists \(allowedChildren.count) ids; at most \(maxAllowedChildren) are allowed")
        }
    }

    private static func checkName(_ name: String, _ field: String) throws(Problem) {
        if name.unicodeScalars.count > maxSegueNameLength {
            throw tooLarge(field, "is \(name.unicodeScalars.count) characters long; at most \(maxSegueNameLength) are allowed")
        }
    }

    private static func check(childContentSizes: [String: Size]?, field: String?) throws(Problem) {
        if let sizes = childContentSizes, sizes.count > maxChildContentSizes {
            throw tooLarge(
                path(field, "childContentSizes"), "holds \(sizes.count) entries; at most \(maxChildContentSizes) are allowed")
        }
    }

    private static func check(title: String?, properties: [String: JSONValue]?, field: String?) throws(Problem) {
        if let title, title.unicodeScalars.count > maxTitleLength {
            throw tooLarge(path(field, "title"), "is \(title.unicodeScalars.count) characters long; at most \(maxTitleLength) are allowed")
        }
        guard let properties else { return }
        if properties.count > maxProperties {
            throw tooLarge(path(field, "properties"), "holds \(properties.count) entries; at most \(maxProperties) are allowed")
        }
        for (key, value) in properties {
            if key.unicodeScalars.count > maxPropertyKeyLength {
                throw tooLarge(path(field, "properties"), "has a key of \(key.unicodeScalars.count) characters; at most \(maxPropertyKeyLength) are allowed")
            }
            if value.estimatedBytes > maxPropertyValueBytes {
                throw tooLarge(path(field, "properties.\(key)"), "holds about \(value.estimatedBytes) bytes; at most \(maxPropertyValueBytes) are allowed")
            }
        }
    }

    /// `name` inside `field`, the way problems name fields (`root.children[2].title`).
    private static func path(_ field: String?, _ name: String) -> String {
        field.map { "\($0).\(name)" } ?? name
    }

    private static func tooLarge(_ field: String, _ what: String) -> Problem {
        .badRequest("`\(field)` \(what).", field: field, code: "field_too_large")
    }
}
