import FerryCore

/// The Scripts tab: a row per phase with the request's own script of it (its first line and
/// length), then the selected script's lines, and a line naming the folders' scripts that run too.
struct ScriptsView {
    /// The rows the tab shows for `editor` (the phases, a blank, the selected script's lines).
    static func rows(_ editor: RequestEditor) -> Int {
        RequestScripts.Phase.allCases.count + 1 + max(1, editor.scripts[editor.scriptSelection]?.text.split(separator: "\n").count ?? 1)
    }

    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let editor = state.editor
        let phases = RequestScripts.Phase.allCases
        let (list, rest) = rect.splitTop(min(rect.height, phases.count))
        EditableRowList(
            count: phases.count, selection: phases.firstIndex(of: editor.scriptSelection) ?? 0, focused: state.focus == .request,
            editing: nil, lead: { _ in "" }, enabled: { editor.scripts[phases[$0]] != nil }
        ) { index in
            let phase = phases[index]
            let label = Span(phase.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0), .accent)
            guard let script = editor.scripts[phase] else { return [label, Span("(none: e writes one)", .muted)] }
            let lines = script.text.split(separator: "\n", omittingEmptySubsequences: false)
            return [label, Span(String(lines.first ?? "")), Span(lines.count > 1 ? "  (\(lines.count) lines)" : "", .muted)]
        }.render(in: list, canvas: &canvas, theme: theme)
        guard rest.height > 1 else { return }
        let inherited = editor.source.defaults.scripts.filter { !$0.isEmpty }.count
        var lines: [[Span]] = [[]]
        if let script = editor.scripts[editor.scriptSelection] {
            lines += script.text.split(separator: "\n", omittingEmptySubsequences: false).map { [Span("  " + $0)] }
        }
        if inherited > 0 {
            lines += [[Span("also run: the scripts of \(inherited) folder(s) above this request (in their _folder.ferry.yaml)", .muted)]]
        }
        for (row, line) in lines.prefix(rest.height).enumerated() { canvas.put(line, in: rest, row: row, theme: theme, ellipsis: true) }
    }
}
