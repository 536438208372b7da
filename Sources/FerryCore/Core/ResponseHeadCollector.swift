import Foundation

/// Collects the header lines of every response in an exchange, as a transport delivers them one
/// line at a time, and keeps the final head and the redirect hops before it.
///
/// Interim 1xx heads are dropped; a 3xx head with a `Location`, or a 401/407 challenge answered
/// with credentials (digest), becomes a hop when another head follows.
public struct ResponseHeadCollector: Sendable {
    public private(set) var status: HeaderLine.Status?
    public private(set) var headers = HTTPHeaders()
    public private(set) var redirects: [RedirectHop] = []
    /// The fields after the final head's body (trailers), which libcurl hands over after the head's blank line.
    public private(set) var trailers = HTTPHeaders()
    private var currentURL = ""
    private var isComplete = false

    public init() {}

    /// Feeds one line (with or without its CRLF). `requestURL` is the URL the head answers (asked
    /// for on status lines only).
    public mutating func consume(line: String, requestURL: @autoclosure () -> String) {
        if let newStatus = HeaderLine.parseStatus(line) {
            if isComplete, let previous = status {
                let setCookies = headers.values(for: "Set-Cookie")
                let cookies = setCookies.isEmpty ? nil : setCookies
                if (300..<400).contains(previous.code), let location = headers["Location"] {
                    redirects.append(RedirectHop(url: currentURL, status: previous.code, location: location, setCookies: cookies))
                } else if previous.code == 401 || previous.code == 407 {
                    redirects.append(RedirectHop(url: currentURL, status: previous.code, location: "", setCookies: cookies))
                }
            }
            status = newStatus
            headers = HTTPHeaders()
            trailers = HTTPHeaders()
            currentURL = requestURL()
            isComplete = false
        } else if line.trimmingTrailingNewline().isEmpty {
            isComplete = true
        } else if let field = HeaderLine.parse(line) {
            if isComplete { trailers.add(name: field.name, value: field.value) } else { headers.add(name: field.name, value: field.value) }
        }
    }

    /// The announced body length of the current head, when it has a single valid one.
    public var contentLength: Int64? {
        let values = headers.values(for: "Content-Length")
        guard values.count == 1 else { return nil }
        return Int64(values[0].trimmingWhitespace())
    }
}
