import ArgumentParser
import FerryStore
import Foundation

/// `ferry history export`: the history as HAR 1.2 or as Ferry's JSON, oldest first.
struct HistoryExportCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export recorded exchanges as HAR 1.2 or JSON (oldest first).",
        discussion: "With -o the file is written whole or not at all (a temporary file renamed into place).")

    @Option(name: .long, help: "har (default; other tools import it) or json (the `show --json` documents).")
    var format = "har"

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    @Option(name: .long, help: "Export only the newest N entries.")
    var limit: Int?

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        guard format == "har" || format == "json" else {
            throw HistoryError.invalidArgument(name: "--format", problem: "expected har or json, not `\(format)`")
        }
        guard (limit ?? 1) > 0 else { throw HistoryError.invalidArgument(name: "--limit", problem: "must be 1 or more") }
        let entries = Array(try store.entries(HistoryQuery(limit: limit ?? Int.max)).reversed())
        let data = format == "har" ? try ExchangeReport.encode(HistoryHAR(entries: entries))
            : try ExchangeReport.encode(entries.map(HistoryReport.Entry.init))
        guard let output else {
            printer.stdout.write(data + Data("\n".utf8))
            return .success
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printer.stderr.line("ferry: cannot write \(output): \(error.localizedDescription)")
            return .localFile
        }
        printer.stderr.line("ferry: exported \(entries.count) entr\(entries.count == 1 ? "y" : "ies") to \(output)")
        return .success
    }
}
