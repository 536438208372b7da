/// One line of the command palette: an action from the keymap, a theme or an environment to switch to.
public struct PaletteEntry: Hashable, Sendable {
    public enum Command: Hashable, Sendable {
        case action(Action)
        case theme(String)
        /// A collection's environment; nil for none.
        case environment(String?)
    }

    public var command: Command
    /// What the query is matched against: the action's keymap name, `theme: NAME` or `environment: NAME`.
    public var title: String
    public var summary: String
    /// The keys bound to the action, as the help shows them.
    public var keys: String
}
