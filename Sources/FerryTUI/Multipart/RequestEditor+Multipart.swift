import FerryCore

/// The Multipart tab's keys: rows added, edited, toggled, moved and deleted; `x` shows the body.
extension RequestEditor {
    /// An action in the Multipart tab; nil when it is not one here.
    mutating func performInMultipart(_ action: Action, collection: CollectionState, notice: inout String?) -> [Effect]? {
        switch action {
        case .addRow:
            parts.insert(MultipartRow(""), at: min(parts.count, partSelection + 1))
            partSelection = min(parts.count - 1, partSelection + (parts.count > 1 ? 1 : 0))
            lineEdit = LineEdit(target: .part(partSelection), text: "", isNewRow: true)
        case .edit:
            guard parts.indices.contains(partSelection) else { return performInMultipart(.addRow, collection: collection, notice: &notice) }
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
        case let movement where movement.rowStep != nil:
            partSelection = max(0, min(parts.count - 1, partSelection.addingClamped(movement.rowStep!)))
        case .showBodyHex:
            do {
                return [.showBodyHex(try resolved(in: collection).request)]
            } catch {
                notice = ErrorChain.oneLine(error)
            }
        default: return nil
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

    /// The Multipart tab's last line: the exact Content-Length, or why the parts cannot be sent.
    public func multipartSummary(in collection: CollectionState) -> String {
        guard parts.contains(where: \.enabled) else { return "no parts enabled" }
        do {
            let (body, _) = try description().resolvedBody(
                with: VariableResolver(collection.variables),
                access: collection.fileAccess ?? .unbounded(directory: source.root),
                contentTypeHeader: nil)
            let length = try body.makeSource()?.length ?? 0
            return "Content-Length: \(length) bytes (x shows the body)"
        } catch {
            return "✗ " + ErrorChain.oneLine(error)
        }
    }
}
