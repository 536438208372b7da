import ArgumentParser
import FerryStore

/// `ferry history list`: the newest exchanges first.
struct HistoryListCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded exchanges, newest first.")

    @Option(name: .long, help: "How many entries to show.")
    var limit = 20

    @Flag(name: .long, help: "Print a JSON array instead of a table.")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        guard limit > 0 else { throw HistoryError.invalidArgument(name: "--limit", problem: "must be 1 or more") }
        try printer.printSummaries(try store.list(limit: limit), json: json)
        return .success
    }
}
