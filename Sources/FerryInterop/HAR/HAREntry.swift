import FerryCore
import Foundation

/// One entry of a HAR 1.2 log as Ferry writes it (`ferry history export`, `ferry export har`): a
/// request and its response; a request that got no response has status 0 and `_error`.
public struct HAREntry: Encodable, Sendable {
    public struct Pair: Encodable, Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Request: Encodable, Sendable {
        public var method: String
        public var url: String
        public var httpVersion: String
        public var cookies: [Pair] = []
        public var headers: [Pair]
        public var queryString: [Pair]
        public var postData: PostData?
        public var headersSize = -1
        public var bodySize: Int64

        public init(method: String, url: String, httpVersion: String, headers: [Pair], postData: PostData?, bodySize: Int64) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.headers = headers
            queryString = URLComponents(string: url)?.queryItems?.map { Pair(name: $0.name, value: $0.value ?? "") } ?? []
            self.postData = postData
            self.bodySize = bodySize
        }
    }

    public struct PostData: Encodable, Sendable {
        /// A multipart body's parts: a text value, or the name of a file.
        public struct Param: Encodable, Sendable {
            public var name: String
            public var value: String?
            public var fileName: String?
            public var contentType: String?

            public init(name: String, value: String? = nil, fileName: String? = nil, contentType: String? = nil) {
                self.name = name
                self.value = value
                self.fileName = fileName
                self.contentType = contentType
            }
        }

        public var mimeType: String
        public var text: String?
        public var params: [Param]?

        public init(mimeType: String, text: String? = nil, params: [Param]? = nil) {
            self.mimeType = mimeType
            self.text = text
            self.params = params
        }
    }

    public struct Response: Encodable, Sendable {
        public var status: Int
        public var statusText: String
        public var httpVersion: String
        public var cookies: [Pair] = []
        public var headers: [Pair]
        public var content: Content
        public var redirectURL: String
        public var headersSize = -1
        public var bodySize: Int64

        public init(status: Int, statusText: String, httpVersion: String, headers: [Pair], content: Content, bodySize: Int64) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = httpVersion
            self.headers = headers
            self.content = content
            redirectURL = headers.first { $0.name.lowercased() == "location" }?.value ?? ""
            self.bodySize = bodySize
        }

        /// The response of a request that was not sent: status 0, no headers, no body.
        public static let none = Response(
            status: 0, statusText: "", httpVersion: "", headers: [], content: Content(size: 0, mimeType: ""), bodySize: -1)
    }

    public struct Content: Encodable, Sendable {
        public var size: Int64
        public var mimeType: String
        public var text: String?
        public var encoding: String?
        /// Set when the body was capped: `text` holds only its start.
        public var comment: String?

        public init(size: Int64, mimeType: String, text: String? = nil, encoding: String? = nil, comment: String? = nil) {
            self.size = size
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.comment = comment
        }
    }

    /// Why there is no response: the error's outermost message and its chain.
    public struct Failure: Encodable, Sendable {
        public var message: String
        public var chain: [ErrorLink]

        public init(message: String, chain: [ErrorLink]) {
            self.message = message
            self.chain = chain
        }
    }

    public var startedDateTime: String
    public var time: Double
    public var request: Request
    public var response: Response
    public var cache: [String: String] = [:]
    public var timings: [String: Double]
    public var serverIPAddress: String?
    public var _error: Failure?

    /// HAR's timings when none were measured: `send`, `wait` and `receive` 0, the others -1 (unknown).
    public static let unmeasured: [String: Double] = [
        "send": 0, "wait": 0, "receive": 0, "blocked": -1, "dns": -1, "connect": -1, "ssl": -1,
    ]

    public init(
        startedDateTime: String, time: Double, request: Request, response: Response, timings: [String: Double] = unmeasured,
        serverIPAddress: String? = nil, error: Failure? = nil
    ) {
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.timings = timings
        self.serverIPAddress = serverIPAddress
        _error = error
    }
}
