import FerryCore

/// The Params tab's keys: rows added (or nested under the selected one), edited, toggled,
/// indented and outdented; the array style, key order and placement cycled.
extension RequestEditor {
    /// Applies a Params tab action; false when the tab has nothing to do with it. The first row of a
    /// request whose Body tab holds its body goes in the URL query (a form body would have no room).
    mutating func performInParams(_ action: Action, notice: inout String?) -> Bool {
        switch action {
        case .addRow, .addChildRow:
            if params.rows.isEmpty, params.placement == .byMethod, !params.encoding.encodesInURL(method),
                bodyFile != nil || !body.text.isEmpty
            {
                params.placement = .query
                notice = "the Body tab holds the body, so parameters go in the URL query (u changes it)"
            }
            params.add(child: action == .addChildRow && !params.rows.isEmpty)
            lineEdit = LineEdit(target: .param(params.selection), text: "", isNewRow: true)
        case .edit:
            guard params.rows.indices.contains(params.selection) else { return performInParams(.addRow, notice: &notice) }
            lineEdit = LineEdit(target: .param(params.selection), text: params.rows[params.selection].line)
        case .deleteRow: params.deleteSelected()
        case .toggleRow where params.rows.indices.contains(params.selection):
            params.rows[params.selection].enabled.toggle()
        case .indentRow: if !params.indentSelected() { notice = "only a row below another can be nested under it" }
        case .outdentRow: params.outdentSelected()
        case .cycleArrayStyle: params.arrayStyle = params.arrayStyle.cycled(by: 1)
        case .toggleKeyOrder: params.keepsKeyOrder.toggle()
        case .cycleParamPlacement: params.placement = params.placement.cycled(by: 1)
        default:
            guard let step = action.rowStep else { return false }
            params.move(by: step)
        }
        return true
    }

    /// One line saying where the parameters go and what they encode to (variables unresolved).
    public var paramsPreview: String {
        guard let parameters = params.parameters else { return "nothing to send" }
        let place =
            if params.placement != .query, parts.contains(where: \.enabled) {
                "multipart fields "
            } else {
                params.encoding.encodesInURL(method) ? "URL ?" : "form body "
            }
        do {
            return place + (try params.encoder.encode(parameters))
        } catch {
            return ErrorChain.oneLine(error)
        }
    }
}
