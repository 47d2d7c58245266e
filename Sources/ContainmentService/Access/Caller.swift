/// Who sent a request, as its bearer token names them. With access control off there is no
/// caller and every request sees every tree.
struct Caller: Sendable, Equatable {
    enum Role: String, Sendable {
        /// Sees and changes only the trees its own token created.
        case user
        /// Sees and changes every tree.
        case admin
    }

    let name: String
    let role: Role

    /// Whether a tree created by `owner` (nil: created with access control off) is visible.
    func canSee(treeOwnedBy owner: String?) -> Bool {
        role == .admin || owner == name
    }
}

extension Optional where Wrapped == Caller {
    /// No caller (access control off) sees everything.
    func canSee(treeOwnedBy owner: String?) -> Bool {
        map { $0.canSee(treeOwnedBy: owner) } ?? true
    }

    /// The owner recorded on a tree this caller creates.
    var ownerName: String? { self?.name }
}
