import FerryCore

extension AppState {
    /// A copy action as the one copy effect: the selected value, the Tree node's path, the body, or
    /// the request as a curl or HTTPie command; the status line says when there is nothing to copy.
    mutating func copy(_ action: Action) -> [Effect] {
        let clip: Clip?
        switch action {
        case .copyPath:
            clip = exchange.summary?.tree.selectedPath.map { .text($0, what: "the path") }
            if clip == nil { notice = "no node is selected: the Tree tab's selected node has the path copied" }
        case .copyBody:
            clip = exchange.summary?.bytes.map { .body($0.source, limit: Clip.bodyLimit) }
            if clip == nil { notice = "no response body to copy" }
        case .copyAsCurl, .copyAsHTTPie:
            clip = requestClip(format: action == .copyAsCurl ? .curl : .httpie)
        default:
            clip = selectedClip
            if clip == nil { notice = "y copies the Tree node's value, a header row, or the top line of a response tab" }
        }
        return clip.map { [.copy($0)] } ?? []
    }

    /// Shows what was copied: on the status line when it is one short line, else in a sheet to select from.
    mutating func showCopied(_ text: String, what: String) {
        if !text.contains("\n"), CharacterWidth.of(text) <= width / 2 {
            notice = "✓ copied \(what): \(text)"
        } else {
            overlays.sheet = Sheet(
                title: "\(what) (copied to the clipboard where the terminal allows)",
                lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// What `y` copies where the focus is: the Tree node's value (a container as pretty-printed
    /// text), the top line a response tab shows, or the selected header row of the request.
    private var selectedClip: Clip? {
        switch focus {
        case .response where response.tab == .tree:
            guard let tree = exchange.summary?.tree, let document = tree.document, tree.rows.indices.contains(tree.selection) else {
                return nil
            }
            let node = tree.rows[tree.selection].node
            let value =
                document.value(of: node)
                ?? String(DocumentPrettyPrinter(terminalSafe: false).string(document, node: node).dropLast())
            return .text(value, what: tree.selectedPath ?? "the node's value")
        case .response:
            let inner = layout.responseBody
            let lines = ResponseContent.lines(for: response.tab, state: self, width: inner.width)
            let top = ResponsePaneView.clampedScroll(response.scroll[response.tab] ?? 0, lines: lines.count, height: inner.height)
            guard lines.count > 0 else { return nil }
            return .text(lines.line(top).map(\.text).joined(), what: "a line of \(response.tab.rawValue)")
        case .request where requestTab == .headers && editor.headers.indices.contains(editor.headerSelection):
            return .text(editor.headers[editor.headerSelection].line, what: "the header")
        default:
            return nil
        }
    }

    /// The editor's request (the environment's proxy and certificate included) for the runtime to write as a command.
    private mutating func requestClip(format: Clip.Format) -> Clip? {
        do {
            let source = RequestSource(
                title: editor.source.title, description: try editor.description(),
                defaults: editor.source.defaults.under(environment: collection.connection), root: editor.source.root)
            return .request(source, variables: collection.variables, format: format)
        } catch {
            notice = ErrorChain.oneLine(error)
            return nil
        }
    }
}
