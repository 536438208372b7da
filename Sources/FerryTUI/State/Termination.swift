/// Why the TUI ends without the user quitting: each way exits cleanly, with its own status.
public enum Termination: Sendable, Equatable {
    /// SIGTERM, SIGINT or SIGHUP arrived.
    case signal(Int32)
    /// The terminal's input hung up or closed (a closed SSH session, a killed tmux) with no SIGHUP reaching Ferry.
    case terminalLost

    /// The exit status: 128 + the number for SIGINT, as shells report it, 1 for the rest (the session was cut short).
    public var exitStatus: Int32 {
        switch self {
        case .signal(let number) where number == 2: return 130
        case .signal, .terminalLost: return 1
        }
    }
}
