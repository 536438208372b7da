/// The members or items of one instance node that keywords have evaluated (JSON Schema's
/// annotations), which `unevaluatedProperties` and `unevaluatedItems` leave alone.
struct SchemaEvaluated {
    /// Every member or item.
    var all = false
    /// The evaluated children, by node index.
    var children: Set<Int> = []

    mutating func merge(_ other: SchemaEvaluated) {
        all = all || other.all
        if !all { children.formUnion(other.children) }
    }

    func contains(_ child: NodeID) -> Bool { all || children.contains(child.index) }
}
