import FerryCore
import Foundation

/// The Tree tab's state: the parsed body and the flat list of visible rows, changed only on expand
/// and collapse so a frame costs only the rows on screen.
public struct DocumentTree: Hashable, @unchecked Sendable {
    /// The parsed body, or nil when the body is not a document.
    public let document: Document?
    /// Why there is no document (one line), or nil.
    public let note: String?
    public internal(set) var rows: [TreeRow]
    public internal(set) var selection = 0
    /// The selected row's path (`NodePath`), or nil when there are no rows; kept on every change.
    public internal(set) var selectedPath: String?
    /// The wildcard path whose matches the rows show as a tree of their own, or nil for the whole document.
    public internal(set) var filter: String?
    /// The whole document's rows and selection while a filter shows its matches.
    var unfiltered: [TreeRow]?
    var unfilteredSelection = 0

    public init(document: Document) {
        self.document = document
        note = nil
        rows = document.topLevelNodes.enumerated().map { TreeRow($1, depth: 0, position: $0, in: document) }
        selectedPath = rows.first.map { NodePath.path(of: $0.node, in: document) }
    }

    public init(note: String) {
        document = nil
        self.note = note
        rows = []
    }

    /// The tree of what a serializer read: its document, or a note saying why there is none
    /// (`failed`: the evaluation's error, shown in the Errors tab, is why).
    public init(_ value: SerializedValue?, failed: Bool) {
        switch value {
        case .document(let document)?:
            self.init(document: document)
        case nil:
            self.init(note: failed ? "The body was not read as a document; the Errors tab shows why." : "No document.")
        case .empty?:
            self.init(note: "The response has no body.")
        case .data?, .text?, .image?:
            self.init(note: "The body is not JSON, XML or a property list; the Raw tab shows it.")
        }
    }

    /// True when the row at `index` shows its children.
    public func isExpanded(_ index: Int) -> Bool {
        index + 1 < rows.count && rows[index + 1].depth > rows[index].depth
    }

    /// Moves the selection by `delta` rows, staying in bounds.
    public mutating func move(by delta: Int) {
        select(max(0, min(rows.count - 1, selection.addingClamped(delta))))
    }

    mutating func select(_ index: Int) {
        guard let document, rows.indices.contains(index) else { return }
        if index != selection || selectedPath == nil { selectedPath = path(ofRow: index, in: document) }
        selection = index
    }

    /// The path of the row at `index`, from the rows above it (its ancestors are shown), not the document.
    private func path(ofRow index: Int, in document: Document) -> String {
        var chain = [rows[index]]
        var above = index
        while let depth = chain.last?.depth, depth > 0, above > 0 {
            above -= 1
            if rows[above].depth == depth - 1 { chain.append(rows[above]) }
        }
        chain.reverse()
        let below = NodePath.path(along: chain.map(\.node), in: document) { node in chain.first { $0.node == node }?.position ?? 0 }
        // A filter's match is a root row but not a top-level node: its own path, then the steps below it.
        guard filter != nil, document.parent(of: chain[0].node) != nil else { return below }
        return NodePath.path(of: chain[0].node, in: document) + below.dropFirst()
    }

    /// Shows the selected container's children right below it.
    public mutating func expand() { expand(at: selection) }

    /// Shows the children of the container at row `index` right below it.
    mutating func expand(at index: Int) {
        guard let document, rows.indices.contains(index), !isExpanded(index) else { return }
        let row = rows[index]
        guard document.kind(of: row.node).isContainer else { return }
        rows.insert(
            contentsOf: document.children(of: row.node).enumerated().map { TreeRow($1, depth: row.depth + 1, position: $0, in: document) },
            at: index + 1)
    }

    /// Hides the selected node's children, or selects its parent when it shows none.
    public mutating func collapse() {
        guard rows.indices.contains(selection) else { return }
        let depth = rows[selection].depth
        if isExpanded(selection) {
            let end = rows[(selection + 1)...].firstIndex { $0.depth <= depth } ?? rows.count
            rows.removeSubrange((selection + 1)..<end)
        } else if let parent = rows[..<selection].lastIndex(where: { $0.depth < depth }) {
            select(parent)
        }
    }

    public static func == (lhs: DocumentTree, rhs: DocumentTree) -> Bool {
        lhs.document === rhs.document && lhs.note == rhs.note && lhs.rows == rhs.rows && lhs.selection == rhs.selection
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(document.map(ObjectIdentifier.init))
        hasher.combine(note)
        hasher.combine(rows)
        hasher.combine(selection)
    }
}
