import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// The history pane's reads: searches, recorded exchanges and diffs from the SQLite history,
/// opened on first use. Called off the UI thread.
final class HistoryBrowser: Sendable {
    private let store: Result<HistoryStore, HistoryError>
    /// The `baseURL` an environment (nil: none) has now, for replays of exchanges with the demo server.
    private let baseURL: @Sendable (String?) -> String?
    /// The collection's folder, as the history records it, for the exchanges of its files.
    private let collection: String?
    /// How many entries a search lists.
    static let limit = 200

    init(locations: StoreLocations, collection: String? = nil, baseURL: @escaping @Sendable (String?) -> String? = { _ in nil }) {
        store = Result { try HistoryStore(locations: locations) }
            .mapError { $0 as? HistoryError ?? .unavailable(path: locations.dataDirectory, problem: "\($0)") }
        self.baseURL = baseURL
        self.collection = collection
    }

    /// The newest entries matching `text` (every word a prefix, as `ferry history search`), or the newest of all.
    func search(_ text: String) -> Message {
        let words = text.trimmingCharacters(in: .whitespaces)
        return answer {
            let found = try $0.search(HistoryQuery(text: words.isEmpty ? nil : words, limit: Self.limit))
            return .historyListed(found.map { HistoryRow(id: $0.id, time: $0.time, method: $0.method, status: $0.status, url: $0.url) })
        }
    }

    /// A recorded exchange: the request as recorded and the response as the response views show it.
    /// A replay follows the same rules as `ferry history replay` (`HistoryEntry.replayDescription`),
    /// and goes to the demo server where its environment's `baseURL` now points when it went to one
    /// (`HistoryEntry.urlOnDemoServer`), its title saying so.
    func entry(id: Int64, replay: Bool) -> Message {
        answer { store in
            let entry = try store.entry(id: id)
            var description = replay ? try entry.replayDescription() : entry.recordedDescription
            var title = "#\(id) \(entry.method) \(entry.url)"
            if replay, let base = baseURL(entry.environment), let moved = entry.urlOnDemoServer(at: base) {
                description.url = moved
                let port = URLComponents(string: entry.url)?.port.map { " from port \($0)" } ?? ""
                title = "#\(id) \(entry.method) \(moved) (the demo server moved\(port))"
            }
            let request = RequestSource(title: title, description: description, root: FileManager.default.currentDirectoryPath)
            return .historyEntryLoaded(request, Self.summary(of: entry), replay: replay)
        }
    }

    /// The newest exchange sent from the collection's file at `path`, to offer its response; nil
    /// (no answer) when the history holds none or cannot be read.
    func lastRecorded(path: String) -> Message? {
        guard let collection, let store = try? store.get() else { return nil }
        var query = HistoryQuery(limit: 1)
        query.collection = collection
        query.requestPath = path
        guard let found = try? store.search(query).first else { return nil }
        return .lastRecordedFound(
            path: path, HistoryRow(id: found.id, time: found.time, method: found.method, status: found.status, url: found.url))
    }

    /// The response of a recorded exchange alone, marked with the time it was recorded (the status
    /// line says so, where the history pane's notice does not).
    func recordedResponse(_ row: HistoryRow) -> Message {
        answer { store in
            let entry = try store.entry(id: row.id)
            guard var summary = Self.summary(of: entry) else {
                return .notice("exchange #\(row.id) of the history has no recorded response")
            }
            summary.recorded = entry.time
            return .recordedResponseLoaded(summary)
        }
    }

    /// A recorded response as the response views show it; nil when none was recorded.
    private static func summary(of entry: HistoryEntry) -> ResponseSummary? {
        guard let status = entry.status else { return nil }
        let bytes = entry.responseBody ?? Data()
        let response = Response(
            status: status, reasonPhrase: entry.reason ?? "", httpVersion: entry.httpVersion ?? "",
            headers: HTTPHeaders(entry.responseHeaders), body: ResponseBody(storage: .memory(bytes), count: Int64(bytes.count)),
            effectiveURL: entry.effectiveURL ?? entry.url, remoteAddress: entry.remoteAddress, redirects: entry.redirects,
            timeline: entry.timeline ?? Timeline(start: entry.time), sent: nil, trailers: HTTPHeaders(entry.responseTrailers ?? []))
        // A WebSocket session's 101 is what was asked for: shown as the TUI showed it, not validated.
        let isWebSocket = URL(string: entry.url).map { Request(url: $0).isWebSocket } ?? false
        return isWebSocket ? .webSocket(response) : ResponseSummary(response, method: HTTPMethod(rawValue: entry.method), accept: nil)
    }

    /// The differences between two recorded exchanges, as lines.
    func diff(old: Int64, new: Int64) -> Message {
        answer { .historyDiff(ExchangeDiff(try $0.entry(id: old), try $0.entry(id: new)).lines) }
    }

    private func answer(_ work: (HistoryStore) throws -> Message) -> Message {
        do {
            return try work(store.get())
        } catch {
            return .notice("history: \(error)")
        }
    }
}
