import FerryCore
import Foundation

/// The response pane's keys: its tabs, scrolling and the Tree's selection, the views' own actions
/// (tree levels, search, jump, pretty Raw) and the prompt they type into. The response shown is the
/// shell's exchange, which the Tree's keys change.
extension ResponsePane {
    // MARK: - Actions

    /// An action while the response pane has the focus; nil when it is none of the pane's. `tabs`
    /// are the tabs shown; a page is `page` rows; `maxScroll` is how far the tab can scroll.
    mutating func perform(_ action: Action, tabs: [ResponseTab], page: Int, maxScroll: Int, shell: inout Shell) -> [Effect]? {
        switch action {
        case .nextTab, .previousTab:
            let index = tabs.firstIndex(of: tab) ?? 0
            let offset = action == .nextTab ? 1 : -1
            tab = tabs[((index + offset) % tabs.count + tabs.count) % tabs.count]
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            let delta = action.delta(page: page)
            if tab == .tree {
                shell.editTree { $0.move(by: delta) }
            } else {
                let current = min(scroll[tab] ?? 0, maxScroll)
                scroll[tab] = max(0, min(maxScroll, current.addingClamped(delta)))
            }
        case .edit where tab == .errors:
            jumpToErrorOffset(shell: &shell)
        case .search, .jump:
            guard let summary = shell.exchange.summary, tab == .hex || summary.tree.document != nil && tab == .tree else {
                shell.notice = Self.searchAndJumpWhere
                return []
            }
            let kind: ViewPrompt.Kind =
                switch (tab == .tree, action == .search) {
                case (true, true): .treeSearch
                case (true, false): .treePath
                case (false, true): .hexSearch
                case (false, false): .hexOffset
                }
            views.prompt = ViewPrompt(kind: kind)
        default:
            return nil
        }
        return []
    }

    /// Where search and jump work, for the status line when they are asked for elsewhere.
    static let searchAndJumpWhere = "search and jump work in the Tree (of a document) and Hex tabs"

    /// The views' own actions, wherever the focus is: tree levels, the next match, pretty Raw.
    mutating func performView(_ action: Action, shell: inout Shell) {
        switch action {
        case .expandAll:
            var complete = true
            shell.editTree { complete = $0.expandAll() }
            if !complete { shell.notice = "more than \(DocumentTree.expandAllLimit) nodes below: expand level by level (+)" }
        case .expandLevel: shell.editTree { $0.expandLevel() }
        case .collapseLevel: shell.editTree { $0.collapseLevel() }
        case .collapseAll: shell.editTree { $0.collapseAll() }
        case .nextMatch, .previousMatch:
            guard var search = views.search, let count = search.result?.matches.count, count > 0 else {
                shell.notice = "no search yet (/ searches the Tree and Hex tabs)"
                return
            }
            search.current = ((search.current + (action == .nextMatch ? 1 : -1)) % count + count) % count
            views.search = search
            showMatch(shell: &shell)
        case .togglePretty, .prettyPrint: togglePretty(shell: &shell)
        default: break
        }
    }

    private mutating func togglePretty(shell: inout Shell) {
        guard let document = shell.exchange.summary?.tree.document else {
            shell.notice = "not a JSON, XML or property-list document: Raw shows it as received"
            return
        }
        views.pretty.toggle()
        if views.pretty, views.prettyLines == nil { views.prettyLines = Self.prettyLines(of: document) }
        scroll[.raw] = 0
        shell.notice = views.pretty ? "Raw: pretty-printed" : "Raw: as received"
    }

    /// The document pretty-printed, at most `ResponseSummary.previewLimit` bytes of it, as lines.
    private static func prettyLines(of document: Document) -> [String] {
        struct Enough: Error {}
        var text = ""
        try? DocumentPrettyPrinter(terminalSafe: true).print(document) { chunk in
            text += chunk
            if text.utf8.count >= ResponseSummary.previewLimit { throw Enough() }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\t", with: "    ") }
    }

    // MARK: - Prompt

    /// Enter in the prompt: a search stays with its matches; a path or an offset is jumped to. (A
    /// WebSocket message, the Events tab's, is not the views' to send.)
    mutating func commitPrompt(shell: inout Shell) {
        guard let prompt = views.prompt else { return }
        let text = prompt.field.text
        views.prompt = nil
        switch prompt.kind {
        case .treeSearch, .hexSearch:
            if let search = views.search { shell.notice = "/\(search.query): \(search.counter)" }
        case .treePath where text.contains("*") || (try? JSONPathQuery(text))?.isSingular == false:
            // A query that may select several nodes (a wildcard, `..`, a filter, a slice) filters.
            select(pattern: text, shell: &shell)
        case .treePath:
            reveal(path: text, shell: &shell)
        case .hexOffset:
            guard let offset = ByteQuery.offset(text), let bytes = shell.exchange.summary?.bytes, offset < bytes.source.count else {
                shell.notice = "not an offset in the body: \(text) (decimal, or hex as 0x1f)"
                return
            }
            markHex(offset..<offset + 1)
        case .message:
            break
        }
    }

    /// Selects the node at `path` in the Tree, expanding its ancestors; a notice says why when there is none.
    mutating func reveal(path: String, shell: inout Shell) {
        guard let document = shell.exchange.summary?.tree.document else { return }
        do {
            let node = try NodePath.resolve(path, in: document)
            shell.editTree {
                $0.clearFilter()
                $0.reveal(node)
            }
        } catch {
            shell.notice = "no node at \(path): \(error.message) (at character \(error.position + 1))"
        }
    }

    /// Filters the Tree to the nodes a wildcard path matches (`$.items[*].id`): a tree of their
    /// own, counted in the status line; Esc shows the whole document again.
    mutating func select(pattern: String, shell: inout Shell) {
        guard let document = shell.exchange.summary?.tree.document else { return }
        do {
            let nodes = try NodePath.select(pattern, in: document)
            guard !nodes.isEmpty else {
                shell.notice = "\(pattern): no node matches"
                return
            }
            views.search = nil
            shell.editTree { $0.filter(to: nodes, pattern: pattern) }
            shell.notice =
                "\(pattern): \(nodes.count) match\(nodes.count == 1 ? "" : "es") (enter: add as assertion or capture; esc: the whole tree)"
        } catch {
            shell.notice = "not a path: \(pattern): \(error.message) (at character \(error.position + 1))"
        }
    }

    /// Esc in the prompt: closes it, dropping the search it was typing.
    mutating func cancelPrompt() {
        if views.prompt?.kind.isSearch == true { views.search = nil }
        views.prompt = nil
    }

    // MARK: - After each key

    /// Keeps the views in step after a key: starts a search when its text changed, and scrolls Hex
    /// and Raw to the Tree selection.
    mutating func afterKey(exchange: Exchange) -> [Effect] {
        followTreeSelection(exchange: exchange)
        if tab == .raw, let target = views.rawTarget, !views.pretty, let bytes = exchange.summary?.bytes {
            views.rawTarget = nil
            scroll[.raw] = max(0, Self.lineIndex(of: target, in: bytes.source) - 2)
        }
        guard let prompt = views.prompt, prompt.kind.isSearch, prompt.field.text != views.search?.query else { return [] }
        return startSearch(prompt.kind, query: prompt.field.text, in: exchange)
    }

    private mutating func startSearch(_ kind: ViewPrompt.Kind, query: String, in exchange: Exchange) -> [Effect] {
        guard let summary = exchange.summary, !query.isEmpty else {
            views.search = nil
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
        let id = views.nextSearchID
        views.nextSearchID += 1
        views.search = SearchState(id: id, kind: kind, query: query)
        return [.search(ViewSearch(id: id, target: target))]
    }

    /// A search came back: go to the first match at or after where the user is.
    mutating func searchFinished(_ result: SearchResult, shell: inout Shell) {
        guard var search = views.search, search.id == result.id else { return }
        search.result = result
        switch result.matches {
        case .nodes(let nodes):
            let here = shell.exchange.summary?.tree.selectedNode ?? NodeID(0)
            search.current = nodes.firstIndex { $0 >= here } ?? 0
        case .offsets(let offsets):
            let here = views.hexMark?.lowerBound ?? Int64(scroll[.hex] ?? 0) * Int64(HexDump.bytesPerRow)
            search.current = offsets.firstIndex { $0 >= here } ?? 0
        }
        views.search = search
        if result.matches.count > 0 { showMatch(shell: &shell) }
        shell.notice = "/\(search.query): \(search.counter)"
    }

    private mutating func showMatch(shell: inout Shell) {
        guard let search = views.search, let result = search.result else { return }
        switch result.matches {
        case .nodes(let nodes):
            shell.editTree {
                $0.clearFilter()
                $0.reveal(nodes[search.current])
            }
            followTreeSelection(exchange: shell.exchange)
        case .offsets(let offsets):
            let length = Int64(ByteQuery.needle(search.query)?.count ?? 1)
            markHex(offsets[search.current]..<offsets[search.current] + length)
        }
        shell.notice = "/\(search.query): \(search.counter)"
    }

    // MARK: - Following

    /// When the Tree selection changed: mark its bytes in Hex and scroll Hex (and, when shown, Raw) to them.
    private mutating func followTreeSelection(exchange: Exchange) {
        guard let tree = exchange.summary?.tree, let document = tree.document, let node = tree.selectedNode,
            node != views.followedNode
        else { return }
        views.followedNode = node
        guard tree.rows[tree.selection].depth > 0 else {
            views.hexMark = nil
            return
        }
        let range = document.byteRange(of: node)
        markHex(Int64(range.lowerBound)..<Int64(range.upperBound))
    }

    /// Highlights `range` in Hex, scrolls Hex to it, and has Raw scroll there when next shown.
    private mutating func markHex(_ range: Range<Int64>) {
        views.hexMark = range
        scroll[.hex] = max(0, Int(range.lowerBound / Int64(HexDump.bytesPerRow)) - 2)
        views.rawTarget = range.lowerBound
    }

    /// Raw's line holding byte `offset` (the newlines before it, within the preview).
    private static func lineIndex(of offset: Int64, in source: ByteSource) -> Int {
        let prefix = (try? source.read(at: 0, count: Int(min(offset, Int64(ResponseSummary.previewLimit))))) ?? Data()
        return prefix.withUnsafeBytes { raw in raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    }

    // MARK: - Errors

    /// Enter in Errors: jumps Hex to the first byte offset the error chain names; without one, selects
    /// in the Tree the node of the first schema violation of the checks.
    private mutating func jumpToErrorOffset(shell: inout Shell) {
        guard let summary = shell.exchange.summary else { return }
        let links = summary.validation?.links ?? []
        if links.isEmpty, let violation = summary.checks?.results.lazy.flatMap(\.violations).first, summary.tree.document != nil {
            shell.editTree {
                $0.clearFilter()
                $0.reveal(violation.node)
            }
            tab = .tree
            return
        }
        guard let offset = links.lazy.flatMap(\.details).first(where: { $0.name == "offset" }).flatMap({ Int64($0.value) }),
            let bytes = summary.bytes, bytes.source.count > 0
        else {
            shell.notice = "no byte offset in these errors"
            return
        }
        markHex(min(offset, bytes.source.count - 1)..<min(offset, bytes.source.count - 1) + 1)
        tab = .hex
    }
}
