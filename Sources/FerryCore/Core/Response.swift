import Foundation

/// What came back: the final response after redirects, and how it was obtained.
///
/// Its fields live in one copy-on-write box: a response goes from the transport through every stage
/// of an exchange (concluded, checked, recorded, reported, kept in a run's result), and each copy of
/// a dozen fields was a dozen retains and releases on the curl thread.
public struct Response: Sendable {
    private var storage: Storage

    public var status: Int {
        get { storage.status }
        _modify {
            makeUnique()
            yield &storage.status
        }
    }
    /// The reason phrase as the server sent it (HTTP/2 has none: empty).
    public var reasonPhrase: String {
        get { storage.reasonPhrase }
        _modify {
            makeUnique()
            yield &storage.reasonPhrase
        }
    }
    /// `HTTP/1.0`, `HTTP/1.1` or `HTTP/2`.
    public var httpVersion: String {
        get { storage.httpVersion }
        _modify {
            makeUnique()
            yield &storage.httpVersion
        }
    }
    public var headers: HTTPHeaders {
        get { storage.headers }
        _modify {
            makeUnique()
            yield &storage.headers
        }
    }
    public var body: ResponseBody {
        get { storage.body }
        _modify {
            makeUnique()
            yield &storage.body
        }
    }
    /// The URL of the final response, after redirects.
    public var effectiveURL: String {
        get { storage.effectiveURL }
        _modify {
            makeUnique()
            yield &storage.effectiveURL
        }
    }
    /// `address:port` of the server that answered, when known.
    public var remoteAddress: String? {
        get { storage.remoteAddress }
        _modify {
            makeUnique()
            yield &storage.remoteAddress
        }
    }
    /// The responses that redirected before this one, oldest first.
    public var redirects: [RedirectHop] {
        get { storage.redirects }
        _modify {
            makeUnique()
            yield &storage.redirects
        }
    }
    public var timeline: Timeline {
        get { storage.timeline }
        _modify {
            makeUnique()
            yield &storage.timeline
        }
    }
    /// The request head as it was sent for the final attempt.
    public var sent: SentRequest? {
        get { storage.sent }
        _modify {
            makeUnique()
            yield &storage.sent
        }
    }
    /// The exchange's cookie jar after it, when the request carried one (`RequestCookies.jar`).
    public var cookieJar: CookieJar? {
        get { storage.cookieJar }
        _modify {
            makeUnique()
            yield &storage.cookieJar
        }
    }
    /// The user stopped a streamed response: the body is what arrived until then.
    public var stoppedByUser: Bool {
        get { storage.stoppedByUser }
        _modify {
            makeUnique()
            yield &storage.stoppedByUser
        }
    }
    /// The fields that came after the body (HTTP/2 trailers: gRPC's status), apart from `headers`.
    public var trailers: HTTPHeaders {
        get { storage.trailers }
        _modify {
            makeUnique()
            yield &storage.trailers
        }
    }

    public init(
        status: Int, reasonPhrase: String, httpVersion: String, headers: HTTPHeaders, body: ResponseBody,
        effectiveURL: String, remoteAddress: String?, redirects: [RedirectHop], timeline: Timeline, sent: SentRequest?,
        cookieJar: CookieJar? = nil, trailers: HTTPHeaders = [:]
    ) {
        storage = Storage(
            status: status, reasonPhrase: reasonPhrase, httpVersion: httpVersion, headers: headers, body: body,
            effectiveURL: effectiveURL, remoteAddress: remoteAddress, redirects: redirects, timeline: timeline, sent: sent,
            cookieJar: cookieJar, stoppedByUser: false, trailers: trailers)
    }

    /// The reason phrase sent, or the standard one for the status when none was (HTTP/2).
    public var displayReason: String {
        reasonPhrase.isEmpty ? HTTPStatus.standardReason(for: status) : reasonPhrase
    }

    /// Gives this response a box of its own before one of its fields changes.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The fields. Changed only through a response that holds the only reference (`makeUnique`), so
    /// sharing it between threads is safe; no access to a field overlaps another, so none is checked.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var status: Int
        @exclusivity(unchecked) var reasonPhrase: String
        @exclusivity(unchecked) var httpVersion: String
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var body: ResponseBody
        @exclusivity(unchecked) var effectiveURL: String
        @exclusivity(unchecked) var remoteAddress: String?
        @exclusivity(unchecked) var redirects: [RedirectHop]
        @exclusivity(unchecked) var timeline: Timeline
        @exclusivity(unchecked) var sent: SentRequest?
        @exclusivity(unchecked) var cookieJar: CookieJar?
        @exclusivity(unchecked) var stoppedByUser: Bool
        @exclusivity(unchecked) var trailers: HTTPHeaders

        init(
            status: Int, reasonPhrase: String, httpVersion: String, headers: HTTPHeaders, body: ResponseBody,
            effectiveURL: String, remoteAddress: String?, redirects: [RedirectHop], timeline: Timeline, sent: SentRequest?,
            cookieJar: CookieJar?, stoppedByUser: Bool, trailers: HTTPHeaders
        ) {
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
            self.stoppedByUser = stoppedByUser
            self.trailers = trailers
        }

        func copy() -> Storage {
            Storage(
                status: status, reasonPhrase: reasonPhrase, httpVersion: httpVersion, headers: headers, body: body,
                effectiveURL: effectiveURL, remoteAddress: remoteAddress, redirects: redirects, timeline: timeline, sent: sent,
                cookieJar: cookieJar, stoppedByUser: stoppedByUser, trailers: trailers)
        }
    }
}
