import ArgumentParser
import FerryStore

/// `ferry history show ID`: one exchange in full.
struct HistoryShowCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one recorded exchange: heads, body, timeline, errors.")

    @Argument(help: "The entry id (from `ferry history list`).", completion: ShellCompletions.historyIDs)
    var id: String

    @Flag(name: .long, help: "Print the entry as JSON (the `ferry send --json` document plus history fields).")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        let entry = try store.entry(id: try .historyID(id))
        if json {
            try printer.printJSON(HistoryReport.Entry(entry))
        } else {
            printer.printEntry(entry)
        }
        return .success
    }
}
