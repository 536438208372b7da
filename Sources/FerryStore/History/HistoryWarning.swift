/// Why exchanges were not recorded, as the one line shown on stderr or in the status bar.
public struct HistoryWarning: Error, Sendable, Equatable {
    public var message: String

    /// `<what> not recorded in the history: <why>`, e.g. `the exchange was not recorded in the history:
    /// another program holds its database (/home/ann/.local/share/ferry/history.sqlite)`.
    init(unrecorded what: String, _ error: any Error) {
        message = "\(what) not recorded in the history: " + Self.reason(error)
    }

    init(message: String) { self.message = message }

    /// The error's words, naming the database's file when it is the history's.
    static func reason(_ error: any Error) -> String { (error as? HistoryError)?.reason ?? "\(error)" }
}
