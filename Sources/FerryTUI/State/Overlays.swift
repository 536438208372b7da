/// What is drawn over the screen until closed, a room of the TUI: the help, the command palette and
/// the request body's hex dump.
public struct Overlays: Sendable {
    public var showHelp = false
    public var helpScroll = 0
    public var palette: CommandPalette?
    /// The exact request body as hex dump lines.
    public var bodyHex: [String]?
    public var bodyHexScroll = 0

    public init() {}
}
