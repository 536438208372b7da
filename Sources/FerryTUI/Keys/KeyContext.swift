/// Where a binding applies: the room the focus is in. Bindings of the current context win over
/// those of the contexts it inherits, which win over global ones.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    /// Everywhere, unless the current context binds the same key.
    case global
    /// Every pane that is not editing text: moving, tabs, panes.
    case browse
    /// A one-line text field: the URL, a header row, an option value.
    case line
    /// The multi-line body editor.
    case body
    /// The method selector and the request tabs; keys they do not bind act as in `browse`.
    case request
    /// The response's tabs; keys they do not bind act as in `browse`.
    case response
    /// The response's Raw tab; keys it does not bind act as in `response`.
    case raw
    /// The response's Tree tab; keys it does not bind act as in `response`.
    case tree
    /// The collection sidebar; keys it does not bind act as in `browse`.
    case sidebar
    /// The history overlay's list; keys it does not bind act as in `browse`.
    case history
    /// The Mock view; keys it does not bind act as in `browse`.
    case mock

    /// The context whose bindings apply where this one binds nothing.
    var inherited: KeyContext? {
        switch self {
        case .tree, .raw: .response
        case .request, .response, .sidebar, .history, .mock: .browse
        case .global, .browse, .line, .body: nil
        }
    }

    /// The contexts whose bindings apply here, nearest first, ending with the global one.
    public var scopes: [KeyContext] {
        var scopes = [self]
        while let next = scopes.last!.inherited { scopes.append(next) }
        return self == .global ? scopes : scopes + [.global]
    }
}
