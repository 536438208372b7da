import FerryCore
import Foundation
import Synchronization

/// The record stage of every exchange (`ferry send`, `ferry run`, the TUI, chained values): each
/// exchange becomes its row on the writer's own queue, so no exchange ever waits for the history.
/// Rows are built and committed in batches, one transaction each — every `batchSize` exchanges, and
/// `delay` after the first of a batch at the latest — so a long run holds the database for a moment
/// at a time, wakes the writer's queue once a batch (not once an exchange: a wake-up is a system call
/// on the sender's thread, the curl thread in a run), and loses at most one batch if it is killed.
/// A secret first met after a row was written (a later request's secret capture) is redacted in
/// that row too when the writer finishes: the rows are read back and rewritten where they hold it. Written exchanges are not kept (a run's memory does not
/// grow with its length): only runs of row ids and the secrets they were written without.
///
/// A problem never fails an exchange: it is one `HistoryWarning`, told at once to `onProblem` (the
/// writer then tries again with the next exchange) or, without one, kept for `finish` (and the
/// exchanges after it are not recorded).
public final class HistoryWriter: @unchecked Sendable {
    /// 32, not 128: a run's last batch is built and committed on its way out (2.3 ms of its tail at
    /// 128, 0.5 ms at 32), and a run with the history took 7–14 ms longer at 128 than at 16–64, for
    /// three more wake-ups of the writer a hundred requests (Benchmarks/README.md, issue 27).
    public static let batchSize = 32
    public static let delay: DispatchTimeInterval = .milliseconds(200)

    private let queue = DispatchQueue(label: "ferry.history.writer")
    private let locations: StoreLocations
    private let delay: DispatchTimeInterval
    private let onProblem: (@Sendable (HistoryWarning) -> Void)?
    /// Exchanges given and not yet taken by the queue (`append` only adds to it). It trades places
    /// with `taken` a batch at a time, so neither grows again from nothing: an array regrown for each
    /// batch moved its exchanges and faulted in fresh pages on the sender's thread.
    private let inbox = Mutex<[FinishedExchange]>([])
    // Only touched on `queue`:
    /// The exchanges last taken from the inbox, emptied (its capacity kept) once their rows are built.
    private var taken: [FinishedExchange] = []
    private var store: Result<HistoryStore, HistoryError>?
    /// Rows built and not yet written, and the secrets each was redacted with (apart: the rows go
    /// to `record` as they are, not copied out of pairs).
    private var pending: [HistoryEntry] = []
    private var pendingRules: [[Redaction.Rule]] = []
    /// The rows written, as runs of consecutive ids written with the same secrets (for `finish`'s late ones).
    private var written: [(ids: ClosedRange<Int64>, rules: [Redaction.Rule])] = []
    private var writtenCount = 0
    /// How many exchanges the writer was given.
    private var given = 0
    /// The first problem, kept for `finish` when no one is told at once.
    private var problem: (any Error)?
    private var warning: HistoryWarning?

    /// The history in `locations` is opened on the writer's queue when the first exchange arrives.
    public init(
        locations: StoreLocations, delay: DispatchTimeInterval = HistoryWriter.delay,
        onProblem: (@Sendable (HistoryWarning) -> Void)? = nil
    ) {
        self.locations = locations
        self.delay = delay
        self.onProblem = onProblem
        inbox.withLock { $0.reserveCapacity(Self.batchSize) }
        taken.reserveCapacity(Self.batchSize)
    }

    /// Queues an exchange to be recorded; returns at once. The queue is woken when a batch is full,
    /// or `delay` after the first exchange of one.
    public func append(_ exchange: consuming FinishedExchange) {
        var moving = Optional(exchange)
        let count = inbox.withLock { exchanges in
            exchanges.append(moving.take()!)  // moved in, not copied (a retain of each of its fields)
            return exchanges.count
        }
        if count % Self.batchSize == 0 {
            queue.async { [self] in commit() }
        } else if count == 1 {
            queue.asyncAfter(deadline: .now() + delay) { [self] in commit() }
        }
    }

    /// Commits what is queued and waits for it, then rewrites the rows written without one of the
    /// secrets of `redaction` (a run's, all of them); the first problem kept, if any, with how many
    /// exchanges went unrecorded from then on. The WAL is left as it is: the next process that
    /// records empties it when it opens the history (`commit`), not this one on its way out.
    public func finish(redaction: Redaction = Redaction()) -> HistoryWarning? {
        queue.sync {
            commit()
            if let problem, warning == nil {
                let unrecorded = given - writtenCount
                warning = HistoryWarning(
                    unrecorded: given == 1 ? "the exchange was" : "\(unrecorded) of the \(given) exchanges were", problem)
            }
            guard warning == nil, let store = try? store?.get() else { return warning }
            // Only rows that hold a late secret are rewritten (one the row does not hold leaves it as it is).
            do {
                for span in written {
                    let late = redaction.rules.filter { !span.rules.contains($0) }
                    if !late.isEmpty { try store.redact(span.ids, with: Redaction(late)) }
                }
            } catch {
                warning = HistoryWarning(
                    message: "secrets found late in the run are still in its history entries: " + HistoryWarning.reason(error))
            }
            return warning
        }
    }

    /// What the writer holds for the rows it has been given, for tests of its memory: exchanges
    /// not yet committed, and the runs of rows written (what late secrets need).
    var held: (exchanges: Int, spans: Int) { queue.sync { (pending.count + inbox.withLock { $0.count }, written.count) } }

    /// Builds the rows of the exchanges in the inbox.
    private func take() {
        inbox.withLock { swap(&$0, &taken) }
        defer { taken.removeAll(keepingCapacity: true) }
        given += taken.count
        guard problem == nil else { return }
        for exchange in taken {
            do {
                pending.append(try HistoryEntry(exchange))
                pendingRules.append(exchange.redaction.rules)
            } catch {
                report(error, unrecorded: 1)
                if problem != nil { return }
            }
        }
    }

    /// Writes the rows of the exchanges given so far in one transaction.
    private func commit() {
        take()
        guard !pending.isEmpty, problem == nil else { return }
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingRules.removeAll(keepingCapacity: true)
        }
        do {
            if store == nil {
                store = Result { try HistoryStore(locations: locations, recordingOnly: true) }.mapError {
                    $0 as? HistoryError ?? .unavailable(path: locations.dataDirectory, problem: "\($0)")
                }
                // What the last process left in the WAL (none closes the history: closing syncs) is
                // emptied here, beside this one's exchanges, rather than on a run's way out.
                (try? store?.get())?.truncateWAL()
            }
            let ids = try store!.get().record(pending)
            for (id, rules) in zip(ids, pendingRules) {
                if let last = written.last, last.rules == rules, last.ids.upperBound + 1 == id {
                    written[written.count - 1].ids = last.ids.lowerBound...id
                } else {
                    written.append((id...id, rules))
                }
            }
            writtenCount += ids.count
        } catch {
            report(error, unrecorded: pending.count)
            if case .failure? = store, onProblem != nil { store = nil }  // opened again for the next exchange
        }
    }

    /// Tells `onProblem` at once, or keeps the first problem for `finish`.
    private func report(_ error: any Error, unrecorded: Int) {
        guard let onProblem else {
            problem = problem ?? error
            return
        }
        onProblem(HistoryWarning(unrecorded: unrecorded == 1 ? "the exchange was" : "\(unrecorded) exchanges were", error))
    }
}
