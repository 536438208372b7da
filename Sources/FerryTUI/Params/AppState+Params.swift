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
        case .cycleParamPlacement: params.placement = params.placement.cycled(by: 1)
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

    /// Puts the Params tab's enabled parameters and the Multipart tab's parts into `request`, with
    /// their variables filled in. Parameters placed in the URL query go there; otherwise they go
    /// where `ferry send --param -F` puts them: fields of the multipart body when there are parts,
    /// else the URL or a form body as the placement and method say.
    func applyParams(to request: inout Request, resolver: VariableResolver) throws {
        let parameters = try params.parameters.map { try resolver.render($0, place: "param") }
        if let parameters, params.placement == .query { try params.encoding.apply(parameters, to: &request) }
        let fields = params.placement == .query ? nil : parameters
        if let form = try multipartForm(fields: fields, resolver: resolver) {
            guard case .none = request.body else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "Multipart", problem: "the Body tab has a body too; empty it, or disable the parts"))
            }
            let (contentType, source) = form.encoded()
            if !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .stream(source)
            return
        }
        guard let fields else { return }
        if case .none = request.body {} else if !params.encoding.encodesInURL(request.method) {
            throw FerryError.invalidRequest(reason: .invalidArgument(
                name: "Params", problem: "the Body tab leaves no room for form parameters; empty it, or put them in the URL query (u)"))
        }
        try params.encoding.apply(fields, to: &request)
    }

    /// One line saying where the parameters go and what they encode to (variables unresolved).
    public var paramsPreview: String {
        guard let parameters = params.parameters else { return "nothing to send" }
        let place = if params.placement != .query, parts.contains(where: \.enabled) {
            "multipart fields "
        } else {
            params.encoding.encodesInURL(method) ? "URL ?" : "form body "
        }
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
