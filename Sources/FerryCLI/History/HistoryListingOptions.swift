import ArgumentParser
import FerryStore

/// `--limit` and `--json` of `ferry history list` and `search`.
struct HistoryListingOptions: ParsableArguments {
    @Option(name: .long, help: "How many entries to show (newest first).")
    var limit = 20

    @Flag(name: .long, help: "Print a JSON array instead of a table.")
    var json = false

    /// The limit, or an error when it is not positive.
    func validLimit() throws -> Int {
        guard limit > 0 else { throw HistoryError.invalidArgument(name: "--limit", problem: "must be 1 or more") }
        return limit
    }
}
