import Foundation

/// What came back: the final response after redirects, and how it was obtained.
public struct Response: Sendable {
    public var status: Int
    /// The reason phrase as the server sent it (HTTP/2 has none: empty).
    public var reasonPhrase: String
    /// `HTTP/1.0`, `HTTP/1.1` or `HTTP/2`.
    public var httpVersion: String
    public var headers: HTTPHeaders
    public var body: ResponseBody
    /// The URL of the final response, after redirects.
    public var effectiveURL: String
    /// `address:port` of the server that answered, when known.
    public var remoteAddress: String?
    /// The responses that redirected before this one, oldest first.
    public var redirects: [RedirectHop]
    public var timeline: Timeline
    /// The request head as it was sent for the final attempt.
    public var sent: SentRequest?
    /// The exchange's cookie jar after it, when the request carried one (`RequestCookies.jar`).
    public var cookieJar: CookieJar?
    /// The user stopped a streamed response: the body is what arrived until then.
    public var stoppedByUser = false
    /// The fields that came after the body (HTTP/2 trailers: gRPC's status), apart from `headers`.
    public var trailers: HTTPHeaders

    public init(
        status: Int, reasonPhrase: String, httpVersion: String, headers: HTTPHeaders, body: ResponseBody,
        effectiveURL: String, remoteAddress: String?, redirects: [RedirectHop], timeline: Timeline, sent: SentRequest?,
        cookieJar: CookieJar? = nil, trailers: HTTPHeaders = [:]
    ) {
        self.trailers = trailers
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.remoteAddress = remoteAddress
        self.redirects = redirects
        self.timeline = timeline
        self.sent = sent
        self.cookieJar = cookieJar
    }

    /// The reason phrase sent, or the standard one for the status when none was (HTTP/2).
    public var displayReason: String {
        reasonPhrase.isEmpty ? HTTPStatus.standardReason(for: status) : reasonPhrase
    }
}
