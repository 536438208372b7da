import FerryCore

extension AppState {
    /// Applies a Multipart tab action; false when the tab has nothing to do with it.
    mutating func performInMultipart(_ action: Action) -> [Effect]? {
        switch action {
        case .addRow:
            editor.parts.insert(MultipartRow(""), at: min(editor.parts.count, editor.partSelection + 1))
            editor.partSelection = min(editor.parts.count - 1, editor.partSelection + (editor.parts.count > 1 ? 1 : 0))
            editor.lineEdit = LineEdit(target: .part(editor.partSelection), text: "", isNewRow: true)
        case .edit:
            guard editor.parts.indices.contains(editor.partSelection) else { return performInMultipart(.addRow) }
            editor.lineEdit = LineEdit(target: .part(editor.partSelection), text: editor.parts[editor.partSelection].line)
        case .deleteRow where editor.parts.indices.contains(editor.partSelection):
            editor.parts.remove(at: editor.partSelection)
            editor.partSelection = max(0, min(editor.partSelection, editor.parts.count - 1))
        case .toggleRow where editor.parts.indices.contains(editor.partSelection): editor.parts[editor.partSelection].enabled.toggle()
        case .moveRowUp where editor.partSelection > 0 && editor.parts.indices.contains(editor.partSelection):
            editor.parts.swapAt(editor.partSelection, editor.partSelection - 1)
            editor.partSelection -= 1
        case .moveRowDown where editor.partSelection + 1 < editor.parts.count:
            editor.parts.swapAt(editor.partSelection, editor.partSelection + 1)
            editor.partSelection += 1
        case let movement where Self.rowStep(movement) != nil:
            editor.partSelection = max(0, min(editor.parts.count - 1, editor.partSelection.addingClamped(Self.rowStep(movement)!)))
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

    /// Ends a part edit: an empty new part is dropped.
    mutating func commitPartEdit(_ index: Int, text: String, isNewRow: Bool) {
        if isNewRow, text.trimmingCharacters(in: .whitespaces).isEmpty {
            editor.parts.remove(at: index)
            editor.partSelection = max(0, min(editor.partSelection, editor.parts.count - 1))
        } else {
            editor.parts[index].line = text
        }
    }

    /// The Multipart tab's last line: the exact Content-Length, or why the parts cannot be sent.
    public var multipartSummary: String {
        guard editor.parts.contains(where: \.enabled) else { return "no parts enabled" }
        do {
            let (body, _) = try editor.description().resolvedBody(
                with: VariableResolver(collection.variables),
                access: collection.fileAccess ?? .unbounded(directory: editor.source.root),
                contentTypeHeader: nil)
            let length = try body.makeSource()?.length ?? 0
            return "Content-Length: \(length) bytes (x shows the body)"
        } catch {
            return "✗ " + Self.oneLine(error)
        }
    }
}
