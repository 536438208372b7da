import FerryCore

/// The Tree's filter: the nodes a wildcard path selects (`$.items[*].id`), each a root row of a
/// tree of their own (labelled with its path, expandable as any row); clearing it brings back the
/// whole document as it was.
extension DocumentTree {
    /// Shows only `nodes`, the matches of `pattern`; an empty list leaves the tree as it is.
    mutating func filter(to nodes: [NodeID], pattern: String) {
        guard let document, !nodes.isEmpty else { return }
        if filter == nil {
            unfiltered = rows
            unfilteredSelection = selection
        }
        filter = pattern
        rows = nodes.map { TreeRow($0, depth: 0, position: document.position(of: $0), in: document) }
        selection = 0
        selectedPath = NodePath.path(of: nodes[0], in: document)
    }

    /// Shows the whole document again, with the rows and selection it had before the filter.
    mutating func clearFilter() {
        guard filter != nil else { return }
        rows = unfiltered ?? rows
        filter = nil
        unfiltered = nil
        selection = min(unfilteredSelection, max(0, rows.count - 1))
        selectedPath = nil
        select(selection)
    }

    /// True when the row at `index` is one of a filter's matches (shown with its whole path).
    public func isFilterRoot(_ index: Int) -> Bool { filter != nil && rows[index].depth == 0 }
}
