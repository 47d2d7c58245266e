/// One unwind segue's search for its destination (rule 46): what it looks for, and the
/// controllers already asked, so that a declared `allowedChildrenForUnwinding(from:)` naming
/// a duplicate or the way back can neither repeat work nor loop.
struct UnwindSearch {
    let source: String
    let action: String
    var budget: WalkBudget
    var asked: Set<String> = []
}
