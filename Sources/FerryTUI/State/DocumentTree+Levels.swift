import FerryCore

extension DocumentTree {
    /// The most rows "expand all" makes; a larger subtree is left as it was (expand it level by level).
    public static let expandAllLimit = 500_000

    /// The row index just past the selected row's visible subtree.
    private var subtreeEnd: Int {
        let depth = rows[selection].depth
        return rows[(selection + 1)...].firstIndex { $0.depth <= depth } ?? rows.count
    }

    /// Shows every node below the selection. Returns false, changing nothing, when that would make
    /// more than `expandAllLimit` rows.
    @discardableResult
    public mutating func expandAll() -> Bool {
        guard let document, rows.indices.contains(selection) else { return true }
        let top = rows[selection]
        var fresh: [TreeRow] = []
        // Depth-first, children pushed in reverse so they come out in document order.
        var stack: [TreeRow] = Array(children(of: top, in: document).reversed())
        while let row = stack.popLast() {
            fresh.append(row)
            guard fresh.count <= Self.expandAllLimit else { return false }
            if row.childCount > 0 { stack += children(of: row, in: document).reversed() }
        }
        rows.replaceSubrange((selection + 1)..<subtreeEnd, with: fresh)
        return true
    }

    /// Opens the whole tree level by level, breadth-first as jless and fx open a document, while the
    /// next level still fits in `limit` rows. Costs a pass over at most `limit` rows per level.
    public mutating func expandToFit(_ limit: Int) {
        guard document != nil else { return }
        while true {
            let collapsed = rows.indices.filter { rows[$0].childCount > 0 && !isExpanded($0) }
            guard let depth = collapsed.map({ rows[$0].depth }).min() else { return }
            let level = collapsed.filter { rows[$0].depth == depth }
            guard rows.count + level.reduce(0, { $0 + rows[$1].childCount }) <= limit else { return }
            for index in level.reversed() { expand(at: index) }
        }
    }

    /// Expands the shallowest collapsed containers below (and including) the selection.
    public mutating func expandLevel() {
        guard rows.indices.contains(selection) else { return }
        let range = selection..<subtreeEnd
        let collapsed = range.filter { rows[$0].childCount > 0 && !isExpanded($0) }
        guard let depth = collapsed.map({ rows[$0].depth }).min() else { return }
        for index in collapsed.reversed() where rows[index].depth == depth { expand(at: index) }
    }

    /// Collapses the deepest expanded containers below (and including) the selection.
    public mutating func collapseLevel() {
        guard rows.indices.contains(selection) else { return }
        let expanded = (selection..<subtreeEnd).filter { isExpanded($0) }
        guard let depth = expanded.map({ rows[$0].depth }).max() else { return }
        for index in expanded.reversed() where rows[index].depth == depth {
            let end = rows[(index + 1)...].firstIndex { $0.depth <= depth } ?? rows.count
            rows.removeSubrange((index + 1)..<end)
        }
    }

    /// Back to the top-level nodes only, selecting the one that held the selection.
    public mutating func collapseAll() {
        guard let document, rows.indices.contains(selection) else { return }
        let top = rows[...selection].lastIndex { $0.depth == 0 } ?? 0
        let position = rows[..<top].filter { $0.depth == 0 }.count
        rows = document.topLevelNodes.enumerated().map { TreeRow($1, depth: 0, position: $0, in: document) }
        selection = -1
        select(position)
    }

    private func children(of row: TreeRow, in document: Document) -> [TreeRow] {
        document.children(of: row.node).enumerated().map { TreeRow($1, depth: row.depth + 1, position: $0, in: document) }
    }
}
