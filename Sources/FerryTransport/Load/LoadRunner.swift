import CCurl
import CCurlShims
import FerryCore
import Foundation

/// Runs a `LoadPlan` on a libcurl multi handle of its own, on a thread of its own: `-c` slots each
/// send a request, and the next when it is answered (closed model) or when one is due and a slot is
/// free (open model, latency counted from the due time, so a stalled server's queue shows: no
/// coordinated omission). Bodies are counted, not kept, but for one response in `sampleEvery`.
///
/// `stop` (any thread, e.g. on Ctrl-C) ends the run at once; `run` then returns what it saw so far.
public final class LoadRunner: @unchecked Sendable {
    private struct Prepared {
        var request: Request
        var body: Data?
        var check: (@Sendable (Response) -> String?)?
    }

    /// The largest request body a load sends (it is kept in memory, once per connection).
    public static let bodyLimit = 64 << 20
    private static let progressInterval: UInt64 = 200_000_000

    private let plan: LoadPlan
    private let targets: [Prepared]
    private let multi: UnsafeMutableRawPointer
    private let share: UnsafeMutableRawPointer
    private let handles = CurlHandlePool()
    private let lock = NSLock()
    private var stopRequested = false
    private var published = LoadProgress()

    /// Checks the plan and reads every request body once; throws before anything is sent.
    public init(plan: LoadPlan) throws {
        guard !plan.targets.isEmpty else { throw Self.invalid("target", "a load needs a request") }
        guard plan.connections > 0 else { throw Self.invalid("-c", "must be 1 or more") }
        guard plan.requests.map({ $0 > 0 }) ?? true else { throw Self.invalid("-n", "must be 1 or more") }
        guard plan.duration.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw Self.invalid("--duration", "must be a positive number of seconds")
        }
        guard plan.rate.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw Self.invalid("-r", "must be a positive number of requests per second")
        }
        guard plan.requests != nil || plan.duration != nil else { throw Self.invalid("-n/--duration", "a load needs one of them") }
        guard plan.targets.allSatisfy({ $0.weight > 0 }) else { throw Self.invalid("--weight", "weights must be 1 or more") }
        guard plan.sampleEvery > 0 else { throw Self.invalid("--sample", "must be 1 or more") }
        for target in plan.targets { try target.request.validate() }
        self.plan = plan
        targets = try plan.targets.map { target in
            let request = target.request.authenticated()
            return Prepared(request: request, body: try Self.bodyBytes(of: request), check: target.check)
        }
        CurlGlobal.initialize()
        multi = curl_multi_init()!
        share = curl_share_init()!
        _ = ferry_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        _ = ferry_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, plan.connections)
        _ = ferry_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ferry_curl_pipe_multiplex())
    }

    deinit {
        curl_multi_cleanup(multi)
        curl_share_cleanup(share)
    }

    /// Runs the load to its end (or `stop`) on a thread of its own.
    public func run() async -> LoadReport {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: runLoop()) }
            thread.name = "ferry.load"
            thread.start()
        }
    }

    /// Ends the run as soon as the loop sees it; what was answered by then is the report.
    public func stop() {
        lock.withLock { stopRequested = true }
        curl_multi_wakeup(multi)
    }

    public var progress: LoadProgress { lock.withLock { published } }

    // MARK: - The loop (its own thread)

    private func runLoop() -> LoadReport {
        var schedule = LoadSchedule(weights: plan.targets.map(\.weight), requests: plan.requests, duration: plan.duration, rate: plan.rate)
        var statistics = LoadStatistics()
        let slots = (0..<plan.connections).map { _ in LoadSlot(sampleBodyLimit: plan.sampleBodyLimit) }
        var free = Array(slots.reversed())
        var active: [UnsafeMutableRawPointer: LoadSlot] = [:]
        var abandoned: String?
        var interrupted = false
        var started = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var lastPublished: UInt64 = 0

        /// Starts what may start. The first request goes alone: the others share its name resolution
        /// (and connect, not resolve, in parallel), and a name that does not resolve ends the load before more are sent.
        func fill(_ now: UInt64) {
            if started > 0, statistics.responses + statistics.failures == 0 { return }
            while !free.isEmpty, let next = schedule.take(now: now &- start) {
                let slot = free.removeLast()
                let sampling = started % plan.sampleEvery == 0
                started += 1
                do {
                    let handle = try slot.begin(target: next.target, due: start + next.due, sampling: sampling, make: makeTransfer)
                    let code = curl_multi_add_handle(multi, handle)
                    guard code == CURLM_OK else {
                        abandoned = "libcurl refused a transfer: " + String(cString: curl_multi_strerror(code))
                        free.append(slot)
                        return
                    }
                    active[handle] = slot
                } catch {
                    abandoned = (error as? FerryError)?.description ?? "\(error)"
                    free.append(slot)
                    return
                }
            }
        }

        func finish(_ handle: UnsafeMutableRawPointer, _ code: CURLcode, now: UInt64) {
            guard let slot = active.removeValue(forKey: handle) else { return }
            curl_multi_remove_handle(multi, handle)
            free.append(slot)
            let second = Int((now &- start) / 1_000_000_000)
            let sent = Int64(infoLong(handle, CURLINFO_REQUEST_SIZE))
            guard code == CURLE_OK else {
                let detail = slot.current?.errorText ?? ""
                let kind = CurlFailureMapping.kind(
                    of: code, detail: detail, osErrno: infoLong(handle, CURLINFO_OS_ERRNO), expectedLength: nil)
                statistics.recordFailure(
                    kind: kind, message: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, second: second, sent: sent)
                if kind == .hostNotFound, statistics.responses == 0 {
                    abandoned = detail.isEmpty ? "the host name does not resolve" : detail
                }
                return
            }
            let received = infoOffset(handle, CURLINFO_SIZE_DOWNLOAD_T) + Int64(infoLong(handle, CURLINFO_HEADER_SIZE))
            statistics.recordResponse(
                status: infoLong(handle, CURLINFO_RESPONSE_CODE), httpVersion: Self.versionName(infoLong(handle, CURLINFO_HTTP_VERSION)),
                latency: (now &- slot.due) / 1000, second: second, received: received, sent: sent)
            if slot.sampling, let check = targets[slot.target].check {
                statistics.recordSample(failure: check(slot.sampledResponse(url: targets[slot.target].request.url.absoluteString)))
            }
        }

        while true {
            if lock.withLock({ stopRequested }) {
                interrupted = true
                break
            }
            var now = DispatchTime.now().uptimeNanoseconds
            if let deadline = schedule.deadline, now &- start >= deadline { break }
            fill(now)
            if abandoned != nil || (active.isEmpty && schedule.isFinished(now: now &- start)) { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            now = DispatchTime.now().uptimeNanoseconds
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                finish(handle, message.pointee.data.result, now: now)
            }
            if abandoned != nil { break }
            fill(now)
            if active.isEmpty && schedule.isFinished(now: now &- start) { break }
            if now &- lastPublished >= Self.progressInterval {
                lastPublished = now
                publish(statistics, elapsed: now &- start, inFlight: active.count)
            }
            curl_multi_poll(multi, nil, 0, pollTimeout(schedule, now: now &- start, idle: !free.isEmpty), nil)
        }
        let end = DispatchTime.now().uptimeNanoseconds
        for handle in active.keys { curl_multi_remove_handle(multi, handle) }
        let unfinished = active.count + schedule.overdue(now: end &- start)
        publish(statistics, elapsed: end &- start, inFlight: 0)
        return LoadReport(
            statistics: statistics, model: plan.rate == nil ? "closed" : "open", connections: plan.connections, rate: plan.rate,
            elapsed: Double(end &- start) / 1e9, unfinished: unfinished, interrupted: interrupted, abandoned: abandoned)
    }

    /// Milliseconds to wait for the sockets: until the next request is due (a free slot waiting for
    /// it), the deadline, or the next progress report, whichever comes first.
    private func pollTimeout(_ schedule: LoadSchedule, now: UInt64, idle: Bool) -> Int32 {
        var wake = now + Self.progressInterval
        if idle, !schedule.isFinished(now: now) { wake = min(wake, schedule.nextDue(now: now)) }
        if let deadline = schedule.deadline { wake = min(wake, deadline) }
        guard wake > now else { return 0 }
        return Int32((wake - now + 999_999) / 1_000_000)
    }

    private func publish(_ statistics: LoadStatistics, elapsed: UInt64, inFlight: Int) {
        let second = Int(elapsed / 1_000_000_000)
        var progress = LoadProgress()
        progress.elapsed = Double(elapsed) / 1e9
        progress.responses = statistics.responses
        progress.failures = statistics.failures
        progress.lastSecond = second > 0 && statistics.perSecond.count >= second ? statistics.perSecond[second - 1] : 0
        progress.inFlight = inFlight
        lock.withLock { published = progress }
    }

    private func makeTransfer(for slot: LoadSlot) throws -> CurlTransfer {
        let target = targets[slot.target]
        let transfer = try CurlTransfer(
            request: target.request, destination: .default, hashesBody: false, share: share, handles: handles, progress: nil)
        let priorKnowledge = target.request.options.httpVersion == .http2 && target.request.url.scheme?.lowercased() == "http"
        try transfer.prepareForLoad(slot: slot, body: target.body, http2PriorKnowledge: priorKnowledge)
        return transfer
    }

    // MARK: - Helpers

    private static func bodyBytes(of request: Request) throws -> Data? {
        guard let source = try request.body.makeSource() else { return nil }
        if let length = source.length, length > bodyLimit { throw tooLarge() }
        let stream = try source.open()
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > bodyLimit { throw tooLarge() }
        }
    }

    private static func tooLarge() -> FerryError {
        invalid("body", "a load sends its request body from memory, at most \(bodyLimit >> 20) MiB")
    }

    private static func invalid(_ name: String, _ problem: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: name, problem: problem))
    }

    /// CURLINFO_HTTP_VERSION's answer: CURL_HTTP_VERSION_1_0 (1), _1_1 (2), _2_0 (3) or _3 (30).
    private static func versionName(_ code: Int) -> String {
        switch code {
        case 1: "HTTP/1.0"
        case 3: "HTTP/2"
        case 30: "HTTP/3"
        default: "HTTP/1.1"
        }
    }

    private func infoLong(_ handle: UnsafeMutableRawPointer, _ key: CURLINFO) -> Int {
        var value = 0
        _ = ferry_curl_easy_getinfo_long(handle, key, &value)
        return value
    }

    private func infoOffset(_ handle: UnsafeMutableRawPointer, _ key: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        _ = ferry_curl_easy_getinfo_off_t(handle, key, &value)
        return Int64(value)
    }
}
