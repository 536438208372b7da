/// Where a binding applies. Bindings of the current context win over global ones.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    /// Everywhere, unless the current context binds the same key.
    case global
    /// A pane that is not editing text (the method selector, tabs, the response).
    case browse
    /// A one-line text field: the URL, a header row, an option value.
    case line
    /// The multi-line body editor.
    case body
    /// The response's Tree tab; keys it does not bind act as in `browse`.
    case tree
    /// The collection sidebar; keys it does not bind act as in `browse`.
    case sidebar

    /// The context whose bindings apply where this one binds nothing.
    var inherited: KeyContext? { self == .tree || self == .sidebar ? .browse : nil }
}
