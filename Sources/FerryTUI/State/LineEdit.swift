/// A one-line edit of a header row or an option value, committed with Enter or dropped with Esc.
public struct LineEdit: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        case header(Int)
        case option(OptionRow)
        case param(Int)
        case part(Int)
        case bodyFile
    }

    public var target: Target
    public var field: TextField
    /// A row added for this edit, removed again if the edit is dropped.
    public var isNewRow: Bool

    public init(target: Target, text: String, isNewRow: Bool = false) {
        self.target = target
        field = TextField(text)
        self.isNewRow = isNewRow
    }
}
