import ArgumentParser
import FerryStore

/// `ferry history list`: the newest exchanges first.
struct HistoryListCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded exchanges, newest first.")

    @OptionGroup var listing: HistoryListingOptions

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        try printer.printSummaries(try store.list(limit: try listing.validLimit()), json: listing.json)
        return .success
    }
}
