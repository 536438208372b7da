/// A one-line edit of a row (header, param, part, check) or an option value, committed with Enter or dropped with Esc.
public struct LineEdit: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        case header(Int)
        case option(OptionRow)
        case param(Int)
        case part(Int)
        /// A line of the Expect tab.
        case check(Int)
        case bodyFile
        /// The GraphQL operation name of the Body tab.
        case graphQLOperation
        /// A text field of the Auth tab.
        case auth(AuthField)
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
