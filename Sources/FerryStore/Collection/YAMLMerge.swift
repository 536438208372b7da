import Yams

/// A three-way merge of YAML documents (`ferry import openapi` a second time): the last import
/// (`base`), the user's file (`ours`) and the new import (`theirs`). Where only one side changed a
/// value, its change wins; mappings are merged key by key (so a header the user added and a
/// parameter the spec renamed both survive); where both changed the same value differently, the
/// spec's is taken and the place is named as a conflict. Sequences and scalars are values whole.
enum YAMLMerge {
    /// The merged node (nil: absent) and the key paths of the conflicts (`params.limit`).
    static func merge(base: Node?, ours: Node?, theirs: Node?, at path: String = "") -> (node: Node?, conflicts: [String]) {
        if ours == theirs { return (ours, []) }
        if ours == base { return (theirs, []) }
        if theirs == base { return (ours, []) }
        guard case .mapping(let mine)? = ours, case .mapping(let spec)? = theirs else {
            return (theirs, [path.isEmpty ? "(the whole file)" : path])
        }
        var old: Node.Mapping?
        if case .mapping(let mapping)? = base { old = mapping }
        var keys = Array(mine.keys)
        for key in spec.keys where !keys.contains(key) { keys.append(key) }
        var pairs: [(Node, Node)] = []
        var conflicts: [String] = []
        for key in keys {
            let name = key.string ?? "?"
            let merged = merge(base: old?[key], ours: mine[key], theirs: spec[key], at: path.isEmpty ? name : path + "." + name)
            conflicts += merged.conflicts
            if let node = merged.node { pairs.append((key, node)) }
        }
        return (.mapping(Node.Mapping(pairs, mine.tag, mine.style)), conflicts)
    }

    /// The top-level keys whose values differ between two documents (`url`, `body`), for the report.
    static func changedKeys(from base: Node?, to theirs: Node?) -> [String] {
        guard case .mapping(let old)? = base, case .mapping(let new)? = theirs else { return base == theirs ? [] : ["(the whole file)"] }
        var keys = Array(old.keys)
        for key in new.keys where !keys.contains(key) { keys.append(key) }
        return keys.filter { old[$0] != new[$0] }.compactMap(\.string)
    }
}
