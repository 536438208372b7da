import FerryCore
import Foundation

extension AppState {
    // MARK: - Actions

    /// The response views' own actions: tree levels, search, jump, pretty Raw.
    mutating func performResponseView(_ action: Action) -> [Effect] {
        switch action {
        case .expandAll:
            var complete = true
            editTree { complete = $0.expandAll() }
            if !complete { notice = "more than \(DocumentTree.expandAllLimit) nodes below: expand level by level (+)" }
        case .expandLevel: editTree { $0.expandLevel() }
        case .collapseLevel: editTree { $0.collapseLevel() }
        case .collapseAll: editTree { $0.collapseAll() }
        case .search, .jump:
            guard focus == .response, let summary = exchange.summary,
                response.tab == .hex || summary.tree.document != nil && response.tab == .tree
            else {
                notice = "search and jump work in the Tree (of a document) and Hex tabs"
                return []
            }
            let kind: ViewPrompt.Kind =
                switch (response.tab == .tree, action == .search) {
                case (true, true): .treeSearch
                case (true, false): .treePath
                case (false, true): .hexSearch
                case (false, false): .hexOffset
                }
            response.views.prompt = ViewPrompt(kind: kind)
        case .nextMatch, .previousMatch:
            guard var search = response.views.search, let count = search.result?.matches.count, count > 0 else {
                notice = "no search yet (/ searches the Tree and Hex tabs)"
                return []
            }
            search.current = ((search.current + (action == .nextMatch ? 1 : -1)) % count + count) % count
            response.views.search = search
            showMatch()
        case .togglePretty, .prettyPrint: togglePretty()
        case .assertNode, .captureNode: addCheck(for: action)
        default: break
        }
        return []
    }

    private mutating func togglePretty() {
        guard let document = exchange.summary?.tree.document else {
            notice = "not a JSON, XML or property-list document: Raw shows it as received"
            return
        }
        response.views.pretty.toggle()
        if response.views.pretty, response.views.prettyLines == nil { response.views.prettyLines = Self.prettyLines(of: document) }
        response.scroll[.raw] = 0
        notice = response.views.pretty ? "Raw: pretty-printed" : "Raw: as received"
    }

    /// The document pretty-printed, at most `ResponseSummary.previewLimit` bytes of it, as lines.
    static func prettyLines(of document: Document) -> [String] {
        struct Enough: Error {}
        var text = ""
        try? DocumentPrettyPrinter(terminalSafe: true).print(document) { chunk in
            text += chunk
            if text.utf8.count >= ResponseSummary.previewLimit { throw Enough() }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\t", with: "    ") }
    }

    // MARK: - Prompt

    /// Enter in the prompt: a search stays with its matches; a path or an offset is jumped to; a
    /// WebSocket message is sent.
    mutating func commitPrompt() -> [Effect] {
        guard let prompt = response.views.prompt else { return [] }
        let text = prompt.field.text
        if prompt.kind == .message { return sendComposed(text) }
        response.views.prompt = nil
        switch prompt.kind {
        case .treeSearch, .hexSearch:
            if let search = response.views.search { notice = "/\(search.query): \(search.counter)" }
        case .treePath where text.contains("*"):
            select(pattern: text)
        case .treePath:
            reveal(path: text)
        case .hexOffset:
            guard let offset = ByteQuery.offset(text), let bytes = exchange.summary?.bytes, offset < bytes.source.count else {
                notice = "not an offset in the body: \(text) (decimal, or hex as 0x1f)"
                return []
            }
            markHex(offset..<offset + 1)
        case .message:
            break
        }
        return []
    }

    /// Selects the node at `path` in the Tree, expanding its ancestors; a notice says why when there is none.
    public mutating func reveal(path: String) {
        guard let document = exchange.summary?.tree.document else { return }
        do {
            let node = try NodePath.resolve(path, in: document)
            editTree {
                $0.clearFilter()
                $0.reveal(node)
            }
        } catch {
            notice = "no node at \(path): \(error.message) (at character \(error.position + 1))"
        }
    }

    /// Filters the Tree to the nodes a wildcard path matches (`$.items[*].id`): a tree of their
    /// own, counted in the status line; Esc shows the whole document again.
    mutating func select(pattern: String) {
        guard let document = exchange.summary?.tree.document else { return }
        do {
            let nodes = try NodePath.select(pattern, in: document)
            guard !nodes.isEmpty else {
                notice = "\(pattern): no node matches"
                return
            }
            response.views.search = nil
            editTree { $0.filter(to: nodes, pattern: pattern) }
            notice =
                "\(pattern): \(nodes.count) match\(nodes.count == 1 ? "" : "es") (enter: add as assertion or capture; esc: the whole tree)"
        } catch {
            notice = "not a path: \(pattern): \(error.message) (at character \(error.position + 1))"
        }
    }

    /// Esc in the prompt: closes it, dropping the search it was typing.
    mutating func cancelPrompt() {
        if response.views.prompt?.kind.isSearch == true { response.views.search = nil }
        response.views.prompt = nil
    }

    // MARK: - After each key

    /// Keeps the views in step after a key: starts a search when its text changed, and scrolls Hex
    /// and Raw to the Tree selection.
    mutating func responseViewsAfterKey() -> [Effect] {
        followTreeSelection()
        if response.tab == .raw, let target = response.views.rawTarget, !response.views.pretty, let bytes = exchange.summary?.bytes {
            response.views.rawTarget = nil
            response.scroll[.raw] = max(0, Self.lineIndex(of: target, in: bytes.source) - 2)
        }
        guard let prompt = response.views.prompt, prompt.kind.isSearch, prompt.field.text != response.views.search?.query else { return [] }
        return startSearch(prompt.kind, query: prompt.field.text)
    }

    private mutating func startSearch(_ kind: ViewPrompt.Kind, query: String) -> [Effect] {
        guard let summary = exchange.summary, !query.isEmpty else {
            response.views.search = nil
            return []
        }
        let target: ViewSearch.Target
        switch kind {
        case .treeSearch:
            guard let document = summary.tree.document else { return [] }
            target = .tree(document, query: query)
        default:
            guard let bytes = summary.bytes, let needle = ByteQuery.needle(query) else { return [] }
            target = .bytes(bytes.source, needle: needle)
        }
        let id = response.views.nextSearchID
        response.views.nextSearchID += 1
        response.views.search = SearchState(id: id, kind: kind, query: query)
        return [.search(ViewSearch(id: id, target: target))]
    }

    /// A search came back: go to the first match at or after where the user is.
    mutating func searchFinished(_ result: SearchResult) {
        guard var search = response.views.search, search.id == result.id else { return }
        search.result = result
        switch result.matches {
        case .nodes(let nodes):
            let here = exchange.summary?.tree.selectedNode ?? NodeID(0)
            search.current = nodes.firstIndex { $0 >= here } ?? 0
        case .offsets(let offsets):
            let here = response.views.hexMark?.lowerBound ?? Int64(response.scroll[.hex] ?? 0) * Int64(HexDump.bytesPerRow)
            search.current = offsets.firstIndex { $0 >= here } ?? 0
        }
        response.views.search = search
        if result.matches.count > 0 { showMatch() }
        notice = "/\(search.query): \(search.counter)"
    }

    private mutating func showMatch() {
        guard let search = response.views.search, let result = search.result else { return }
        switch result.matches {
        case .nodes(let nodes):
            editTree {
                $0.clearFilter()
                $0.reveal(nodes[search.current])
            }
            followTreeSelection()
        case .offsets(let offsets):
            let length = Int64(ByteQuery.needle(search.query)?.count ?? 1)
            markHex(offsets[search.current]..<offsets[search.current] + length)
        }
        notice = "/\(search.query): \(search.counter)"
    }

    // MARK: - Following

    /// When the Tree selection changed: mark its bytes in Hex and scroll Hex (and, when shown, Raw) to them.
    private mutating func followTreeSelection() {
        guard let tree = exchange.summary?.tree, let document = tree.document, let node = tree.selectedNode,
            node != response.views.followedNode
        else { return }
        response.views.followedNode = node
        guard tree.rows[tree.selection].depth > 0 else {
            response.views.hexMark = nil
            return
        }
        let range = document.byteRange(of: node)
        markHex(Int64(range.lowerBound)..<Int64(range.upperBound))
    }

    /// Highlights `range` in Hex, scrolls Hex to it, and has Raw scroll there when next shown.
    mutating func markHex(_ range: Range<Int64>) {
        response.views.hexMark = range
        response.scroll[.hex] = max(0, Int(range.lowerBound / Int64(HexDump.bytesPerRow)) - 2)
        response.views.rawTarget = range.lowerBound
    }

    /// Raw's line holding byte `offset` (the newlines before it, within the preview).
    static func lineIndex(of offset: Int64, in source: ByteSource) -> Int {
        let prefix = (try? source.read(at: 0, count: Int(min(offset, Int64(ResponseSummary.previewLimit))))) ?? Data()
        return prefix.withUnsafeBytes { raw in raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    }

    // MARK: - Errors

    /// Enter in Errors: jumps Hex to the first byte offset the error chain names.
    mutating func jumpToErrorOffset() {
        guard let summary = exchange.summary else { return }
        let links = summary.validation?.links ?? []
        guard let offset = links.lazy.flatMap(\.details).first(where: { $0.name == "offset" }).flatMap({ Int64($0.value) }),
            let bytes = summary.bytes, bytes.source.count > 0
        else {
            notice = "no byte offset in these errors"
            return
        }
        markHex(min(offset, bytes.source.count - 1)..<min(offset, bytes.source.count - 1) + 1)
        response.tab = .hex
    }
}
