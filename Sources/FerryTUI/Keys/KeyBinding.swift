/// One row of the keymap: a key, where it applies, and what it does.
public struct KeyBinding: Hashable, Sendable {
    public var key: Key
    public var context: KeyContext
    public var action: Action
    /// Shown in the footer when true.
    public var hint: Bool

    public init(_ key: Key, _ context: KeyContext, _ action: Action, hint: Bool = false) {
        self.key = key
        self.context = context
        self.action = action
        self.hint = hint
    }
}
