import ArgumentParser
import FerryStore

/// `ferry history diff A B`: what changed between two exchanges.
struct HistoryDiffCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare two recorded exchanges: status, response headers, and the bodies as trees.")

    @Argument(help: "The older entry id.", completion: ShellCompletions.historyIDs)
    var old: String

    @Argument(help: "The newer entry id.", completion: ShellCompletions.historyIDs)
    var new: String

    @Flag(name: .long, help: "Print the differences as JSON.")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        let diff = ExchangeDiff(try store.entry(id: try .historyID(old)), try store.entry(id: try .historyID(new)))
        if json {
            try printer.printJSON(diff)
        } else {
            printer.printDiff(diff)
        }
        return .success
    }
}
