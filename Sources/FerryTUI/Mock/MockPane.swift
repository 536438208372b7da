/// The Mock view's room: the mock server the TUI runs on the open collection — its routes, how
/// often each answered and its last request, the live log — and whether the view is shown (the
/// server goes on when it is closed, until stopped or the TUI quits).
public struct MockPane: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case starting
        case running(baseURL: String)
        case stopped
        case failed(String)
    }

    /// The log keeps this many of the newest hits.
    public static let logLimit = 200

    /// The port and the modes it was started with.
    public var settings: MockSettings
    public var phase = Phase.starting
    public var routes: [MockRouteRow] = []
    /// Hits no route answered.
    public var unrouted = 0
    /// The newest hits, oldest first.
    public var log: [MockHitRow] = []
    /// What reading the collection warned of.
    public var warnings: [String] = []
    /// The selected route.
    public var selection = 0
    public var isShown = true

    public init(settings: MockSettings) { self.settings = settings }

    public var port: Int { settings.port }

    /// Where the server listens while it runs.
    public var baseURL: String? {
        if case .running(let url) = phase { url } else { nil }
    }

    public var isRunning: Bool { phase == .starting || baseURL != nil }

    /// Hits as they came: each counted on its route, the newest kept in the log.
    mutating func hitsArrived(_ hits: [MockHitRow]) {
        for hit in hits {
            if let index = routes.firstIndex(where: { $0.name == hit.route }) {
                routes[index].hits += 1
                routes[index].last = hit
            } else {
                unrouted += 1
            }
        }
        log += hits.suffix(Self.logLimit)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    /// `url` (the editor's) with its origin — `scheme://host:port`, or a leading `{{variable}}` —
    /// replaced by `base`; an empty URL becomes `base` and the selected route's path.
    func pointed(_ url: String, at base: String) -> String {
        let text = url.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            let path = routes.indices.contains(selection) ? routes[selection].name.split(separator: " ").last.map(String.init) ?? "/" : "/"
            return base + path
        }
        if text.hasPrefix("{{"), let close = text.range(of: "}}") { return base + text[close.upperBound...] }
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            return base + (rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(rest[$0...]) } ?? "")
        }
        return base + (text.hasPrefix("/") ? text : "/" + text)
    }
}
