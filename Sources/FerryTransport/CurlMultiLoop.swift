import CCurl
import CCurlShims
import FerryCore
import Foundation

/// Drives one libcurl multi handle on a dedicated thread: every transfer of a `CurlTransport`
/// runs here, so they share connections, DNS cache and cookies, and never block a caller.
///
/// Other threads talk to it only through `submit`, which queues a command and wakes the loop
/// with `curl_multi_wakeup` (cancellation lands in well under a millisecond). Tasks that prefer the
/// loop's `CurlLoopExecutor` run their jobs here too, between transfers.
final class CurlMultiLoop: @unchecked Sendable {
    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
        /// A job of a task that prefers this loop's executor.
        case run(UnownedJob, on: CurlLoopExecutor)
    }

    private let multi: UnsafeMutableRawPointer
    /// The cookie jar and DNS cache shared by every transfer of this loop.
    let share: UnsafeMutableRawPointer
    /// Easy handles of finished transfers, reused by the next ones.
    let handles = CurlHandlePool()
    /// Where a clear-text HTTP/2 connection is open, to be reused.
    let priorKnowledge = PriorKnowledgeConnections()
    private let lock = NSLock()
    private var inbox: [Command] = []
    private var stopping = false
    /// Transfers whose handles are in the multi handle; loop thread only.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// The loop's thread, once it runs: commands it submits itself need no wake-up.
    private var loopThread: pthread_t?
    /// True while a task's job runs on the loop (not inside a libcurl callback); loop thread only.
    private var runningJob = false

    init() {
        CurlGlobal.initialize()
        multi = curl_multi_init()!
        share = curl_share_init()!
        _ = ferry_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
        _ = ferry_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        let thread = Thread { [self] in run() }
        thread.name = "ferry.curl"
        thread.start()
    }

    func submit(_ command: Command) {
        let onLoop = lock.withLock { loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if onLoop, runningJob, case .start(let transfer) = command { return startNow(transfer) }
        lock.withLock { inbox.append(command) }
        if !onLoop { curl_multi_wakeup(multi) }
    }

    /// A transfer started by a job running on the loop goes on the wire before the job goes on, so
    /// the job's task can do other work while the server answers (`ferry run` checks the previous
    /// response then).
    private func startNow(_ transfer: CurlTransfer) {
        handle(.start(transfer))
        guard active[transfer.handle] != nil else { return }  // it waits for its turn (or ended): nothing to send yet
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
    }

    /// Drives the transfers in flight from inside a job running on the loop (a script's, every few
    /// milliseconds it runs: `TransferPump`): what has arrived is read, finished transfers end
    /// (their tasks resume once the job is done) and the transfer waiting for their turn goes out.
    /// Does nothing elsewhere.
    func pump() {
        guard lock.withLock({ loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }), runningJob else { return }
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
        collectFinished()
    }

    /// Ends the loop: transfers still running are cancelled, then the handles are released.
    func stop() {
        lock.withLock { stopping = true }
        curl_multi_wakeup(multi)
    }

    // MARK: - Loop thread

    private func run() {
        lock.withLock { loopThread = pthread_self() }
        while handleInbox() {
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectFinished()
            let queued = lock.withLock { !inbox.isEmpty }
            curl_multi_poll(multi, nil, 0, queued ? 0 : pollTimeout(), nil)
            resumeThrottledTransfers()
        }
        for transfer in active.values { remove(transfer, outcome: .failure(.explicitlyCancelled)) }  // waiting ones declined
        curl_multi_cleanup(multi)
        curl_share_cleanup(share)
    }

    /// Passes through the inbox before libcurl gets the thread back: the commands queued, then those
    /// the jobs just run queued in turn (a task's next step: a finished transfer's task resuming
    /// the task that awaited it, which starts the next transfer), up to `inboxPasses` times, so a
    /// run's next request goes out without a turn of `curl_multi_perform` and `poll` per step.
    /// False when the loop is to stop.
    private func handleInbox() -> Bool {
        for _ in 0..<Self.inboxPasses {
            let (commands, stop) = lock.withLock { () -> ([Command], Bool) in
                defer { inbox.removeAll() }
                return (inbox, stopping)
            }
            commands.forEach(handle)
            if stop { return false }
            if lock.withLock({ inbox.isEmpty }) { break }
        }
        return true
    }

    /// Passes through the inbox between turns of libcurl: enough for a run's steps from one
    /// transfer to the next, few enough that jobs queuing jobs never keep transfers waiting long.
    private static let inboxPasses = 8

    private func handle(_ command: Command) {
        switch command {
        case .start(let transfer):
            guard !transfer.isCancelled else { return transfer.finish(.failure(.explicitlyCancelled)) }
            guard let turn = transfer.turn else { return begin(transfer) }
            guard turn.transfer == nil, turn.ending == nil, !turn.declined else {
                transfer.turn = nil  // a second transfer of the task (a retry): not the turn's
                return begin(transfer)
            }
            guard let previous = turn.previous else { return begin(transfer) }
            if previous.transfer != nil, previous.waiting == nil {
                previous.waiting = transfer  // started (or declined) when the previous transfer ends
            } else {
                take(turn: turn, of: transfer, after: previous)
            }
        case .cancel(let transfer):
            if active[transfer.handle] != nil {
                remove(transfer, outcome: transfer.stoppedOutcome())
            } else {
                transfer.finish(.failure(.explicitlyCancelled))
            }
        case .run(let job, let executor):
            runningJob = true
            job.runSynchronously(on: executor.asUnownedTaskExecutor())
            runningJob = false
        }
    }

    /// Adds `transfer` to the multi handle (libcurl sends it at its next turn); its turn, if any, is taken.
    private func begin(_ transfer: CurlTransfer) {
        transfer.willStart()
        let code = curl_multi_add_handle(multi, transfer.handle)
        guard code == CURLM_OK else {
            let message = String(cString: curl_multi_strerror(code))
            return transfer.finish(
                .failure(.transportFailed(reason: .init(kind: .other, code: Int(code.rawValue), codeText: message, detail: ""))))
        }
        active[transfer.handle] = transfer
        transfer.turn?.transfer = transfer
    }

    /// Starts a transfer whose turn comes after `previous`'s, now that that one has ended (or never
    /// took its turn): at once when the turn allows it (`TransferTurn.mayStart`), else it is declined
    /// and nothing is sent. Returns whether it started.
    @discardableResult
    private func take(turn: TransferTurn, of transfer: CurlTransfer, after previous: TransferTurn) -> Bool {
        turn.previous = nil
        guard !transfer.isCancelled else {
            transfer.finish(.failure(.explicitlyCancelled))
            return false
        }
        guard TransferTurn.mayStart(with: transfer.givenCookies, after: previous.ending) else {
            turn.declined = true
            transfer.finish(.failure(.explicitlyCancelled))
            return false
        }
        transfer.restartClock()
        begin(transfer)
        return true
    }

    /// At most a second, less when a throttled transfer is due sooner.
    private func pollTimeout() -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = active.values.compactMap(\.pausedUntil).min().map { $0 > now ? ($0 - now) / 1_000_000 + 1 : 0 }
        return Int32(min(due ?? 1000, 1000))
    }

    private func resumeThrottledTransfers() {
        let now = DispatchTime.now().uptimeNanoseconds
        for transfer in active.values where transfer.pausedUntil != nil { _ = transfer.resumeIfDue(now: now) }
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let transfer = active[handle]
            else { continue }
            let code = message.pointee.data.result
            // Cancelled, and stopped by its progress callback before this loop took the cancel
            // command: it ends as that command ends it (a stream keeps what arrived).
            let cancelled = code != CURLE_OK && transfer.isCancelled
            remove(transfer, outcome: cancelled ? transfer.stoppedOutcome() : transfer.outcome(of: code))
        }
    }

    /// Takes a transfer out and delivers its outcome — after starting the transfer waiting for its
    /// turn, if any, so the next request is on the wire before the finished one's task resumes.
    private func remove(_ transfer: CurlTransfer, outcome: Result<Response, FerryError>) {
        curl_multi_remove_handle(multi, transfer.handle)
        active[transfer.handle] = nil
        if let turn = transfer.turn {
            turn.transfer = nil
            turn.ending =
                if case .success(let response) = outcome {
                    .answered(jarGiven: transfer.givenCookies?.jar, jarAfter: response.cookieJar)
                } else {
                    .failed
                }
            if let waiting = turn.waiting as? CurlTransfer, let next = waiting.turn {
                turn.waiting = nil
                if take(turn: next, of: waiting, after: turn), !stopping {
                    var running: Int32 = 0
                    curl_multi_perform(multi, &running)
                }
            }
        }
        transfer.finish(outcome)
    }
}
