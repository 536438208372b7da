import FerryCore
import Foundation

extension AppState {
    /// The actions of the Params tab, the body's pretty-print and the palette; nil for actions they leave to `perform`.
    mutating func performRequestSide(_ action: Action) -> [Effect]? {
        switch action {
        case .palette:
            palette = CommandPalette()
            return []
        case .complete:
            complete()
            return []
        // `p` is both the body's pretty-print and Raw's pretty toggle: whichever binding wins, the pane decides.
        case .prettyPrint where focus == .request && requestTab == .body, .togglePretty where focus == .request && requestTab == .body:
            prettyPrintBody()
            return []
        case .chooseBodyFile where focus == .request && requestTab == .body:
            lineEdit = LineEdit(target: .bodyFile, text: bodyFile ?? "")
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
        default:
            guard let step = Self.rowStep(action) else { return false }
            params.move(by: step)
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

    /// The encoding `ferry send --param` uses: in the URL for GET, HEAD and DELETE, else a form body.
    var paramEncoding: ParameterEncoding { ParameterEncoding(format: .form, query: params.encoder) }

    /// Puts the Params tab's enabled parameters and the Multipart tab's parts into `request`, as
    /// `ferry send --param -F` does: parts make a multipart body (parameters first, as fields).
    func applyParams(to request: inout Request) throws {
        if let form = try multipartForm() {
            guard case .none = request.body else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "Multipart", problem: "the Body tab has a body too; empty it, or disable the parts"))
            }
            let (contentType, source) = form.encoded()
            if !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .stream(source)
            return
        }
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
            return Self.oneLine(error)
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

    /// The outermost link of an error's chain, with its details, on one line.
    static func oneLine(_ error: any Error) -> String {
        ErrorChain(error).rendered.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }

    /// A JSON parse error as the Body tab shows it: where, and what went wrong.
    static func describe(_ error: DocumentParseError) -> String {
        "line \(error.line), column \(error.column): \(error.message)" + (error.expected.map { " (expected \($0))" } ?? "")
    }
}
