import FerryCore

extension AppState {
    /// Applies a Multipart tab action; false when the tab has nothing to do with it.
    mutating func performInMultipart(_ action: Action) -> [Effect]? {
        switch action {
        case .addRow:
            parts.insert(MultipartRow(""), at: min(parts.count, partSelection + 1))
            partSelection = min(parts.count - 1, partSelection + (parts.count > 1 ? 1 : 0))
            lineEdit = LineEdit(target: .part(partSelection), text: "", isNewRow: true)
        case .edit:
            guard parts.indices.contains(partSelection) else { return performInMultipart(.addRow) }
            lineEdit = LineEdit(target: .part(partSelection), text: parts[partSelection].line)
        case .deleteRow where parts.indices.contains(partSelection):
            parts.remove(at: partSelection)
            partSelection = max(0, min(partSelection, parts.count - 1))
        case .toggleRow where parts.indices.contains(partSelection): parts[partSelection].enabled.toggle()
        case .moveRowUp where partSelection > 0 && parts.indices.contains(partSelection):
            parts.swapAt(partSelection, partSelection - 1)
            partSelection -= 1
        case .moveRowDown where partSelection + 1 < parts.count:
            parts.swapAt(partSelection, partSelection + 1)
            partSelection += 1
        case let movement where Self.rowStep(movement) != nil:
            partSelection = max(0, min(parts.count - 1, partSelection.addingClamped(Self.rowStep(movement)!)))
        case .showBodyHex:
            do {
                return [.showBodyHex(try makeRequest().request)]
            } catch {
                notice = Self.oneLine(error)
            }
        default: return nil
        }
        return []
    }

    /// Keys while the hex dump of the body is shown: scroll, or close with Esc, q or x.
    mutating func handleBodyHex(_ action: Action?) -> [Effect] {
        switch action {
        case .cancel?, .quit?, .showBodyHex?: bodyHex = nil
        case let movement? where Self.rowStep(movement) != nil:
            let page = max(1, height - 4)
            let step = abs(Self.rowStep(movement)!) == 1 ? Self.rowStep(movement)! : (Self.rowStep(movement)! < 0 ? -page : page)
            bodyHexScroll = max(0, min(max(0, (bodyHex?.count ?? 0) - 1), bodyHexScroll + step))
        default: break
        }
        return []
    }

    /// Ends a part edit: an empty new part is dropped.
    mutating func commitPartEdit(_ index: Int, text: String, isNewRow: Bool) {
        if isNewRow, text.trimmingCharacters(in: .whitespaces).isEmpty {
            parts.remove(at: index)
            partSelection = max(0, min(partSelection, parts.count - 1))
        } else {
            parts[index].line = text
        }
    }

    /// The multipart body the enabled parts make, `fields` first (as `ferry send --param -F` puts
    /// parameters), each part's `{{variables}}` filled in; nil without enabled parts. Files are checked here.
    func multipartForm(fields: Parameters?, resolver: VariableResolver) throws -> MultipartFormData? {
        let enabled = parts.filter(\.enabled)
        guard !enabled.isEmpty else { return nil }
        var form = MultipartFormData()
        if let fields { form.appendFields(fields, naming: params.encoder) }
        for part in enabled {
            let name = part.line.prefix { $0 != "=" }
            try FormPartArgument(parsing: try resolver.render(part.line, place: "part \(name)")).append(to: &form)
        }
        return form
    }

    /// The Multipart tab's last line: the exact Content-Length, or why the parts cannot be sent.
    public var multipartSummary: String {
        do {
            let resolver = VariableResolver(variables)
            let fields = params.placement == .query ? nil : try params.parameters.map { try resolver.render($0, place: "param") }
            guard let form = try multipartForm(fields: fields, resolver: resolver) else { return "no parts enabled" }
            let length = form.encoded().source.length ?? 0
            return "Content-Length: \(length) bytes (x shows the body)"
        } catch {
            return "✗ " + Self.oneLine(error)
        }
    }
}
