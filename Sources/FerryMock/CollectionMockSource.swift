import FerryCore
import FerryStore

/// A collection's saved `examples:` as routes: each request file with examples is a route of its
/// method and URL template, answering its examples byte for byte.
public enum CollectionMockSource {
    /// The routes of `collection`'s request files (paths shown relative to `label`), and a warning
    /// for each file that could not be read.
    public static func routes(of collection: RequestCollection, label: String) -> (routes: [MockRoute], warnings: [String]) {
        var routes: [MockRoute] = []
        for entry in collection.requests where !entry.document.examples.isEmpty {
            routes.append(route(of: entry.document, source: join(label, entry.path)))
        }
        return (routes, collection.problems.map { "\($0.description) (left out)" })
    }

    /// The route of one request file.
    public static func route(of request: RequestDescription, source: String) -> MockRoute {
        let responses = request.examples.map { example in
            MockResponse(
                name: example.name, status: example.status, headers: example.headers.map { ($0.name, $0.value) },
                body: Array((example.body ?? "").utf8))
        }
        return MockRoute(
            method: request.method.rawValue, template: PathTemplate(urlTemplate: request.url), source: source, responses: responses)
    }

    private static func join(_ folder: String, _ path: String) -> String {
        folder.isEmpty || folder == "." ? path : folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
