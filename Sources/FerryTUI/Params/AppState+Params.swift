import FerryCore
import Foundation

extension AppState {
    /// The actions of the Params tab, the body's pretty-print and the palette; nil for actions they leave to `perform`.
    mutating func performRequestSide(_ action: Action) -> [Effect]? {
        switch action {
        case .palette:
            overlays.palette = CommandPalette()
            return []
        case .complete:
            complete()
            return []
        // `p` is both the body's pretty-print and Raw's pretty toggle: whichever binding wins, the pane decides.
        case .prettyPrint where focus == .request && requestTab == .body, .togglePretty where focus == .request && requestTab == .body:
            prettyPrintBody()
            return []
        case .chooseBodyFile where focus == .request && requestTab == .body:
            editor.lineEdit = LineEdit(target: .bodyFile, text: editor.bodyFile ?? "")
            return []
        default:
            guard focus == .request else { return nil }
            if requestTab == .multipart { return performInMultipart(action) }
            guard requestTab == .params else { return nil }
            return performInParams(action) ? [] : nil
        }
    }

    /// Applies a Params tab action; false when the tab has nothing to do with it.
    private mutating func performInParams(_ action: Action) -> Bool {
        switch action {
        case .addRow, .addChildRow:
            editor.params.add(child: action == .addChildRow && !editor.params.rows.isEmpty)
            editor.lineEdit = LineEdit(target: .param(editor.params.selection), text: "", isNewRow: true)
        case .edit:
            guard editor.params.rows.indices.contains(editor.params.selection) else { return performInParams(.addRow) }
            editor.lineEdit = LineEdit(target: .param(editor.params.selection), text: editor.params.rows[editor.params.selection].line)
        case .deleteRow: editor.params.deleteSelected()
        case .toggleRow where editor.params.rows.indices.contains(editor.params.selection):
            editor.params.rows[editor.params.selection].enabled.toggle()
        case .indentRow: if !editor.params.indentSelected() { notice = "only a row below another can be nested under it" }
        case .outdentRow: editor.params.outdentSelected()
        case .cycleArrayStyle: editor.params.arrayStyle = editor.params.arrayStyle.cycled(by: 1)
        case .toggleKeyOrder: editor.params.keepsKeyOrder.toggle()
        case .cycleParamPlacement: editor.params.placement = editor.params.placement.cycled(by: 1)
        default:
            guard let step = Self.rowStep(action) else { return false }
            editor.params.move(by: step)
        }
        return true
    }

    /// How far a movement action moves a row selection: one row, or to an end.
    static func rowStep(_ action: Action) -> Int? {
        switch action {
        case .up: -1
        case .down: 1
        case .pageUp, .top: -Int.max / 2
        case .pageDown, .bottom: Int.max / 2
        default: nil
        }
    }

    /// One line saying where the parameters go and what they encode to (variables unresolved).
    public var paramsPreview: String {
        guard let parameters = editor.params.parameters else { return "nothing to send" }
        let place =
            if editor.params.placement != .query, editor.parts.contains(where: \.enabled) {
                "multipart fields "
            } else {
                editor.params.encoding.encodesInURL(editor.method) ? "URL ?" : "form body "
            }
        do {
            return place + (try editor.params.encoder.encode(parameters))
        } catch {
            return Self.oneLine(error)
        }
    }

    /// Replaces a JSON body with its pretty-printed form, or says where it is not JSON.
    private mutating func prettyPrintBody() {
        do throws(DocumentParseError) {
            let document = try JSONParser.parse(Data(editor.body.text.utf8))
            var text = DocumentPrettyPrinter(terminalSafe: false).string(document)
            if text.hasSuffix("\n") { text.removeLast() }
            editor.body = TextArea(text)
            notice = nil
        } catch {
            notice = "the body is not JSON: " + Self.describe(error)
        }
    }

    /// The outermost link of an error's chain, with its details, on one line.
    static func oneLine(_ error: any Error) -> String {
        ErrorChain(error).rendered.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }

    /// A JSON parse error as the Body tab shows it: where, and what went wrong.
    static func describe(_ error: DocumentParseError) -> String {
        "line \(error.line), column \(error.column): \(error.message)" + (error.expected.map { " (expected \($0))" } ?? "")
    }
}
