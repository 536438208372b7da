import CCurl
import CCurlShims
import FerryCore
import Foundation
import Synchronization

/// One thread of a load on libcurl: a multi handle of its own with its share of the `-c` slots, each
/// sending a request and the next when it is answered (closed model) or when one is due and the
/// slot is free (open model: latency counts from the due time). Bodies are counted, not kept, but
/// for the sampled responses. `stop` may be called from any thread.
///
/// The handle is driven by `curl_multi_socket_action` over an epoll set: libcurl names the sockets
/// to watch and is told which are ready. `curl_multi_perform` (what `CurlMultiLoop` uses) polls
/// every transfer's socket on every call, a `poll` per connection per turn (Benchmarks/README.md, "Load").
final class LoadCurlWorker: LoadThread, @unchecked Sendable {
    private static let progressInterval: UInt64 = 200_000_000

    private let targets: [LoadThreadTarget]
    private let sampler: LoadSampler
    private let multi: UnsafeMutableRawPointer
    private let share: UnsafeMutableRawPointer
    private let handles = CurlHandlePool()
    private var schedule: LoadSchedule
    private let slots: [LoadSlot]
    /// 0 while running; 1 when stopped by the user; 2 when another worker gave up.
    private let stopRequested = Atomic<Int>(0)
    private let lock = NSLock()
    private var published = LoadThreadSnapshot()
    private let epoll: Int32
    /// A pipe whose read end is in the epoll set: `stop` writes a byte to wake the loop.
    private let wake: (read: Int32, write: Int32)
    /// When libcurl asked to be called for its timeouts (uptime nanoseconds); loop thread only.
    private var curlTimer: UInt64?
    /// The sockets `epoll_wait` found ready and how (1 readable, 2 writable, 4 failed); loop thread only.
    private var readySockets = [Int32](repeating: 0, count: 256)
    private var readiness = [Int32](repeating: 0, count: 256)

    init(targets: [LoadThreadTarget], sampler: LoadSampler, schedule: LoadSchedule, connections: Int) {
        self.targets = targets
        self.sampler = sampler
        self.schedule = schedule
        slots = (0..<connections).map { _ in LoadSlot(sampleBodyLimit: sampler.bodyLimit) }
        CurlGlobal.initialize()
        multi = curl_multi_init()!
        share = curl_share_init()!
        _ = ferry_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        _ = ferry_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, connections)
        _ = ferry_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ferry_curl_pipe_multiplex())
        epoll = ferry_epoll_create()
        var ends: [Int32] = [-1, -1]
        _ = ferry_wake_pipe(&ends)
        wake = (ends[0], ends[1])
        _ = ferry_epoll_watch(epoll, wake.read, 1)
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = ferry_curl_multi_setopt_socket_callback(multi, loadSocketCallback, context)
        _ = ferry_curl_multi_setopt_timer_callback(multi, loadTimerCallback, context)
    }

    deinit {
        curl_multi_cleanup(multi)
        curl_share_cleanup(share)
        close(epoll)
        close(wake.read)
        close(wake.write)
    }

    /// libcurl's CURLMOPT_SOCKETFUNCTION: watch `socket` for `what` (1 read, 2 write, 3 both), or no more.
    fileprivate func watch(_ socket: Int32, what: Int32) {
        _ = ferry_epoll_watch(epoll, socket, what == ferry_curl_poll_remove() ? 0 : what)
    }

    /// libcurl's CURLMOPT_TIMERFUNCTION: call it back in `milliseconds` (-1: no timer).
    fileprivate func setTimer(_ milliseconds: Int) {
        curlTimer = milliseconds < 0 ? nil : DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
    }

    func stop(interrupting: Bool) {
        _ = stopRequested.compareExchange(expected: 0, desired: interrupting ? 1 : 2, ordering: .relaxed)
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    var snapshot: LoadThreadSnapshot { lock.withLock { published } }

    func run(start: UInt64, firstAlone: Bool, onFirstAnswer: () -> Void) -> LoadThreadOutcome {
        var statistics = LoadStatistics()
        var free = Array(slots.reversed())
        var active: [UnsafeMutableRawPointer: LoadSlot] = [:]
        var abandoned: String?
        var interrupted = false
        var waitingForFirst = firstAlone
        var lastPublished: UInt64 = 0

        func fill(_ now: UInt64) {
            while !free.isEmpty, !(waitingForFirst && !active.isEmpty), let next = schedule.take(now: now &- start) {
                let slot = free.removeLast()
                do {
                    let handle = try slot.begin(
                        target: next.target, due: start + next.due, sampling: sampler.startIsSampled(), make: makeTransfer)
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
            defer {
                if waitingForFirst, abandoned == nil {
                    waitingForFirst = false
                    onFirstAnswer()
                }
            }
            guard code == CURLE_OK else {
                let detail = slot.current?.errorText ?? ""
                let kind = CurlFailureMapping.kind(
                    of: code, detail: detail, osErrno: infoLong(handle, CURLINFO_OS_ERRNO), expectedLength: nil)
                statistics.recordFailure(
                    kind: kind, message: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, second: second, sent: sent)
                if kind == .hostNotFound, waitingForFirst { abandoned = detail.isEmpty ? "the host name does not resolve" : detail }
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
            let stopped = stopRequested.load(ordering: .relaxed)
            if stopped != 0 {
                interrupted = stopped == 1
                break
            }
            var now = DispatchTime.now().uptimeNanoseconds
            if let deadline = schedule.deadline, now &- start >= deadline { break }
            fill(now)
            if abandoned != nil || (active.isEmpty && schedule.isFinished(now: now &- start)) { break }
            wait(timeout: schedule.pollTimeout(now: now &- start, idle: !free.isEmpty && !waitingForFirst, interval: Self.progressInterval))
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
        }
        let end = DispatchTime.now().uptimeNanoseconds
        for handle in active.keys { curl_multi_remove_handle(multi, handle) }
        publish(statistics, elapsed: end &- start, inFlight: 0)
        return LoadThreadOutcome(
            statistics: statistics, end: end, unfinished: active.count + schedule.overdue(now: end &- start), interrupted: interrupted,
            abandoned: abandoned)
    }

    /// Waits up to `timeout` milliseconds for sockets and tells libcurl which are ready, then runs
    /// its timeouts when they are due.
    private func wait(timeout: Int32) {
        var running: Int32 = 0
        let now = DispatchTime.now().uptimeNanoseconds
        let due = curlTimer.map { $0 <= now ? 0 : Int32(($0 - now + 999_999) / 1_000_000) }
        let ready = ferry_epoll_wait(epoll, &readySockets, &readiness, Int32(readySockets.count), min(timeout, due ?? timeout))
        for index in 0..<Int(ready) {
            let socket = readySockets[index], what = readiness[index]
            if socket == wake.read {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &bytes, bytes.count) > 0 {}
                continue
            }
            ferry_curl_multi_socket_action(multi, socket, what & 1, what & 2, what & 4, &running)
        }
        if let timer = curlTimer, timer <= DispatchTime.now().uptimeNanoseconds {
            curlTimer = nil
            ferry_curl_multi_socket_action(multi, -1, 0, 0, 0, &running)
        }
    }

    private func publish(_ statistics: LoadStatistics, elapsed: UInt64, inFlight: Int) {
        let snapshot = LoadThreadSnapshot(statistics: statistics, elapsed: elapsed, inFlight: inFlight)
        lock.withLock { published = snapshot }
    }

    private func makeTransfer(for slot: LoadSlot) throws -> CurlTransfer {
        let target = targets[slot.target]
        let transfer = try CurlTransfer(
            request: target.request, destination: .default, hashesBody: false, share: share, handles: handles, progress: nil)
        let priorKnowledge = target.request.options.httpVersion == .http2 && target.request.url.scheme?.lowercased() == "http"
        try transfer.prepareForLoad(slot: slot, body: target.body, http2PriorKnowledge: priorKnowledge)
        return transfer
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

private func worker(_ context: UnsafeMutableRawPointer?) -> LoadCurlWorker {
    Unmanaged<LoadCurlWorker>.fromOpaque(context!).takeUnretainedValue()
}

private let loadSocketCallback: ferry_curl_socket_callback = { _, socket, what, context, _ in
    worker(context).watch(socket, what: what)
    return 0
}

private let loadTimerCallback: ferry_curl_timer_callback = { _, milliseconds, context in
    worker(context).setTimer(milliseconds)
    return 0
}
