/// One line of the command palette: an action from the keymap, or a theme to switch to.
public struct PaletteEntry: Hashable, Sendable {
    public enum Command: Hashable, Sendable {
        case action(Action)
        case theme(String)
    }

    public var command: Command
    /// What the query is matched against: the action's keymap name, or `theme: NAME`.
    public var title: String
    public var summary: String
    /// The keys bound to the action, as the help shows them.
    public var keys: String
}
