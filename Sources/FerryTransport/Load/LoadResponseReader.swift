import FerryCore
import Foundation

/// Reads one HTTP/1.1 response at a time from a connection's bytes as they arrive, for the load's
/// own client: the status line, the headers that frame the body (`Content-Length`,
/// `Transfer-Encoding: chunked`, `Connection`), then the body counted — kept only for a sampled
/// response, up to a limit. The head is bounded (`headLimit`); 1xx heads are skipped. Pure: the
/// bytes are untrusted (a libFuzzer target feeds it), nothing here can trap or grow without bound.
public struct LoadResponseReader {
    /// The largest response head accepted, as curl's `CURL_MAX_HTTP_HEADER` (100 KiB).
    static let headLimit = 100 * 1024
    /// The longest chunk-size line (with extensions) or trailer line accepted.
    static let chunkLineLimit = 4096

    /// What `consume` found.
    enum Outcome: Equatable {
        /// The response is not complete yet: feed more bytes.
        case needMore
        /// The response ended after `consumed` bytes of this buffer.
        case complete(consumed: Int)
        case failed(Failure)
    }

    struct Failure: Error, Equatable {
        var kind: FerryError.TransportFailureReason.Kind
        var message: String
    }

    /// A response as read: what the load counts, and what a sampled one hands to its checks.
    struct Head: Equatable {
        var status = 0
        var version = "HTTP/1.1"
        var reason = ""
        /// The server asked to close the connection (`Connection: close`, or HTTP/1.0 without keep-alive).
        var closes = false
        /// Kept only when sampling.
        var headers: [(name: String, value: String)] = []

        static func == (lhs: Head, rhs: Head) -> Bool {
            lhs.status == rhs.status && lhs.version == rhs.version && lhs.reason == rhs.reason && lhs.closes == rhs.closes
                && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
        }
    }

    private enum Body {
        case none
        case length(Int64)
        case untilClose
        case chunkSize
        case chunkData(Int64)
        case chunkEnd
        case trailers
    }

    private enum Stage {
        case head
        case body(Body)
    }

    private(set) var head = Head()
    /// Bytes of this response received so far (heads, 1xx ones included, and body as framed on the wire).
    private(set) var received: Int64 = 0
    /// The body as sent (chunks decoded), when sampling, up to the sample limit.
    private(set) var body: [UInt8] = []
    private var stage = Stage.head
    private var pending: [UInt8] = []
    private var isHeadRequest = false
    private var sampleLimit = 0

    /// Starts on the next response: to a HEAD request (no body) or not; `sampleLimit` > 0 keeps its headers and body.
    mutating func begin(headRequest: Bool, sampleLimit: Int) {
        head = Head()
        received = 0
        body.removeAll(keepingCapacity: true)
        stage = .head
        pending.removeAll(keepingCapacity: true)
        isHeadRequest = headRequest
        self.sampleLimit = sampleLimit
    }

    /// Reads `bytes` as responses one after the other, handed over `piece` bytes at a time, then the
    /// end of the stream: how many responses ended. The fuzz target's entry (`FuzzTarget.loadResponse`).
    public static func responses(in bytes: UnsafeRawBufferPointer, piece: Int) -> Int {
        var reader = LoadResponseReader()
        reader.begin(headRequest: false, sampleLimit: 1024)
        var count = 0
        var offset = 0
        var pending: [UInt8] = []
        while offset < bytes.count || !pending.isEmpty {
            if pending.isEmpty {
                pending = Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + max(1, piece))]))
                offset += pending.count
            }
            switch pending.withUnsafeBytes({ reader.consume($0) }) {
            case .needMore: pending.removeAll()
            case .failed: return count
            case .complete(let consumed):
                count += 1
                pending.removeFirst(consumed)
                reader.begin(headRequest: count % 5 == 4, sampleLimit: 1024)
            }
        }
        return reader.endOfStream() == nil ? count + 1 : count
    }

    /// True once any byte of this response arrived.
    var started: Bool { received > 0 }

    /// True while the body is read until the connection closes.
    var readsUntilClose: Bool {
        if case .body(.untilClose) = stage { return true }
        return false
    }

    /// Reads `bytes`; what is left after a complete response is not part of it.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        var offset = 0
        while offset < bytes.count {
            switch stage {
            case .head:
                switch readHead(bytes, from: &offset) {
                case .some(.failure(let failure)): return .failed(failure)
                case .some(.success(true)): return .complete(consumed: offset)
                case .some(.success(false)), .none: continue
                }
            case .body(let part):
                switch readBody(part, bytes, from: &offset) {
                case .failure(let failure): return .failed(failure)
                case .success(true): return .complete(consumed: offset)
                case .success(false): continue
                }
            }
        }
        return .needMore
    }

    /// The connection closed: the end of a body read until then, or a failure saying where it stopped.
    func endOfStream() -> Failure? {
        switch stage {
        case .body(.untilClose): return nil
        case .head where received == 0: return Failure(kind: .emptyReply, message: "the server closed the connection without answering")
        case .head: return Failure(kind: .receiveFailed, message: "the server closed the connection in the middle of the response head")
        case .body: return Failure(kind: .connectionClosedMidBody, message: "the server closed the connection in the middle of the body")
        }
    }

    // MARK: - Head

    /// Reads head bytes up to the blank line; true when the response has no body, false to go on, nil when the bytes ran out.
    private mutating func readHead(_ bytes: UnsafeRawBufferPointer, from offset: inout Int) -> Result<Bool, Failure>? {
        let start = offset
        // The blank line may straddle reads: look back into what is pending.
        var end: Int?
        var index = offset
        while index < bytes.count, let base = bytes.baseAddress {
            // memchr finds the line feeds: the head is scanned on every response of the load.
            guard let found = memchr(base + index, 0x0A, bytes.count - index) else { break }
            index = base.distance(to: UnsafeRawPointer(found))
            if endsHead(bytes, at: index, start: start) {
                end = index + 1
                break
            }
            index += 1
        }
        guard let end else {
            received += Int64(bytes.count - start)
            guard pending.count + bytes.count - start <= Self.headLimit else { return .failure(Self.headTooLarge) }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
            offset = bytes.count
            return nil
        }
        received += Int64(end - start)
        offset = end
        guard pending.count + end - start <= Self.headLimit else { return .failure(Self.headTooLarge) }
        let parsed: Result<Body, Failure>
        if pending.isEmpty {
            parsed = parseHead(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        } else {
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            parsed = pending.withUnsafeBytes { parseHead($0) }
            pending.removeAll(keepingCapacity: true)
        }
        switch parsed {
        case .failure(let failure): return .failure(failure)
        case .success(let framing):
            if (100..<200).contains(head.status), head.status != 101 {
                let keptReceived = received
                begin(headRequest: isHeadRequest, sampleLimit: sampleLimit)
                received = keptReceived
                return .success(false)
            }
            stage = .body(framing)
            if case .none = framing { return .success(true) }
            return .success(false)
        }
    }

    /// True when the line feed at `index` ends an empty line (LF LF or CR LF CR LF), looking into `pending` when needed.
    private func endsHead(_ bytes: UnsafeRawBufferPointer, at index: Int, start: Int) -> Bool {
        func byte(_ back: Int) -> UInt8? {
            let position = index - back
            if position >= start { return bytes[position] }
            let inPending = pending.count + (position - start)
            return inPending >= 0 ? pending[inPending] : nil
        }
        if byte(1) == 0x0A { return true }
        return byte(1) == 0x0D && byte(2) == 0x0A
    }

    private static let headTooLarge = Failure(
        kind: .receiveFailed, message: "the response head is larger than \(headLimit / 1024) KiB")

    /// Parses a whole head (status line, fields, blank line) and says how its body is framed.
    private mutating func parseHead(_ bytes: UnsafeRawBufferPointer) -> Result<Body, Failure> {
        var lines = LineIterator(bytes: bytes)
        guard let statusLine = lines.next(), let status = Self.statusLine(statusLine) else {
            return .failure(Failure(kind: .notHTTP, message: "the answer does not start with an HTTP/1.x status line"))
        }
        head.status = status.code
        head.version = status.version
        var keepAlive = status.version == "HTTP/1.1"
        var length: Int64?
        var chunked = false
        let sampling = sampleLimit > 0
        if sampling { head.reason = String(decoding: statusLine.dropFirst(12).drop { $0 == 0x20 }, as: UTF8.self) }
        while let line = lines.next(), !line.isEmpty {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                return .failure(Failure(kind: .receiveFailed, message: "a response header line has no name and colon"))
            }
            let name = line[..<colon]
            let value = Self.trimmed(line[(colon + 1)...])
            if Self.equals(name, "content-length") {
                guard let parsed = Self.decimal(value), length == nil || length == parsed else {
                    return .failure(Failure(kind: .receiveFailed, message: "the response's Content-Length is not one number"))
                }
                length = parsed
            } else if Self.equals(name, "transfer-encoding") {
                chunked = Self.tokens(value).last == "chunked"
            } else if Self.equals(name, "connection") {
                if Self.equals(value, "keep-alive") {
                    keepAlive = true
                } else if Self.equals(value, "close") {
                    keepAlive = false
                } else {
                    let tokens = Self.tokens(value)
                    if tokens.contains("keep-alive") { keepAlive = true }
                    if tokens.contains("close") { keepAlive = false }
                }
            }
            if sampling { head.headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))) }
        }
        head.closes = !keepAlive || head.status == 101
        if isHeadRequest || head.status == 204 || head.status == 304 || (100..<200).contains(head.status) { return .success(.none) }
        if chunked { return .success(.chunkSize) }
        if let length { return .success(length == 0 ? .none : .length(length)) }
        head.closes = true
        return .success(.untilClose)
    }

    /// `HTTP/1.x NNN` at the start of a status line: the version and the code.
    private static func statusLine(_ line: UnsafeRawBufferPointer.SubSequence) -> (version: String, code: Int)? {
        guard line.count >= 12 else { return nil }
        let start = line.startIndex
        let digits = line[(start + 9)..<(start + 12)]
        guard line[start..<(start + 7)].elementsEqual("HTTP/1.".utf8), line[start + 8] == 0x20,
            digits.allSatisfy({ (0x30...0x39).contains($0) }), line.count == 12 || line[start + 12] == 0x20
        else { return nil }
        let version: String
        switch line[start + 7] {
        case 0x30: version = "HTTP/1.0"
        case 0x31: version = "HTTP/1.1"
        default: return nil
        }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return code >= 100 ? (version, code) : nil
    }

    // MARK: - Body

    /// Reads body bytes of the current part; true when the response is complete.
    private mutating func readBody(_ part: Body, _ bytes: UnsafeRawBufferPointer, from offset: inout Int) -> Result<Bool, Failure> {
        switch part {
        case .none:
            return .success(true)
        case .untilClose:
            take(bytes, from: &offset, count: bytes.count - offset)
            return .success(false)
        case .length(let remaining), .chunkData(let remaining):
            let count = Int(min(Int64(bytes.count - offset), remaining))
            take(bytes, from: &offset, count: count)
            let left = remaining - Int64(count)
            if case .length = part {
                stage = .body(.length(left))
                return .success(left == 0)
            }
            stage = .body(left == 0 ? .chunkEnd : .chunkData(left))
            return .success(false)
        case .chunkSize, .chunkEnd, .trailers:
            guard let line = chunkLine(bytes, from: &offset) else {
                return pending.count > Self.chunkLineLimit
                    ? .failure(
                        Failure(kind: .receiveFailed, message: "a chunk-size or trailer line is longer than \(Self.chunkLineLimit) bytes"))
                    : .success(false)
            }
            defer { pending.removeAll(keepingCapacity: true) }
            switch part {
            case .chunkEnd:
                guard line.isEmpty else { return .failure(Self.badChunk) }
                stage = .body(.chunkSize)
            case .trailers:
                if line.isEmpty { return .success(true) }
            default:
                guard let size = Self.hexadecimal(line) else { return .failure(Self.badChunk) }
                stage = .body(size == 0 ? .trailers : .chunkData(size))
            }
            return .success(false)
        }
    }

    private static let badChunk = Failure(kind: .receiveFailed, message: "the chunked body is malformed")

    /// A whole line (without CR LF) of the chunked framing, or nil when it goes on past these bytes (kept in `pending`).
    private mutating func chunkLine(_ bytes: UnsafeRawBufferPointer, from offset: inout Int) -> [UInt8]? {
        let start = offset
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
            received += Int64(bytes.count - start)
            if pending.count <= Self.chunkLineLimit {
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]).prefix(Self.chunkLineLimit + 1))
            }
            offset = bytes.count
            return nil
        }
        received += Int64(newline + 1 - start)
        offset = newline + 1
        var line = pending + UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    private mutating func take(_ bytes: UnsafeRawBufferPointer, from offset: inout Int, count: Int) {
        received += Int64(count)
        if sampleLimit > 0, body.count < sampleLimit {
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + min(count, sampleLimit - body.count)]))
        }
        offset += count
    }

    // MARK: - Tokens

    private static func equals(_ bytes: UnsafeRawBufferPointer.SubSequence, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in zip(bytes, expected).allSatisfy { $0 | 0x20 == $1 } }
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer.SubSequence) -> UnsafeRawBufferPointer.SubSequence {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0D { slice = slice.dropLast() }
        return slice
    }

    /// A Content-Length: decimal digits only, at most 18 of them.
    private static func decimal(_ bytes: UnsafeRawBufferPointer.SubSequence) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    /// A chunk size: hexadecimal digits (at most 15), then optional extensions after `;`.
    private static func hexadecimal(_ line: [UInt8]) -> Int64? {
        let digits = line.prefix { $0 != 0x3B && $0 != 0x20 && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value * 16 + Int64(digit)
        }
        return value
    }

    /// The comma-separated list's tokens, compared without case.
    private static func tokens(_ value: UnsafeRawBufferPointer.SubSequence) -> [String] {
        String(decoding: value, as: UTF8.self).lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// The lines of a response head: split at LF, a CR before it dropped.
private struct LineIterator {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func next() -> UnsafeRawBufferPointer.SubSequence? {
        guard offset < bytes.count else { return nil }
        let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        var line = bytes[offset..<end]
        if line.last == 0x0D { line = line.dropLast() }
        offset = end + 1
        return line
    }
}
