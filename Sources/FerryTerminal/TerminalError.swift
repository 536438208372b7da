/// Why the terminal UI cannot start.
public enum TerminalError: Error, Sendable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (a pipe, a file, a CI job).
    case notATerminal(stream: String)
    /// The terminal type in `TERM` is unknown to terminfo, or `TERM` is unset.
    case unknownTerminal(String?)
    /// The terminal library could not be loaded (`dlopen`'s reason).
    case libraryMissing(library: String, reason: String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "the TUI needs a terminal, but \(stream) is not one (use `ferry send` in scripts and pipes)"
        case .unknownTerminal(let term?):
            "the terminal type TERM=\(term) is unknown to terminfo (try TERM=xterm-256color, or tmux-256color inside tmux)"
        case .unknownTerminal(nil):
            "TERM is not set, so the terminal type is unknown (try TERM=xterm-256color)"
        case .libraryMissing(let library, let reason):
            "the TUI needs ncursesw (\(library)), which could not be loaded: \(reason) (on Debian: apt install libncursesw6)"
        }
    }
}
