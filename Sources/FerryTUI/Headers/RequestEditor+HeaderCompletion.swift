extension RequestEditor {
    /// The header names offered for the header row being edited.
    public var headerCompletions: [String] {
        guard case .header? = lineEdit?.target, let text = lineEdit?.field.text else { return [] }
        return HeaderNames.completions(for: text)
    }

    /// Completes the header name being typed with the first name offered.
    mutating func completeHeader() {
        guard let name = headerCompletions.first else { return }
        lineEdit?.field = TextField(name + ": ")
    }
}
