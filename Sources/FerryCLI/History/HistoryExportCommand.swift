import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry history export`: the history as HAR 1.2 or as Ferry's JSON, oldest first, streamed one
/// entry at a time.
struct HistoryExportCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export recorded exchanges as HAR 1.2 or JSON (oldest first).",
        discussion: "With -o the file is written whole or not at all (a temporary file renamed into place).")

    @Option(name: .long, help: "har (default; other tools import it) or json (the `show --json` documents).")
    var format = "har"

    @Option(
        name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    @Option(name: .long, help: "Export only the newest N entries.")
    var limit: Int?

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        guard format == "har" || format == "json" else {
            throw HistoryError.invalidArgument(name: "--format", problem: "expected har or json, not `\(format)`")
        }
        guard (limit ?? 1) > 0 else { throw HistoryError.invalidArgument(name: "--limit", problem: "must be 1 or more") }
        var count = 0
        do {
            if let output {
                try AtomicFile.write(to: output) { descriptor in try write(store, to: OutputStream(descriptor: descriptor)) { count += 1 } }
            } else {
                try write(store, to: printer.stdout) { count += 1 }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.failed(operation: "write \(output ?? "the export")", problem: ErrorChain(error).line)
        }
        if let output { printer.stderr.line("ferry: exported \(count) entr\(count == 1 ? "y" : "ies") to \(output)") }
        return .success
    }

    /// The document, entry by entry: HAR's `{"log": {…, "entries": [ … ]}}` or a JSON array.
    private func write(_ store: HistoryStore, to sink: OutputStream, counting: () -> Void) throws {
        let (opening, closing) = format == "har" ? try HistoryHAR.frame() : (Data("[".utf8), Data("]".utf8))
        try sink.writeAll(opening)
        var first = true
        try store.forEachEntry(HistoryQuery(limit: limit ?? Int.max)) { entry in
            let encoded =
                format == "har" ? try ExchangeReport.encode(HistoryHAR.entry(entry)) : try ExchangeReport.encode(HistoryReport.Entry(entry))
            try sink.writeAll((first ? Data("\n".utf8) : Data(",\n".utf8)) + encoded)
            first = false
            counting()
        }
        try sink.writeAll(Data("\n".utf8) + closing + Data("\n".utf8))
    }
}
