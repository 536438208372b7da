import FerryCore
import Foundation

extension AppState {
    /// The actions of the Params tab, the body's pretty-print and the palette; nil for actions they leave to `perform`.
    mutating func performRequestSide(_ action: Action) -> [Effect]? {
        switch action {
        case .palette:
            palette = CommandPalette()
            return []
        case .prettyPrint where focus == .request && requestTab == .body:
            prettyPrintBody()
            return []
        default:
            guard focus == .request, requestTab == .params else { return nil }
            return performInParams(action) ? [] : nil
        }
    }

    /// Applies a Params tab action; false when the tab has nothing to do with it.
    private mutating func performInParams(_ action: Action) -> Bool {
        switch action {
        case .addRow, .addChildRow:
            params.add(child: action == .addChildRow && !params.rows.isEmpty)
            lineEdit = LineEdit(target: .param(params.selection), text: "", isNewRow: true)
        case .edit:
            guard params.rows.indices.contains(params.selection) else { return performInParams(.addRow) }
            lineEdit = LineEdit(target: .param(params.selection), text: params.rows[params.selection].line)
        case .deleteRow: params.deleteSelected()
        case .toggleRow where params.rows.indices.contains(params.selection): params.rows[params.selection].enabled.toggle()
        case .indentRow: if !params.indentSelected() { notice = "only a row below another can be nested under it" }
        case .outdentRow: params.outdentSelected()
        case .cycleArrayStyle: params.arrayStyle = params.arrayStyle.cycled(by: 1)
        case .toggleKeyOrder: params.keepsKeyOrder.toggle()
        case .up: params.move(by: -1)
        case .down: params.move(by: 1)
        case .pageUp, .top: params.move(by: -Int.max / 2)
        case .pageDown, .bottom: params.move(by: Int.max / 2)
        default: return false
        }
        return true
    }

    /// The encoding `ferry send --param` uses: in the URL for GET, HEAD and DELETE, else a form body.
    var paramEncoding: ParameterEncoding { ParameterEncoding(format: .form, query: params.encoder) }

    /// Puts the Params tab's enabled parameters into `request`, as `ferry send --param` does.
    func applyParams(to request: inout Request) throws {
        guard let parameters = params.parameters else { return }
        if case .none = request.body {} else if !paramEncoding.encodesInURL(request.method) {
            throw FerryError.invalidRequest(reason: .invalidArgument(
                name: "Params", problem: "the Body tab leaves no room for form parameters; empty it, or use GET, HEAD or DELETE"))
        }
        try paramEncoding.apply(parameters, to: &request)
    }

    /// One line saying where the parameters go and what they encode to.
    public var paramsPreview: String {
        guard let parameters = params.parameters else { return "nothing to send" }
        let place = paramEncoding.encodesInURL(method) ? "URL ?" : "form body "
        do {
            return place + (try params.encoder.encode(parameters))
        } catch {
            return ErrorChain(error).links.first?.message ?? "\(error)"
        }
    }

    /// Replaces a JSON body with its pretty-printed form, or says where it is not JSON.
    private mutating func prettyPrintBody() {
        do throws(DocumentParseError) {
            let document = try JSONParser.parse(Data(body.text.utf8))
            var text = DocumentPrettyPrinter(terminalSafe: false).string(document)
            if text.hasSuffix("\n") { text.removeLast() }
            body = TextArea(text)
            notice = nil
        } catch {
            notice = "the body is not JSON: " + Self.describe(error)
        }
    }

    /// A JSON parse error as the Body tab shows it: where, and what went wrong.
    static func describe(_ error: DocumentParseError) -> String {
        "line \(error.line), column \(error.column): \(error.message)" + (error.expected.map { " (expected \($0))" } ?? "")
    }
}
