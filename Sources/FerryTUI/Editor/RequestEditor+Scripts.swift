import FerryCore

/// The Scripts tab: the request's own scripts, one row a phase; `e` (or Enter) edits the selected
/// one in `$EDITOR`, `d` removes it. Its folders' and the collection's scripts run too but are
/// edited in their `_folder.ferry.yaml`.
extension RequestEditor {
    /// The Scripts tab's keys; nil for the keys it leaves to the panes.
    mutating func performInScripts(_ action: Action) -> [Effect]? {
        let phases = RequestScripts.Phase.allCases
        let index = phases.firstIndex(of: scriptSelection) ?? 0
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            let delta = action.delta(page: phases.count)
            scriptSelection = phases[max(0, min(phases.count - 1, index.addingClamped(delta)))]
            return []
        case .edit, .openEditor:
            return [.editScript(scriptSelection, scripts[scriptSelection]?.text ?? "")]
        case .deleteRow:
            scripts[scriptSelection] = nil
            return []
        default:
            return nil
        }
    }

    /// The script of `phase` as the editor left it: empty text removes it.
    mutating func setScript(_ text: String, for phase: RequestScripts.Phase) {
        let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
        guard !trimmed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            scripts[phase] = nil
            return
        }
        let file = source.title.isEmpty ? "script" : source.title
        scripts[phase] = ScriptSource(trimmed, file: scripts[phase]?.file ?? file, line: scripts[phase]?.line ?? 1)
    }
}
