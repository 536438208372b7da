import FerryCore

/// The Params tab's parameters: a flat list of rows whose depths make a tree, and how it is encoded.
///
/// A row with rows nested under it is an object of them, or an array when none of them has a key;
/// a row without is a string. Disabling a row leaves out everything under it.
public struct ParamTree: Hashable, Sendable {
    public var rows: [ParamRow] = []
    public var selection = 0
    public var arrayStyle = QueryStringEncoder.ArrayStyle.brackets
    public var keepsKeyOrder = false
    public var placement = Placement.byMethod

    /// Where the parameters go, as Alamofire's `URLEncoding.Destination` says it.
    public enum Placement: String, Hashable, Sendable, CaseIterable {
        /// In the URL for GET, HEAD and DELETE, else a form body (what `ferry send --param` does).
        case byMethod = "by method"
        /// Always in the URL query (a request file's `params`).
        case query = "URL query"
        /// Always a form body (a request file's `body: form`).
        case body = "form body"
    }

    public init(rows: [ParamRow] = []) { self.rows = rows }

    /// The encoder the tab's options describe; `ferry send --array-style/--keep-key-order` build the same one.
    public var encoder: QueryStringEncoder { QueryStringEncoder(arrayStyle: arrayStyle, keepsKeyOrder: keepsKeyOrder) }

    /// Where and how the parameters are encoded: the placement and the encoder.
    public var encoding: ParameterEncoding {
        switch placement {
        case .byMethod: ParameterEncoding(format: .form, query: encoder)
        case .query: ParameterEncoding(format: .query, query: encoder)
        case .body: ParameterEncoding(format: .form, query: encoder, uriMethods: [])
        }
    }

    /// The tree as a request holds it: rows, placement and encoder settings, without the selection.
    public var content: ParamTree {
        var copy = self
        copy.selection = 0
        return copy
    }

    /// The enabled parameters as an ordered tree; nil when there are none.
    public var parameters: Parameters? {
        let entries = entries(children(of: nil))
        return entries.isEmpty ? nil : .object(entries)
    }

    /// True when the row has rows nested under it.
    public func isParent(_ index: Int) -> Bool { index + 1 < rows.count && rows[index + 1].depth > rows[index].depth }

    /// The indices of the rows directly under `parent` (the top-level rows for nil).
    public func children(of parent: Int?) -> [Int] {
        let depth = parent.map { rows[$0].depth + 1 } ?? 0
        var result: [Int] = []
        for index in ((parent ?? -1) + 1)..<rows.count {
            if rows[index].depth < depth { break }
            if rows[index].depth == depth { result.append(index) }
        }
        return result
    }

    /// The end (exclusive) of the row's subtree: the row and every row nested under it.
    public func subtreeEnd(_ index: Int) -> Int {
        var end = index + 1
        while end < rows.count, rows[end].depth > rows[index].depth { end += 1 }
        return end
    }

    /// What the parent row holds: an array when no child has a key, else an object.
    public func isArray(_ index: Int) -> Bool {
        let kids = children(of: index)
        return !kids.isEmpty && kids.allSatisfy { rows[$0].key.isEmpty }
    }

    /// The switched-off parameters, each at the key path of its row, so an enabled object can hold
    /// switched-off members; nil when none is off. A switched-off row keeps its whole subtree.
    public var disabledParameters: Parameters? {
        let entries = disabledEntries(children(of: nil))
        return entries.isEmpty ? nil : .object(entries)
    }

    /// The row's value; `all` keeps the rows switched off under it too.
    private func value(_ index: Int, all: Bool = false) -> Parameters {
        guard isParent(index) else { return .string(rows[index].value) }
        let kids = children(of: index).filter { all || rows[$0].enabled }
        return isArray(index) ? .array(kids.map { value($0, all: all) }) : .object(entries(kids, all: all))
    }

    private func entries(_ indices: [Int], all: Bool = false) -> [(key: String, value: Parameters)] {
        indices.filter { (all || rows[$0].enabled) && !rows[$0].key.isEmpty }.map { (rows[$0].key, value($0, all: all)) }
    }

    private func disabledEntries(_ indices: [Int]) -> [(key: String, value: Parameters)] {
        indices.filter { !rows[$0].key.isEmpty }.compactMap { index in disabledValue(index).map { (rows[index].key, $0) } }
    }

    /// What is switched off at or under the row: all of it when the row is off; in an enabled
    /// array, the items that are off (an enabled item's own switched-off members are not kept).
    private func disabledValue(_ index: Int) -> Parameters? {
        guard rows[index].enabled else { return value(index, all: true) }
        guard isParent(index) else { return nil }
        if isArray(index) {
            let items = children(of: index).filter { !rows[$0].enabled }.map { value($0, all: true) }
            return items.isEmpty ? nil : .array(items)
        }
        let members = disabledEntries(children(of: index))
        return members.isEmpty ? nil : .object(members)
    }

    // MARK: - Editing

    /// Adds an empty row after the selected row's subtree, at its depth (a sibling) or one deeper (a child); selects it.
    public mutating func add(child: Bool) {
        guard rows.indices.contains(selection) else {
            rows.append(ParamRow(key: "", value: ""))
            selection = rows.count - 1
            return
        }
        let depth = rows[selection].depth + (child ? 1 : 0)
        let at = subtreeEnd(selection)
        rows.insert(ParamRow(key: "", value: "", depth: depth), at: at)
        selection = at
    }

    /// Deletes the selected row and everything nested under it.
    public mutating func deleteSelected() {
        guard rows.indices.contains(selection) else { return }
        rows.removeSubrange(selection..<subtreeEnd(selection))
        selection = max(0, min(selection, rows.count - 1))
    }

    /// Nests the selected row (with its subtree) one level deeper, under the row above; false when it cannot.
    @discardableResult
    public mutating func indentSelected() -> Bool {
        guard rows.indices.contains(selection), selection > 0, rows[selection].depth <= rows[selection - 1].depth else { return false }
        for index in selection..<subtreeEnd(selection) { rows[index].depth += 1 }
        return true
    }

    /// Moves the selected row (with its subtree) out of its parent, just after it; false at the top level.
    @discardableResult
    public mutating func outdentSelected() -> Bool {
        guard rows.indices.contains(selection), rows[selection].depth > 0,
            let parent = rows[..<selection].lastIndex(where: { $0.depth < rows[selection].depth })
        else { return false }
        let parentEnd = subtreeEnd(parent)
        var block = Array(rows[selection..<subtreeEnd(selection)])
        for index in block.indices { block[index].depth -= 1 }
        rows.removeSubrange(selection..<selection + block.count)
        let at = parentEnd - block.count
        rows.insert(contentsOf: block, at: at)
        selection = at
        return true
    }

    /// Moves the selection by `delta` rows, clamped.
    public mutating func move(by delta: Int) {
        selection = max(0, min(rows.count - 1, selection.addingClamped(delta)))
    }
}
