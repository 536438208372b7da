import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry history …`: the recorded exchanges, listed, searched, shown, replayed, compared, exported, pruned.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Browse, search, replay, compare and export the exchanges Ferry recorded.",
        discussion: "The history lives in $XDG_DATA_HOME/ferry/history.sqlite (~/.local/share/ferry by default).",
        subcommands: [
            HistoryListCommand.self, HistoryShowCommand.self, HistorySearchCommand.self, HistoryReplayCommand.self,
            HistoryDiffCommand.self, HistoryExportCommand.self, HistoryPruneCommand.self,
        ])
}

/// A `ferry history` subcommand: opens the user's history, runs, and turns history errors into
/// one `ferry: history: …` line and an exit code (1 for bad input, 4 for an unusable database).
protocol HistorySubcommand: AsyncCommand {
    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus
}

extension HistorySubcommand {
    func execute() async throws {
        let printer = HistoryPrinter()
        let status: ExitStatus
        do {
            let store = try HistoryStore(locations: StoreLocations(environment: ProcessEnvironment.variables))
            status = try await run(store: store, printer: printer)
        } catch let error as HistoryError {
            printer.stderr.line("ferry: history: " + error.description)
            switch error {
            case .notFound, .invalidArgument, .notReplayable: status = .usage
            case .unavailable, .failed: status = .localFile
            }
        }
        if status != .success { throw status.exitCode }
    }
}

/// The entry id argument shared by `show`, `replay` and `diff`.
extension Int64 {
    /// Parses an entry id (`12`, or `#12` as `list` prints it).
    static func historyID(_ text: String) throws -> Int64 {
        guard let id = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), id > 0 else {
            throw HistoryError.invalidArgument(name: "ID", problem: "expected an entry id from `ferry history list`, not `\(text)`")
        }
        return id
    }
}
