import FerryCore
import FerryStore
import Foundation

/// `--from-history`: what real servers answered, as routes. Each method and path recorded is a
/// route (its path literal, the host ignored) whose answers are the recorded ones, newest first; a
/// request finds the answer to the same query and body, else the newest (`MockRoute.response`).
public enum HistoryMockSource {
    /// The routes of `entries` (newest first, as the history gives them). Exchanges without an
    /// answer, or whose body was not kept whole, are counted in `skipped`.
    public static func routes(_ entries: [HistoryEntry]) -> (routes: [MockRoute], skipped: Int) {
        var routes: [MockRoute] = []
        var index: [String: Int] = [:]
        var skipped = 0
        for entry in entries {
            guard let status = entry.status, !entry.responseBodyTruncated, entry.responseBody != nil || entry.responseBodySize == 0,
                let components = URLComponents(string: entry.url)
            else {
                skipped += 1
                continue
            }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            let request = MockRequest(method: entry.method, target: path + (components.percentEncodedQuery.map { "?" + $0 } ?? ""))
            let response = MockResponse(
                name: "history \(entry.id ?? 0)", status: status, headers: entry.responseHeaders.map { ($0.name, $0.value) },
                body: Array(entry.responseBody ?? Data()),
                recorded: MockResponse.RecordedRequest(query: request.query, body: Array(entry.requestBody ?? Data())))
            let key = request.method + " " + request.segments.joined(separator: "/")
            if let at = index[key] {
                routes[at].responses.append(response)
            } else {
                index[key] = routes.count
                routes.append(
                    MockRoute(
                        method: request.method, template: PathTemplate(segments: request.segments.map(PathTemplate.Segment.literal)),
                        source: "history #\(entry.id ?? 0)", responses: [response]))
            }
        }
        return (routes, skipped)
    }
}
