/// The comparison under both diffs: two ordered lists of keyed items, matched by key.
enum KeyedDiff {
    /// Changed and removed items in `old`'s order, then added items in `new`'s order. An item
    /// missing on the other side is reported only when `isReported` says so (given the other side
    /// by key), so a diff can name only the top of a removed or added subtree.
    static func compare<Item>(
        _ old: [Item], _ new: [Item], key: (Item) -> String, differs: (Item, Item) -> Bool,
        isReported: (Item, _ otherSide: [String: Item]) -> Bool = { _, _ in true }
    )
        -> [(kind: DocumentDiff.Change.Kind, old: Item?, new: Item?)]
    {
        let oldByKey = Dictionary(old.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [(kind: DocumentDiff.Change.Kind, old: Item?, new: Item?)] = []
        for item in old {
            if let counterpart = newByKey[key(item)] {
                if differs(item, counterpart) { changes.append((.changed, item, counterpart)) }
            } else if isReported(item, newByKey) {
                changes.append((.removed, item, nil))
            }
        }
        for item in new where oldByKey[key(item)] == nil && isReported(item, oldByKey) {
            changes.append((.added, nil, item))
        }
        return changes
    }
}
