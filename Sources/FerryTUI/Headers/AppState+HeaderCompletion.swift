extension AppState {
    /// The header names offered for the header row being edited.
    public var headerCompletions: [String] {
        guard case .header? = editor.lineEdit?.target, let text = editor.lineEdit?.field.text else { return [] }
        return HeaderNames.completions(for: text)
    }

    /// Completes the header name being typed with the first name offered.
    mutating func complete() {
        guard let name = headerCompletions.first else { return }
        editor.lineEdit?.field = TextField(name + ": ")
    }
}
