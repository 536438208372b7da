extension RequestDescription.MultipartPart {
    /// `parameters` as text parts named as `encoder` flattens them: what `--param` with `-F` (and
    /// the TUI's parameters beside parts) send before the parts.
    public static func fields(_ parameters: Parameters, encoder: QueryStringEncoder) -> [Self] {
        encoder.pairs(key: nil, value: parameters).map { Self(name: $0.field, value: .text($0.values?.joined(separator: ",") ?? "")) }
    }

    /// A `-F` part as a request file stores it; `storedPath` turns a file path into the form kept
    /// in the file (absolute for `ferry send --save`, relative to the collection for the TUI).
    public init(_ argument: FormPartArgument, storedPath: (String) -> String) {
        switch argument.value {
        case .text(let text): self.init(name: argument.name, value: .text(text), contentType: argument.type, fileName: argument.fileName)
        case .file(let path):
            self.init(name: argument.name, value: .file(path: storedPath(path)), contentType: argument.type, fileName: argument.fileName)
        }
    }
}
