import FerryCore
import Foundation

/// The requests `ferry demo` sends to the demo server it started, each with a line saying what it shows.
enum DemoTour {
    struct Step {
        var title: String
        var request: Request
    }

    static func steps(base: String, tlsBase: String, caFile: String, publicKeyPin: String) throws -> [Step] {
        func request(_ method: HTTPMethod = .get, _ url: String, _ configure: (inout Request) -> Void = { _ in }) throws -> Request {
            var request = Request(method: method, url: try Request.parseURL(url))
            configure(&request)
            return request
        }
        return [
            Step(title: "A plain GET: the server echoes what it received", request: try request(.get, "\(base)/get?tour=1&lang=swift")),
            Step(
                title: "POST a JSON body",
                request: try request(.post, "\(base)/anything") {
                    $0.headers.add(name: "Content-Type", value: "application/json")
                    $0.body = .bytes(Data(#"{"ship": "Ferry", "passengers": 42}"#.utf8))
                }),
            Step(title: "A GraphQL query with variables: the query is checked, then sent as JSON", request: try graphQL(base)),
            Step(
                title: "gRPC-Web: a server stream of the demo's gRPC service, its schema by server reflection, JSON both ways",
                request: try request(.post, "\(base)/ferry.demo.Demo/Ticks") {
                    $0.options.grpcWeb = .binary
                    $0.body = .bytes(Data(#"{"count": 3, "intervalMs": 100}"#.utf8))
                }),
            Step(title: "Three redirects, each hop recorded", request: try request(.get, "\(base)/redirect/3")),
            Step(title: "A gzip body, decoded on the fly", request: try request(.get, "\(base)/gzip")),
            Step(title: "A 404 is a response, not a transport failure", request: try request(.get, "\(base)/status/404")),
            Step(
                title: "1 MiB of binary: described, never dumped on the terminal",
                request: try request(.get, "\(base)/bytes/1048576?seed=42")),
            Step(
                title: "HTTPS with the demo's self-signed test certificate, trusted by CA file and pinned key",
                request: try request(.get, "\(tlsBase)/json") {
                    $0.options.tls.caFile = caFile
                    $0.options.tls.pinnedPublicKey = publicKeyPin
                }),
            Step(title: "Escape sequences in a body are shown, not executed", request: try request(.get, "\(base)/misbehave/escapes")),
            Step(title: "A server that hangs up mid-body: the error chain", request: try request(.get, "\(base)/misbehave/close-mid-body")),
        ]
    }

    /// The demo's GraphQL endpoint asked for a book, built as a request file's GraphQL body is.
    private static func graphQL(_ base: String) throws -> Request {
        var description = RequestDescription(url: "\(base)/graphql")
        description.body = .graphql(
            GraphQLBody(query: "query Book($id: ID!) { book(id: $id) { title author } }", variables: #"{"id": "2"}"#))
        return try description.resolved(with: .literal, directory: "/").request
    }
}
