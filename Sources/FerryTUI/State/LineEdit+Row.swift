extension LineEdit {
    /// The row index and field when this edit is of a row made by `kind` (`LineEdit.Target.header`, `.param`, `.part`, `.check`).
    func row(_ kind: (Int) -> Target) -> (index: Int, field: TextField)? {
        let index: Int? =
            switch target {
            case .header(let index), .param(let index), .part(let index), .check(let index): index
            case .option, .bodyFile, .graphQLOperation, .auth: nil
            }
        guard let index, kind(index) == target else { return nil }
        return (index, field)
    }
}
