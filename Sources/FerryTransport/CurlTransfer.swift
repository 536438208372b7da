import CCurl
import CCurlShims
import FerryCore
import Foundation

/// One exchange in flight: its easy handle, request body, response sink and what it observed.
///
/// Threading: it is configured on the caller's thread, then handed to `CurlMultiLoop`; from then on
/// only the loop thread (and libcurl's callbacks, which run on it) touches its state. Only
/// `markCancelled`, `isCancelled` and `deliver` may be called from other threads; they take `lock`.
final class CurlTransfer: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    /// Where the handle came from and goes back to when the transfer is done.
    private let handles: CurlHandlePool
    private let request: Request
    private let bodySource: BodyStreamSource?
    private var bodyStream: (any BodyStream)?
    private let sink: ResponseBodySink
    private let progressHandler: (@Sendable (TransferProgress) -> Void)?
    private let observer: (any ResponseStreamObserver)?
    /// A clear-text HTTP/2 request that may only reuse an open connection (`PriorKnowledgeConnections`).
    private let reusesConnection: Bool
    /// The observer asked for the current response's body as a stream.
    private var streaming = false
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    // MARK: - Observed on the loop thread
    private var heads = ResponseHeadCollector()
    /// The last request head sent, parsed as it goes out (while the server answers, not after).
    private var requestHead: SentRequest?
    private var firstWrite: UInt64 = 0
    private var lastWrite: UInt64 = 0
    private var requestWriting: UInt64 = 0
    private var responseWaiting: UInt64 = 0
    private var awaitingFirstByte = false
    /// Per request written (each redirect hop): when its head went out, its answer's first byte and head end (uptime ns).
    private var hopMarks: [(sent: UInt64, firstByte: UInt64?, headEnd: UInt64?)] = []
    private var bodyFailure: (any Error & Sendable)?
    /// The current response's Content-Encoding when libcurl decodes it, so its size is limited.
    private var decodedEncoding: String?
    /// The decoded body passed `RequestOptions.decodedSizeLimit` and the transfer was stopped.
    private var decodedPastLimit = false
    /// What makes the current response's framing unusable (differing `Content-Length`s); its body is refused.
    private var framingProblem: String?
    /// Why a redirect was not followed (`RedirectCheck`); the transfer stops there.
    private var redirectRefusal: String?
    private var lastProgressReport: UInt64 = 0
    private var uploadThrottle: RateThrottle?
    private var downloadThrottle: RateThrottle?
    /// When a throttled transfer may continue (monotonic nanoseconds); the loop unpauses it then.
    private(set) var pausedUntil: UInt64?

    /// The turn it was sent in (`TransferTurn`), if any: the loop starts it when the turn before ends.
    /// Loop thread only once submitted.
    var turn: TransferTurn?

    // MARK: - Timing (monotonic nanoseconds)
    private var startDate = Date()
    private var enqueuedAt = DispatchTime.now().uptimeNanoseconds
    private var addedAt: UInt64 = 0

    // MARK: - Shared with the caller's thread
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Response, any Error>?
    private var pendingResult: Result<Response, FerryError>?
    private var cancelled = false

    /// Builds and configures the easy handle. Throws before anything is sent when the body or the
    /// destination cannot be used.
    init(
        request: Request, destination: ResponseDestination, hashesBody: Bool = true, share: UnsafeMutableRawPointer,
        handles: CurlHandlePool,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)? = nil, reusesConnection: Bool = false,
        turn: TransferTurn? = nil
    ) throws {
        guard let handle = handles.take() else {
            throw FerryError.transportFailed(
                reason: .init(
                    kind: .other, code: Int(CURLE_FAILED_INIT.rawValue),
                    codeText: "curl_easy_init failed", detail: ""))
        }
        self.handle = handle
        self.handles = handles
        self.request = request
        self.progressHandler = progress
        self.observer = observer
        self.reusesConnection = reusesConnection
        self.turn = turn
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        do {
            self.bodySource = try request.body.makeSource()
            self.sink = try ResponseBodySink(destination: destination, hashes: hashesBody)
        } catch {
            handles.give(handle)
            errorBuffer.deallocate()
            throw error
        }
        try configure(share: share)
    }

    deinit {
        handles.give(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    // MARK: - Configuration

    /// libcurl's receive buffer, in bytes (its default is 16 KiB).
    static let receiveBufferSize = 128 * 1024

    private func configure(share: UnsafeMutableRawPointer) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options = request.options
        try set(CURLOPT_URL, request.url.absoluteString)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_PRIVATE, context)
        try set(CURLOPT_BUFFERSIZE, Self.receiveBufferSize)
        try configureCookies(request.cookies, own: request.ownCookies, share: share)
        try configureAuthentication(request.authentication)
        try configureRoute(options, proxyUser: request.proxyUser)
        try configureClientCertificate(options.tls, passphrase: request.clientKeyPassphrase)

        try configureMethodAndBody(context: context)
        try configureHeaders()

        try set(CURLOPT_FOLLOWLOCATION, options.followRedirects ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, options.maxRedirects)
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        if options.keepsCredentialsOnRedirect == true { try set(CURLOPT_UNRESTRICTED_AUTH, 1) }
        if let connectTimeout = options.connectTimeout { try set(CURLOPT_CONNECTTIMEOUT_MS, Int(connectTimeout * 1000)) }
        if let totalTimeout = options.totalTimeout { try set(CURLOPT_TIMEOUT_MS, Int(totalTimeout * 1000)) }
        try set(CURLOPT_SSL_VERIFYPEER, options.tls.verifyPeer ? 1 : 0)
        try set(CURLOPT_SSL_VERIFYHOST, options.tls.verifyPeer ? 2 : 0)
        if let caFile = options.tls.caFile { try set(CURLOPT_CAINFO, caFile) }
        if let pin = options.tls.pinnedPublicKey { try set(CURLOPT_PINNEDPUBLICKEY, pin) }
        switch options.httpVersion {
        case .automatic: try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2tls())
        case .http1_1: try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_1_1())
        case .http2: try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2_0())
        case .http2PriorKnowledge:
            if request.url.scheme?.lowercased() == "https" {
                try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2_0())
            } else if reusesConnection {
                // libcurl 7.88 fails a prior-knowledge request on a reused connection (PriorKnowledgeConnections):
                // asked for HTTP/2, it sends it on the open HTTP/2 connection, and may open no other.
                try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2_0())
                try check(ferry_curl_easy_refuse_new_connections(handle))
            } else {
                try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2_prior_knowledge())
                try set(CURLOPT_FRESH_CONNECT, 1)
            }
        }
        if options.decompress { try set(CURLOPT_ACCEPT_ENCODING, "") }
        // Rates are enforced by `RateThrottle` in the read and write callbacks: libcurl 7.88's own
        // limits let small bodies through unthrottled and stall large uploads far below the rate (seen here).
        let now = DispatchTime.now().uptimeNanoseconds
        uploadThrottle = options.maxUploadRate.map { RateThrottle(rate: $0, now: now) }
        downloadThrottle = options.maxDownloadRate.map { RateThrottle(rate: $0, now: now) }

        try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback))
        try set(CURLOPT_WRITEDATA, context)
        try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        try set(CURLOPT_HEADERDATA, context)
        // The debug callback shows the request head as sent and when its last byte left.
        try check(ferry_curl_easy_setopt_debug_callback(handle, curlDebugCallback))
        try set(CURLOPT_DEBUGDATA, context)
        try set(CURLOPT_VERBOSE, 1)
        if progressHandler != nil {
            try check(ferry_curl_easy_setopt_xferinfo_callback(handle, curlProgressCallback))
            try set(CURLOPT_XFERINFODATA, context)
            try set(CURLOPT_NOPROGRESS, 0)
        }
    }

    /// GET and HEAD use curl's own modes; a body goes through the read callback in POST mode,
    /// with the method name replaced for anything but POST (as `curl -X PUT -d …` does), GET
    /// included. A POST without a body is sent in POST mode too, so that a 301, 302 or 303 it is
    /// answered with is followed with a GET (a method name given to curl is kept on every redirect).
    private func configureMethodAndBody(context: UnsafeMutableRawPointer) throws {
        let method = request.method
        let postMode = bodySource != nil || method == .post
        if method == .head {
            try set(CURLOPT_NOBODY, 1)
        } else if let bodySource {
            try set(CURLOPT_POST, 1)
            try check(ferry_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodySource.length ?? -1)))
            try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_READFUNCTION, curlReadCallback))
            try set(CURLOPT_READDATA, context)
            try check(ferry_curl_easy_setopt_seek_callback(handle, curlSeekCallback))
            try set(CURLOPT_SEEKDATA, context)
        } else if postMode {
            try set(CURLOPT_POST, 1)
            try check(ferry_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, 0))
            try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_READFUNCTION, curlReadCallback))
            try set(CURLOPT_READDATA, context)
        }
        if method != .head, method != (postMode ? .post : .get) {
            try set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// The user's headers in order. `Expect: 100-continue` is turned off unless asked for: many servers
    /// never answer it and curl would stall a second before sending a large body.
    private func configureHeaders() throws {
        // An empty value leaves out a header Ferry or curl would add (`Name:`); any other header it
        // sends empty (`Name;`), as Hurl and Postman do: leaving out a header nobody adds does nothing.
        var lines = DefaultHeaders.applied(to: request.headers, all: request.options.defaultHeaders != false).map {
            $0.value.isEmpty && !HTTPHeaders.generated.contains($0.name.lowercased()) ? "\($0.name);" : "\($0.name): \($0.value)"
        }
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        // libcurl types every POST the request did not type as a form; a body that names no type is
        // sent without one (`ferry send -d` names curl's form type itself).
        if !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        // A POST without a body says `Content-Length: 0`, unless the request asks for no default
        // headers (an imported curl command or Hurl file, which send none).
        if request.method == .post, bodySource == nil, request.options.defaultHeaders == false, !request.headers.contains("Content-Length")
        {
            lines.append("Content-Length:")
        }
        if let service = Self.signedService(request.authentication) {
            lines.removeAll(where: Self.isRemoval)
            if let line = try Self.payloadHashLine(of: bodySource, headers: request.headers, service: service) { lines.append(line) }
        }
        for line in lines { headerList = curl_slist_append(headerList, line) }
        try check(ferry_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(ferry_curl_easy_setopt_long(handle, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws {
        try check(ferry_curl_easy_setopt_string(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: UnsafeMutableRawPointer) throws {
        try check(ferry_curl_easy_setopt_pointer(handle, option, value))
    }

    /// What libcurl wrote in the error buffer about the last failure ("" when nothing).
    var errorText: String { String(cString: errorBuffer) }

    func check(_ code: CURLcode) throws {
        guard code != CURLE_OK else { return }
        let reason = CurlFailureMapping.reason(
            code: code, detail: "while configuring the request", osErrno: 0,
            bytesReceived: 0, expectedLength: nil)
        throw FerryError.transportFailed(reason: reason)
    }

    // MARK: - Callbacks (loop thread)

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if downloadThrottle != nil {
            let now = DispatchTime.now().uptimeNanoseconds
            if downloadThrottle!.mustWait(now: now) {
                pausedUntil = downloadThrottle!.resumeTime(now: now)
                return ferry_curl_writefunc_pause()  // curl delivers the same bytes again after unpausing
            }
            downloadThrottle!.consume(bytes.count, now: now)
        }
        guard framingProblem == nil else { return 0 }
        if decodedEncoding != nil, sink.count + Int64(bytes.count) > request.options.decodedSizeLimit {
            decodedPastLimit = true
            sink.dropPartial()
            return 0
        }
        guard sink.write(bytes) else { return 0 }
        if streaming { observer?.responseBodyArrived(bytes, time: sinceEnqueued(DispatchTime.now().uptimeNanoseconds)) }
        return bytes.count
    }

    /// Takes one line of a response head; false stops the transfer (a redirect Ferry will not follow).
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let line = String(decoding: bytes, as: UTF8.self)
        let now = DispatchTime.now().uptimeNanoseconds
        if awaitingFirstByte {
            awaitingFirstByte = false
            if lastWrite > 0, now > lastWrite { responseWaiting += now - lastWrite }
            if !hopMarks.isEmpty { hopMarks[hopMarks.count - 1].firstByte = now }
        }
        let headEnded = line == "\r\n" || line == "\n"
        if headEnded, !hopMarks.isEmpty { hopMarks[hopMarks.count - 1].headEnd = now }
        let hopsBefore = heads.redirects.count
        heads.consume(line: line, requestURL: info(CURLINFO_EFFECTIVE_URL) ?? request.url.absoluteString)
        if heads.redirects.count > hopsBefore { sink.reset() }
        guard headEnded, let status = heads.status else { return true }
        if request.options.followRedirects, RedirectCheck.followedStatuses.contains(status.code), let location = heads.headers["Location"] {
            let from = info(CURLINFO_EFFECTIVE_URL) ?? request.url.absoluteString
            let check = RedirectCheck(options: request.options, authentication: request.authentication)
            redirectRefusal = check.refusal(from: from, to: location)
            if redirectRefusal != nil { return false }
        }
        sink.headArrived(status: status.code, headers: heads.headers)
        framingProblem = Self.framingProblem(heads.headers)
        let encoding = heads.headers["Content-Encoding"]?.trimmingWhitespace() ?? ""
        decodedEncoding = request.options.decompress && !encoding.isEmpty && encoding.lowercased() != "identity" ? encoding : nil
        if let observer { streaming = observer.responseHeadArrived(status, headers: heads.headers, time: sinceEnqueued(now)) }
        return true
    }

    /// Why `headers` leave where the body ends unknown (differing `Content-Length`s without
    /// `Transfer-Encoding`), or nil; a single length, the usual head, is settled without splitting it.
    private static func framingProblem(_ headers: HTTPHeaders) -> String? {
        let given = headers.values(for: "Content-Length")
        guard given.count > 1 || given.first?.utf8.contains(UInt8(ascii: ",")) == true else { return nil }
        let lengths = Set(given.flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace() })
        guard lengths.count > 1, !headers.contains("Transfer-Encoding") else { return nil }
        return
            "the response has differing Content-Length headers (\(lengths.sorted().joined(separator: ", "))), so where its body ends is unknown"
    }

    /// Microseconds from when the request was handed to the transport to `instant`.
    private func sinceEnqueued(_ instant: UInt64) -> Int64 { Int64((instant &- enqueuedAt) / 1000) }

    func observe(_ type: curl_infotype, _ bytes: UnsafeRawBufferPointer) {
        switch type {
        case CURLINFO_HEADER_OUT:
            closeRequestWriting()
            firstWrite = DispatchTime.now().uptimeNanoseconds
            lastWrite = firstWrite
            requestHead = SentRequest(rawHead: String(decoding: bytes, as: UTF8.self), bodyBytes: 0)
            awaitingFirstByte = true
            hopMarks.append((sent: firstWrite, firstByte: nil, headEnd: nil))
        case CURLINFO_DATA_OUT:
            lastWrite = DispatchTime.now().uptimeNanoseconds
        default:
            break
        }
    }

    func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let bodySource else { return 0 }
        var window = buffer
        if uploadThrottle != nil {
            let now = DispatchTime.now().uptimeNanoseconds
            let allowed = uploadThrottle!.take(upTo: buffer.count, now: now)
            guard allowed > 0 else {
                pausedUntil = uploadThrottle!.resumeTime(now: now)
                return ferry_curl_readfunc_pause()
            }
            window = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<allowed])
        }
        do {
            if bodyStream == nil { bodyStream = try bodySource.open() }
            return try bodyStream!.read(into: window)
        } catch {
            bodyFailure = error
            return ferry_curl_readfunc_abort()
        }
    }

    /// Resumes a throttled transfer whose time has come; returns true when it did.
    func resumeIfDue(now: UInt64) -> Bool {
        guard let pausedUntil, pausedUntil <= now else { return false }
        self.pausedUntil = nil
        _ = ferry_curl_easy_unpause(handle)
        return true
    }

    /// Rewinding to the start (for a redirect or an auth retry) reopens the body; nothing else can seek.
    func seekBody(offset: curl_off_t, origin: Int32) -> Int32 {
        guard offset == 0, origin == SEEK_SET else { return CURL_SEEKFUNC_CANTSEEK }
        bodyStream = nil
        return CURL_SEEKFUNC_OK
    }

    func reportProgress(downloadTotal: curl_off_t, downloaded: curl_off_t, uploadTotal: curl_off_t, uploaded: curl_off_t) -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let progressHandler, now - lastProgressReport >= 50_000_000 else { return 0 }
        lastProgressReport = now
        progressHandler(
            TransferProgress(
                uploaded: Int64(uploaded), uploadTotal: uploadTotal > 0 ? Int64(uploadTotal) : bodySource?.length,
                downloaded: Int64(downloaded), downloadTotal: downloadTotal > 0 ? Int64(downloadTotal) : nil))
        return isCancelled ? 1 : 0
    }

    private func closeRequestWriting() {
        if lastWrite > firstWrite { requestWriting += lastWrite - firstWrite }
        firstWrite = 0
        lastWrite = 0
    }

    // MARK: - Life cycle

    /// Called by the loop just before the handle is added to the multi handle.
    func willStart() { addedAt = DispatchTime.now().uptimeNanoseconds }

    /// The cookies the request was given (its jar), for the turn after it.
    var givenCookies: RequestCookies? { request.cookies }

    /// A transfer that waited for its turn starts its clock when the turn comes: its time in the
    /// timeline is its own, not the previous transfer's.
    func restartClock() {
        startDate = Date()
        enqueuedAt = DispatchTime.now().uptimeNanoseconds
    }

    /// Called by the loop when libcurl reports the transfer done; builds the outcome from what was observed.
    func outcome(of code: CURLcode) -> Result<Response, FerryError> {
        closeRequestWriting()
        if let framingProblem { return .failure(headFailure(code: code, framingProblem)) }
        if let redirectRefusal {
            return .failure(
                .transportFailed(
                    reason: .init(
                        kind: .other, code: Int(code.rawValue), codeText: "stopped by Ferry",
                        detail: redirectRefusal)))
        }
        if code == CURLE_OK, let hop = hopMarks.last, hop.firstByte != nil, hop.headEnd == nil {
            return .failure(headFailure(code: code, "the server closed the connection in the middle of the response head"))
        }
        guard code == CURLE_OK else { return .failure(failure(for: code)) }
        do {
            let body = try sink.finish()
            return .success(makeResponse(body: body))
        } catch let error as FerryError {
            return .failure(error)
        } catch {
            return .failure(.localFile(reason: .unwritable(path: "(response body)", error: POSIXError(.EIO))))
        }
    }

    /// How a transfer cancelled in flight ends: a stream its observer watches returns what arrived,
    /// marked as stopped by the user; anything else is `.explicitlyCancelled`. Loop thread only.
    func stoppedOutcome() -> Result<Response, FerryError> {
        guard streaming else { return .failure(.explicitlyCancelled) }
        return outcome(of: CURLE_OK).map { response in
            var stopped = response
            stopped.stoppedByUser = true
            return stopped
        }
    }

    private func failure(for code: CURLcode) -> FerryError {
        if code == CURLE_WRITE_ERROR, let sinkFailure = sink.failure { return sinkFailure }
        if code == CURLE_WRITE_ERROR, decodedPastLimit, let decodedEncoding { return decodedTooLarge(encoding: decodedEncoding) }
        var reason = CurlFailureMapping.reason(
            code: code, detail: String(cString: errorBuffer), osErrno: infoLong(CURLINFO_OS_ERRNO),
            bytesReceived: sink.count, expectedLength: code == CURLE_PARTIAL_FILE ? heads.contentLength : nil)
        if code == CURLE_OPERATION_TIMEDOUT { reason.phase = timeoutPhase }
        if code == CURLE_OUT_OF_MEMORY, let hop = hopMarks.last, hop.headEnd == nil {
            // libcurl 7.88 says "out of memory" for a header line past its 100 KB limit.
            return headFailure(code: code, "a line of the response head is longer than libcurl accepts (100 KB)")
        }
        if let bodyFailure {
            // The request body could not be read: a local file or multipart problem is reported as itself.
            if let ferryError = bodyFailure as? FerryError {
                switch ferryError {
                case .localFile, .multipartEncodingFailed: return ferryError
                default: break
                }
            }
            reason.underlying = bodyFailure
            return .transportFailed(reason: reason)
        }
        if code == CURLE_ABORTED_BY_CALLBACK || isCancelled { return .explicitlyCancelled }
        return .transportFailed(reason: reason)
    }

    /// A response whose head could not be used, in the words of `detail`.
    private func headFailure(code: CURLcode, _ detail: String) -> FerryError {
        .transportFailed(
            reason: .init(
                kind: .receiveFailed, code: Int(code.rawValue), codeText: String(cString: curl_easy_strerror(code)),
                detail: detail, bytesReceived: sink.count))
    }

    /// The failure for a compressed body that decoded past the limit: what it was, the limit, and the ways on.
    private func decodedTooLarge(encoding: String) -> FerryError {
        let limit = RequestOptions.sizeText(request.options.decodedSizeLimit)
        let wire = infoOffset(CURLINFO_SIZE_DOWNLOAD_T)
        return .transportFailed(
            reason: .init(
                kind: .decodedBodyTooLarge, code: Int(CURLE_WRITE_ERROR.rawValue), codeText: "stopped by Ferry",
                detail: "the \(encoding)-encoded body decodes to more than \(limit) (from \(wire) bytes received); "
                    + "--max-decoded-size raises the limit, --no-decompress keeps the raw bytes",
                bytesReceived: sink.count))
    }

    /// Where the exchange stood when it timed out: no request sent yet, a request body still going
    /// out, no complete response head, or the body.
    private var timeoutPhase: FerryError.TransportFailureReason.Phase {
        guard let hop = hopMarks.last else { return .connecting }
        guard hop.headEnd == nil else { return .receivingBody }
        if hop.firstByte == nil, let length = bodySource?.length, infoOffset(CURLINFO_SIZE_UPLOAD_T) < length { return .sendingRequest }
        return .waitingForHead
    }

    private func makeResponse(body: ResponseBody) -> Response {
        let marks = Timeline.TransferMarks(
            nameLookup: infoTime(CURLINFO_NAMELOOKUP_TIME_T), connect: infoTime(CURLINFO_CONNECT_TIME_T),
            tlsHandshake: infoTime(CURLINFO_APPCONNECT_TIME_T), preTransfer: infoTime(CURLINFO_PRETRANSFER_TIME_T),
            requestWriting: Int64(requestWriting / 1000), responseWaiting: Int64(responseWaiting / 1000),
            firstByte: infoTime(CURLINFO_STARTTRANSFER_TIME_T),
            total: infoTime(CURLINFO_TOTAL_TIME_T), redirect: infoTime(CURLINFO_REDIRECT_TIME_T))
        let queue = Int64((addedAt &- enqueuedAt) / 1000)
        let status = heads.status
        var timeline = Timeline(start: startDate, queue: queue, marks: marks)
        let effectiveURL = info(CURLINFO_EFFECTIVE_URL) ?? request.url.absoluteString
        timeline.hops = hops(total: marks.total, finalStatus: status?.code, finalURL: effectiveURL)
        let address = info(CURLINFO_PRIMARY_IP).map { ip in
            ip.utf8.contains(UInt8(ascii: ":")) ? "[\(ip)]:\(infoLong(CURLINFO_PRIMARY_PORT))" : "\(ip):\(infoLong(CURLINFO_PRIMARY_PORT))"
        }
        return Response(
            status: status?.code ?? infoLong(CURLINFO_RESPONSE_CODE),
            reasonPhrase: status?.reason ?? "",
            httpVersion: status?.version ?? "HTTP/1.1",
            headers: heads.headers,
            body: body,
            effectiveURL: effectiveURL,
            remoteAddress: address,
            redirects: heads.redirects,
            timeline: timeline,
            sent: requestHead.map { head in
                var sent = head
                sent.bodyBytes = infoOffset(CURLINFO_SIZE_UPLOAD_T)
                return sent
            },
            cookieJar: cookieJarAfterExchange(of: request.cookies), trailers: heads.trailers)
    }

    /// The hops as `Timeline.Hop`s, each starting where the one before ended; the last (to `finalURL`) ends at `total`.
    private func hops(total: Int64, finalStatus: Int?, finalURL: String) -> [Timeline.Hop] {
        func micro(_ instant: UInt64) -> Int64 { instant > addedAt ? Int64((instant - addedAt) / 1000) : 0 }
        var hops: [Timeline.Hop] = []
        for (index, mark) in hopMarks.enumerated() {
            let isLast = index == hopMarks.count - 1
            let redirect = heads.redirects.indices.contains(index) ? heads.redirects[index] : nil
            hops.append(
                Timeline.Hop(
                    status: redirect?.status ?? (isLast ? finalStatus : nil),
                    url: redirect?.url ?? (isLast ? finalURL : ""),
                    start: hops.last?.end ?? 0, sent: micro(mark.sent), firstByte: mark.firstByte.map(micro),
                    end: isLast ? total : mark.headEnd.map(micro) ?? micro(mark.sent)))
        }
        return hops
    }

    // MARK: - Completion

    func markCancelled() { lock.withLock { cancelled = true } }
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Installs the continuation the outcome is delivered to (immediately if it is already known).
    func deliver(to continuation: CheckedContinuation<Response, any Error>) {
        let ready: Result<Response, FerryError>? = lock.withLock {
            if let pendingResult { return pendingResult }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
    }

    /// Delivers the outcome once; later calls are ignored. Loop thread only: a failure discards the
    /// partial body (and a `-o` partial file) before the caller hears of it.
    func finish(_ result: Result<Response, FerryError>) {
        let (first, waiting): (Bool, CheckedContinuation<Response, any Error>?) = lock.withLock {
            guard pendingResult == nil else { return (false, nil) }
            pendingResult = result
            defer { continuation = nil }
            return (true, continuation)
        }
        guard first else { return }
        if case .failure = result { sink.discard() }
        waiting?.resume(with: result.mapError { $0 as any Error })
    }

    // MARK: - Info

    private func info(_ key: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard ferry_curl_easy_getinfo_string(handle, key, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    private func infoLong(_ key: CURLINFO) -> Int {
        var value = 0
        _ = ferry_curl_easy_getinfo_long(handle, key, &value)
        return value
    }

    private func infoOffset(_ key: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        _ = ferry_curl_easy_getinfo_off_t(handle, key, &value)
        return Int64(value)
    }

    private func infoTime(_ key: CURLINFO) -> Int64 { infoOffset(key) }
}
