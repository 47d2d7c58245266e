/// Id rules shared by trees, controllers and views.
enum TreeValidation {
    /// `[A-Za-z0-9._-]{1,64}`.
    static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 64 else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 46
                || byte == 95 || byte == 45
        }
    }

    /// Controller and container view ids must not collide with `window` or a root view id.
    static func isValidNodeID(_ id: String) -> Bool {
        isValidID(id) && id != WindowState.viewID && !id.hasSuffix(".view")
    }

    static func isValid(_ rect: Rect) -> Bool {
        rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite && rect.width >= 0
            && rect.height >= 0
    }

    static func isValid(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
    }
}
