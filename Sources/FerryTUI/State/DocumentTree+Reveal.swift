import FerryCore

extension DocumentTree {
    /// The selected node, or nil when there are no rows.
    public var selectedNode: NodeID? { rows.indices.contains(selection) ? rows[selection].node : nil }

    /// Expands the ancestors of `node` and selects it.
    public mutating func reveal(_ node: NodeID) {
        guard let document else { return }
        var chain = [node]
        while let parent = document.parent(of: chain[chain.count - 1]) { chain.append(parent) }
        chain.reverse()
        guard var index = rows.firstIndex(where: { $0.depth == 0 && $0.node == chain[0] }) else { return }
        for step in chain.dropFirst() {
            expand(at: index)
            let depth = rows[index].depth + 1
            guard
                let child = rows[(index + 1)...].prefix(while: { $0.depth >= depth }).firstIndex(where: {
                    $0.depth == depth && $0.node == step
                })
            else { return }
            index = child
        }
        selection = -1
        select(index)
    }
}
