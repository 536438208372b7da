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

    @Argument(help: "The entry id (from `ferry history list`).")
    var id: String

    @Flag(name: .long, help: "Print the new exchange as JSON (the `ferry history show --json` document).")
    var json = false

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        let request = try store.entry(id: try .historyID(id)).replayRequest()
        let started = Date()
        let task = Task { try await CurlTransport().send(request, receivingInto: .default, progress: nil) }
        let interrupt = InterruptHandler { task.cancel() }
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

extension HistoryEntry {
    /// The request as recorded, ready to send again; refused when recording lost part of it.
    func replayRequest() throws -> Request {
        let entryID = id ?? 0
        guard !requestBodyTruncated else {
            throw HistoryError.notReplayable(id: entryID, problem: "its body was capped at \(requestBody?.count ?? 0) bytes when recorded")
        }
        if redacted, url.contains("{{") || requestHeaders.contains(where: { $0.value.contains("{{") })
            || requestBody.map({ String(decoding: $0, as: UTF8.self).contains("{{") }) == true {
            throw HistoryError.notReplayable(id: entryID, problem: "secrets were replaced by {{name}} when it was recorded; send it again from its collection" + resendHint)
        }
        let parsed: URL
        do {
            parsed = try Request.parseURL(url)
        } catch {
            throw HistoryError.notReplayable(id: entryID, problem: "its URL `\(url)` is not valid")
        }
        return Request(method: HTTPMethod(method), url: parsed, headers: HTTPHeaders(requestHeaders),
                       body: requestBody.map { .bytes($0) } ?? .none, options: options)
    }

    /// The `ferry send` command that sends the entry's request file again, when it came from one.
    private var resendHint: String {
        guard let collection, let requestPath else { return "" }
        let file = (collection as NSString).appendingPathComponent(requestPath)
        return ": ferry send '\(file)'" + (environment.map { " --env '\($0)'" } ?? "")
    }
}
