import ArgumentParser
import FerryStore
import Foundation

/// `ferry history search`: full text over URL, method, status, headers and text bodies, plus filters.
struct HistorySearchCommand: HistorySubcommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search recorded exchanges (full text and filters), newest first.",
        discussion: "Every word must match the start of a word in the URL, method, status, headers or a text body.")

    @Argument(help: "Words to look for (may be empty when filters are given).")
    var query: String = ""

    @Option(name: .long, help: "A status class (2xx … 5xx), a status (404), or `error` (no response).")
    var status: String?

    @Option(name: .long, help: "The method (GET, POST…).")
    var method: String?

    @Option(name: .long, help: "The host; its subdomains match too.")
    var host: String?

    @Option(name: .long, help: "Only exchanges from this time on: ISO 8601, or an age such as 30m, 1h, 2d, 1w.")
    var since: String?

    @Option(name: .long, help: "Only exchanges up to this time: ISO 8601, or an age such as 30m, 1h, 2d, 1w.")
    var until: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Only the exchanges of this `ferry run` (its id is printed at the end of the run).", valueName: "id"))
    var run: String?

    @OptionGroup var listing: HistoryListingOptions

    func run(store: HistoryStore, printer: HistoryPrinter) async throws -> ExitStatus {
        let now = Date()
        var search = HistoryQuery(
            text: query, status: status, method: method, host: host,
            since: try since.map { try HistoryQuery.parseTime($0, name: "--since", now: now) },
            until: try until.map { try HistoryQuery.parseTime($0, name: "--until", now: now) },
            limit: try listing.validLimit())
        search.run = run
        try printer.printSummaries(try store.search(search), json: listing.json)
        return .success
    }
}
