import FerryCore
import Foundation

/// The machine-readable record of one exchange that `ferry send --json` prints.
/// Its shape is documented in the README; fields are only ever added.
public struct ExchangeReport: Codable, Sendable {
    public var ferryVersion = FerryInfo.version
    public var request: RequestPart
    public var response: ResponsePart?
    public var timeline: TimelinePart?
    public var redirects: [RedirectHop]
    public var error: ErrorPart?
    /// What the serializer made of the body, when `--as` or an `--expect-…` flag asked for it.
    public var value: ValueSummary?
    /// The request file's `expect:` results, when it has any.
    public var assertions: [AssertionPart]?
    /// How the body was printed as a stream, when it was.
    public var stream: StreamPart?
    public var exitCode: Int32

    public struct Field: Codable, Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public struct RequestPart: Codable, Sendable {
        public var method: String
        public var url: String
        /// The request line as sent (`GET /get HTTP/1.1`), when the request reached the wire.
        public var requestLine: String?
        public var headers: [Field]
        public var bodySize: Int64?
        /// The local files the request reads (body, parts, certificates); absent when none.
        public var localFiles: [String]?
    }

    public struct ResponsePart: Codable, Sendable {
        public var status: Int
        public var reason: String
        public var httpVersion: String
        public var headers: [Field]
        public var effectiveURL: String
        public var remoteAddress: String?
        public var body: BodyPart
        /// The fields after the body (a gRPC call's status and trailing metadata); absent when none came.
        public var trailers: [Field]?
    }

    public struct BodyPart: Codable, Sendable {
        public var size: Int64
        /// `utf8` (the `text` field holds it), `base64` (the `base64` field), or `file` (saved with -o).
        public var encoding: String
        public var text: String?
        public var base64: String?
        public var path: String?
        /// True when only the first `limit` bytes are included.
        public var truncated: Bool
        public var limit: Int
    }

    public struct TimelinePart: Codable, Sendable {
        public var start: String
        /// Milliseconds per phase, in order: queue, dns, connect, tls, send, wait, receive, serialize.
        public var phases: [PhasePart]
        public var totalMs: Double
        public var redirectMs: Double
    }

    public struct PhasePart: Codable, Sendable {
        public var name: String
        public var har: String?
        public var ms: Double
    }

    /// One assertion's result.
    public struct AssertionPart: Codable, Sendable {
        public var assertion: String
        public var passed: Bool
        public var actual: String
        public var problem: String?
        /// A schema's or contract's violations, each located (absent when none).
        public var violations: [Violation]?

        /// One violation: the instance's pointer, the keyword, its location in the schema and what is wrong.
        public struct Violation: Codable, Sendable {
            public var pointer: String
            public var keyword: String
            public var schemaLocation: String
            public var message: String
        }

        public init(_ result: AssertionResult) {
            self.init(assertion: result.assertion.text, passed: result.passed, actual: result.actual, problem: result.problem)
            if !result.violations.isEmpty {
                violations = result.violations.map {
                    Violation(pointer: $0.instancePointer, keyword: $0.keyword, schemaLocation: $0.schemaLocation, message: $0.message)
                }
            }
        }

        public init(assertion: String, passed: Bool, actual: String, problem: String?) {
            self.assertion = assertion
            self.passed = passed
            self.actual = actual
            self.problem = problem
        }
    }

    public struct ErrorPart: Codable, Sendable {
        public var message: String
        public var chain: [ErrorLink]
    }
}

extension ExchangeReport {
    /// Builds the report for a request and either its response or the error that stopped it.
    public init(request: RequestPart, response: Response?, error: FerryError?, bodyLimit: Int, exitCode: ExitStatus) throws {
        self.request = request
        self.response = try response.map { try ResponsePart(response: $0, bodyLimit: bodyLimit) }
        self.timeline = response.map { TimelinePart(timeline: $0.timeline) }
        self.redirects = response?.redirects ?? []
        self.error = error.map(ErrorPart.init)
        self.exitCode = exitCode.rawValue
    }

    /// Pretty JSON with stable key order.
    public func encoded() throws -> Data { try Self.encode(self) }

    /// Pretty JSON with stable key order, as every Ferry report is printed.
    static func encode(_ report: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }
}

extension ExchangeReport.ErrorPart {
    /// The error's outermost message and its whole chain.
    public init(_ error: FerryError) {
        self.init(message: error.link.message, chain: ErrorChain(error).links)
    }
}

extension ExchangeReport.RequestPart {
    /// The request as sent when it reached the wire, as composed otherwise.
    public init(request: Request, sent: SentRequest?) {
        self.init(
            method: request.method.rawValue, url: request.url.absoluteString, requestLine: sent?.requestLine,
            headers: (sent?.headers ?? request.authenticated().headers).map { ExchangeReport.Field(name: $0.name, value: $0.value) },
            bodySize: sent?.bodyBytes ?? (try? request.body.makeSource())??.length, localFiles: nil)
    }

    /// A request that could not even be built: what the user typed.
    public init(unparsedURL: String, method: String?) {
        self.init(method: method ?? "GET", url: unparsedURL, requestLine: nil, headers: [], bodySize: nil, localFiles: nil)
    }
}

extension ExchangeReport.ResponsePart {
    init(response: Response, bodyLimit: Int) throws {
        status = response.status
        reason = response.displayReason
        httpVersion = response.httpVersion
        headers = response.headers.map { ExchangeReport.Field(name: $0.name, value: $0.value) }
        effectiveURL = response.effectiveURL
        remoteAddress = response.remoteAddress
        body = try ExchangeReport.BodyPart(body: response.body, limit: bodyLimit)
        trailers = response.trailers.isEmpty ? nil : response.trailers.map { ExchangeReport.Field(name: $0.name, value: $0.value) }
    }
}

extension ExchangeReport.BodyPart {
    init(body: ResponseBody, limit: Int) throws {
        size = body.count
        self.limit = limit
        truncated = body.count > Int64(limit)
        if let path = body.outputPath {
            encoding = "file"
            self.path = path
            return
        }
        let bytes = try body.prefix(limit)
        if TerminalSafeText.looksLikeText(Array(bytes), isPrefix: truncated) {
            encoding = "utf8"
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            encoding = "base64"
            base64 = bytes.base64EncodedString()
        }
    }
}

extension ExchangeReport.TimelinePart {
    init(timeline: Timeline) {
        start = ISO8601DateFormatter().string(from: timeline.start)
        phases = Timeline.Phase.allCases.map {
            ExchangeReport.PhasePart(name: $0.rawValue, har: $0.harName, ms: Double(timeline[$0]) / 1000)
        }
        totalMs = Double(timeline.total) / 1000
        redirectMs = Double(timeline.redirect) / 1000
    }
}
