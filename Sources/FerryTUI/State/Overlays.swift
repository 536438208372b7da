/// What is drawn over the screen until closed, a room of the TUI: the help, the command palette and
/// a sheet of lines (the request body's hex dump, the request as a curl command).
public struct Overlays: Sendable {
    public var showHelp = false
    public var helpScroll = 0
    public var palette: CommandPalette?
    public var sheet: Sheet?
    /// The cookie jar being looked at and edited (F6).
    public var cookies: CookieEditor?
    /// The load form (F7) or the mock server's (F8).
    public var form: InputForm?

    public init() {}
}
