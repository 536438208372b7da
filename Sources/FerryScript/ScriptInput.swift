import FerryCore
import Foundation

/// What a script sees: the request (before it is resolved, `{{variables}}` in place), the response
/// after one, the variables, the iteration's data row and where it runs.
public struct ScriptInput: Sendable {
    /// A request as scripts see and change it (Postman's shape: headers as `key`/`value` pairs).
    public struct Request: Sendable, Codable, Equatable {
        public struct Header: Sendable, Codable, Equatable {
            public var key: String
            public var value: String
            public var disabled: Bool?

            public init(key: String, value: String, disabled: Bool? = nil) {
                self.key = key
                self.value = value
                self.disabled = disabled
            }
        }

        /// A body as text (`mode` is `raw`).
        public struct Body: Sendable, Codable, Equatable {
            public var mode: String
            public var raw: String

            public init(raw: String) {
                self.mode = "raw"
                self.raw = raw
            }
        }

        public var method: String
        public var url: String
        public var headers: [Header]
        public var body: Body?

        public init(method: String, url: String, headers: [Header], body: Body?) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// A response as scripts see it.
    public struct Response: Sendable {
        public var code: Int
        public var status: String
        public var headers: [Request.Header]
        public var body: String
        /// Milliseconds.
        public var responseTime: Int
        /// Bytes of the body.
        public var responseSize: Int

        public init(code: Int, status: String, headers: [Request.Header], body: String, responseTime: Int, responseSize: Int) {
            self.code = code
            self.status = status
            self.headers = headers
            self.body = body
            self.responseTime = responseTime
            self.responseSize = responseSize
        }

        /// `response` as scripts see it: its body as UTF-8 text (at most `limit` bytes of it).
        public init(_ response: FerryCore.Response, limit: Int = 16 << 20) {
            let body = (try? response.body.prefix(limit)) ?? Data()
            self.init(
                code: response.status, status: response.displayReason,
                headers: response.headers.map { Request.Header(key: $0.name, value: $0.value) },
                body: String(decoding: body, as: UTF8.self),
                responseTime: Int(response.timeline.total / 1000), responseSize: Int(response.body.count))
        }
    }

    /// Where and when the script runs (`pm.info`).
    public struct Info: Sendable {
        public var eventName: String
        public var requestName: String
        public var requestId: String
        public var iteration: Int
        public var iterationCount: Int
        public var environment: String?

        public init(
            eventName: String, requestName: String, requestId: String, iteration: Int = 0, iterationCount: Int = 1,
            environment: String? = nil
        ) {
            self.eventName = eventName
            self.requestName = requestName
            self.requestId = requestId
            self.iteration = iteration
            self.iterationCount = iterationCount
            self.environment = environment
        }
    }

    public var info: Info
    public var variables: [String: String]
    public var iterationData: [String: String]
    public var request: Request?
    public var response: Response?

    public init(
        info: Info, variables: [String: String], iterationData: [String: String] = [:], request: Request?, response: Response? = nil
    ) {
        self.info = info
        self.variables = variables
        self.iterationData = iterationData
        self.request = request
        self.response = response
    }
}
