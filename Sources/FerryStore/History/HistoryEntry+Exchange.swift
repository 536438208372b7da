import FerryCore
import FerryDigest
import Foundation

extension HistoryEntry {
    /// The entry for one finished exchange: its response, or the error that stopped it.
    ///
    /// Secrets are replaced everywhere text is stored; bodies are capped at `bodyLimit` bytes
    /// while the response's full size and fingerprint (of the body as received) are kept.
    public init(
        request: Request, response: Response?, error: (any Error)?, started: Date,
        origin: HistoryOrigin = .adHoc, redaction: Redaction = Redaction(), checks: [AssertionResult] = [],
        bodyLimit: Int = HistoryStore.defaultBodyLimit
    ) throws {
        let failed = error != nil
        let requestBody: (bytes: Data?, size: Int64?, truncated: Bool)
        do {
            requestBody = try Self.capture(request.body, limit: bodyLimit)
        } catch  where failed {
            requestBody = (nil, nil, false)  // the exchange already failed on this body; its error is recorded
        }
        id = nil
        time = started
        method = request.method.rawValue
        url = request.url.absoluteString
        host = request.url.host?.lowercased() ?? ""
        status = response?.status
        statusClass = response.map { "\(min(max($0.status / 100, 1), 5))xx" } ?? "error"
        durationMs = response.map { Double($0.timeline.total) / 1000 } ?? max(0, Date().timeIntervalSince(started) * 1000)
        requestHeaders = request.authenticated().headers.fields
        self.requestBody = requestBody.bytes
        requestBodySize = requestBody.size
        requestBodyTruncated = requestBody.truncated
        options = request.options
        let sent = response?.sent?.parts
        requestLine = sent?.requestLine
        sentHeaders = sent?.headers.fields
        reason = response?.displayReason
        httpVersion = response?.httpVersion
        responseHeaders = response?.headers.fields ?? []
        responseTrailers = response.flatMap { $0.trailers.isEmpty ? nil : $0.trailers.fields }
        if let response {
            let prefix = try response.body.prefix(bodyLimit)
            responseBody = prefix
            responseBodySize = response.body.count
            let fingerprint = try Self.fingerprint(of: response.body)
            responseBodyHash = fingerprint?.hex
            responseBodyHashAlgorithm = fingerprint?.algorithm
            responseBodyTruncated = response.body.count > Int64(prefix.count)
        } else {
            responseBody = nil
            responseBodySize = 0
            responseBodyHash = nil
            responseBodyHashAlgorithm = nil
            responseBodyTruncated = false
        }
        contentType = response?.headers["Content-Type"]
        effectiveURL = response?.effectiveURL
        remoteAddress = response?.remoteAddress
        timeline = response?.timeline
        redirects = response?.redirects ?? []
        errorChain = error.map { ErrorChain($0).links }
        self.checks = checks.isEmpty ? nil : checks.map(RecordedCheck.init)
        redacted = false
        collection = origin.collection
        requestPath = origin.requestPath
        environment = origin.environment
        run = origin.run
        storedBytes = 0
        redact(with: redaction)
        storedBytes = measuredBytes
    }

    /// At most `limit` bytes of a request body, with its full length when known.
    private static func capture(_ body: RequestBody, limit: Int) throws -> (bytes: Data?, size: Int64?, truncated: Bool) {
        if case .bytes(let data) = body {
            return (data.prefix(limit), Int64(data.count), data.count > limit)
        }
        guard let source = try body.makeSource() else { return (nil, nil, false) }
        let stream = try source.open()
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var more = true
        while more && bytes.count <= limit {
            let read = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            more = read > 0
            bytes.append(contentsOf: buffer[0..<read])
        }
        let truncated = bytes.count > limit
        return (bytes.prefix(limit), source.length ?? (truncated ? nil : Int64(bytes.count)), truncated)
    }

    /// The whole body's fingerprint: the one the transport computed as the bytes arrived, else an
    /// XXH3-128 read back (a file-backed body in pieces); nil for a body delivered to a device or
    /// FIFO, which cannot be read back.
    private static func fingerprint(of body: ResponseBody) throws -> BodyFingerprint? {
        if case .delivered = body.storage { return nil }
        if let known = body.fingerprint { return known }
        let hasher = XXH3Hash128()
        if case .memory(let data) = body.storage {
            hasher.update(data: data)
        } else if let path = body.filePath {
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
            } catch {
                throw HistoryError.failed(operation: "read the response body", problem: "\(path): \(error.localizedDescription)")
            }
        }
        return BodyFingerprint(algorithm: .xxh3_128, hex: hasher.finalize().hexString)
    }
}

extension HistoryEntry {
    /// The entry for a finished exchange, redacted with the exchange's secrets.
    public init(_ exchange: FinishedExchange) throws {
        try self.init(
            request: exchange.request, response: exchange.response, error: exchange.error, started: exchange.started,
            origin: exchange.origin, redaction: exchange.redaction, checks: exchange.checks)
    }
}
