import FerryCore
import Foundation

/// Records a stream of exchanges (a run's) on a queue of its own, so the run never waits for the
/// history: each exchange becomes its row as it arrives, and the rows are committed in batches, one
/// transaction each — every `batchSize` rows, and `delay` after the first row of a batch at the
/// latest — so a long run holds the database for a moment at a time and loses at most one batch if
/// it is killed. A secret first met after a row was written (a later request's secret capture) is
/// redacted in that row too when the writer finishes.
public final class HistoryWriter: @unchecked Sendable {
    public static let batchSize = 128
    public static let delay: DispatchTimeInterval = .milliseconds(200)

    private let queue = DispatchQueue(label: "ferry.history.writer")
    private let locations: StoreLocations
    // Only touched on `queue`:
    private var store: Result<HistoryStore, HistoryError>?
    private var pending: [(entry: HistoryEntry, exchange: HistoryRecorder.Exchange)] = []
    /// The rows written, with the exchanges they were made from (for `finish`'s late secrets).
    private var written: [(id: Int64, exchange: HistoryRecorder.Exchange)] = []
    private var batch = 0
    private var warning: HistoryWarning?

    /// The history in `locations` is opened on the writer's queue when the first exchange arrives.
    public init(locations: StoreLocations) {
        self.locations = locations
    }

    /// Queues an exchange to be recorded; returns at once.
    public func append(_ exchange: HistoryRecorder.Exchange) {
        queue.async { [self] in
            guard warning == nil else { return }
            do {
                pending.append((try HistoryEntry(exchange), exchange))
            } catch {
                warning = HistoryWarning(unrecorded: "some of the run's exchanges were", error)
                return
            }
            if pending.count >= Self.batchSize {
                commit()
            } else if pending.count == 1 {
                let due = batch
                queue.asyncAfter(deadline: .now() + Self.delay) { [self] in
                    if batch == due { commit() }
                }
            }
        }
    }

    /// Commits what is queued and waits for it, then rewrites the rows written without one of the
    /// secrets of `redaction` (the run's, all of them); the first problem met, if any (the exchanges
    /// after it are not recorded).
    public func finish(redaction: Redaction = Redaction()) -> HistoryWarning? {
        queue.sync {
            commit()
            guard warning == nil, let store = try? store?.get() else { return warning }
            // Only rows the late secrets change are rewritten (the same secret under another name, or
            // one the row does not hold, leaves it as it is).
            let late = written.compactMap { row -> (id: Int64, entry: HistoryEntry)? in
                guard redaction.rules.contains(where: { !row.exchange.redaction.rules.contains($0) }) else { return nil }
                var exchange = row.exchange
                exchange.redaction.add(redaction.rules)
                guard let rewritten = try? HistoryEntry(exchange), rewritten != (try? HistoryEntry(row.exchange)) else { return nil }
                return (row.id, rewritten)
            }
            do {
                if !late.isEmpty { try store.replace(late) }
            } catch {
                warning = HistoryWarning(
                    message: "secrets found late in the run are still in its history entries: " + HistoryWarning.reason(error))
            }
            return warning
        }
    }

    private func commit() {
        batch += 1
        guard !pending.isEmpty, warning == nil else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        do {
            if store == nil {
                store = Result { try HistoryStore(locations: locations) }.mapError {
                    $0 as? HistoryError ?? .unavailable(path: locations.dataDirectory, problem: "\($0)")
                }
            }
            let ids = try store!.get().record(pending.map(\.entry))
            written += zip(ids, pending.map(\.exchange)).map { (id: $0, exchange: $1) }
        } catch {
            warning = HistoryWarning(unrecorded: "some of the run's exchanges were", error)
        }
    }
}
