import ArgumentParser
import FerryCore
import FerryStore
import FerryTransport
import Foundation

/// `ferry history replay ID`: sends a recorded request again and records the new exchange.
struct HistoryReplayCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Send a recorded request again, show the answer, and record it.",
        discussion: "Exit codes as for `ferry send`.")

    @Argument(help: "The entry id (from `ferry history list`).", completion: ShellCompletions.historyIDs)
    var id: String

    @Flag(name: .long, help: "Print the new exchange as JSON (the `ferry history show --json` document).")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        let request = try store.entry(id: try .historyID(id)).replayDescription()
            .resolved(with: .literal, directory: FileManager.default.currentDirectoryPath).request
        let started = Date()
        let (task, interrupt) = InterruptHandler.guarding {
            Task { try await CurlTransport().send(request, receivingInto: .default, progress: nil) }
        }
        defer { interrupt.cancel() }
        var response: Response?
        var failure: FerryError?
        do {
            response = try await task.value
        } catch {
            failure = error as? FerryError ?? .explicitlyCancelled
        }
        let entry = try HistoryEntry(request: request, response: response, error: failure, started: started)
        var recorded = entry
        do {
            recorded.id = try store.record(entry)
        } catch let error as HistoryError {
            printer.stderr.line("ferry: history: \(error)")
        }
        if json {
            try printer.printJSON(HistoryReport.Entry(recorded))
        } else {
            printer.printEntry(recorded)
        }
        return failure.map(ExitStatus.init(for:)) ?? .success
    }
}
