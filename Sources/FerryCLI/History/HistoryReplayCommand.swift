import ArgumentParser
import FerryCore
import FerrySession
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
        let pipeline = ExchangePipelines.commandLine(
            transport: CurlTransport(), keepsCookies: true, history: nil, printer: ResponsePrinter()
        )
        .pipeline(collection: nil, environment: nil)
        let (task, interrupt) = InterruptHandler.guarding {
            Task { await pipeline.exchange(request, concluding: ResponseConclusion(evaluator: nil), origin: nil, redaction: Redaction()) }
        }
        defer { interrupt.cancel() }
        let outcome = await task.value
        // Recorded here rather than by the pipeline: the new entry's id is printed with it.
        var recorded = try HistoryEntry(
            FinishedExchange(
                request: outcome.request, response: outcome.response, error: outcome.error, started: outcome.started, origin: .adHoc,
                redaction: outcome.redaction))
        do {
            recorded.id = try store.record(recorded)
        } catch let error as HistoryError {
            printer.stderr.line("ferry: history: \(error)")
        }
        if json {
            try printer.printJSON(HistoryReport.Entry(recorded))
        } else {
            printer.printEntry(recorded)
        }
        return outcome.error.map(ExitStatus.init(for:)) ?? .success
    }
}
