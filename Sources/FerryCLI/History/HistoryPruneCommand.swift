import ArgumentParser
import FerryCore
import FerryStore

/// `ferry history prune`: keeps the newest entries within a count and a size, and compacts the file.
struct HistoryPruneCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "prune", abstract: "Delete the oldest entries beyond a count or size, then compact the file.",
        discussion: "Without flags the standard retention applies (10000 entries, 500M), as it does while recording.")

    @Option(name: .long, help: "Keep at most this many entries.")
    var keep: Int?

    @Option(name: .customLong("max-size"), help: ArgumentHelp("Keep at most this much stored data (K, M, G suffixes).", valueName: "size"))
    var maxSize: String?

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        var retention = HistoryRetention.standard
        if keep != nil || maxSize != nil { retention = .unlimited }
        if let keep {
            guard keep >= 0 else { throw HistoryError.invalidArgument(name: "--keep", problem: "must be 0 or more") }
            retention.maxEntries = keep
        }
        if let maxSize {
            guard let bytes = RequestOptions.parseRate(maxSize) else {
                throw HistoryError.invalidArgument(name: "--max-size", problem: "expected a size such as 200M or 1G, not `\(maxSize)`")
            }
            retention.maxBytes = bytes
        }
        let deleted = try store.prune(to: retention, compact: true)
        let report = HistoryReport.Pruned(deleted: deleted, remaining: try store.count())
        if json {
            try printer.printJSON(report)
        } else {
            printer.stdout.line("deleted \(report.deleted) entr\(report.deleted == 1 ? "y" : "ies"), \(report.remaining) kept")
        }
        return .success
    }
}
