import FerryCore
import FerryInterop
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// `CurlExporter`: the command it writes, run by a shell and the real curl, sends the demo echo
/// what Ferry sends for the same description.
@Suite struct CurlExportTests {
    private static let variables = [Variable(name: "user", value: "ann"), Variable(name: "password", value: "pa55 'word'", isSecret: true)]

    /// One description per kind of content, relative to the server.
    private static func descriptions(_ base: String, files: TemporaryDirectory) throws -> [String: RequestDescription] {
        let upload = try files.write("report.bin", Data((0..<3000).map { UInt8($0 % 251) }))
        let notes = try files.write("notes.txt", Data("notes of {{user}}\n".utf8))
        var query = RequestDescription(method: .get, url: "\(base)/anything/search")
        query.params = .object([("q", .string("it's {{user}}")), ("tags", .array([.string("a b"), .string("c&d")]))])
        query.headers = [.init(name: "X-Quote", value: #"say "hi" $HOME `id`"#), .init(name: "Accept-Language", value: "")]
        query.cookies = [.init(name: "session", value: "{{user}}"), .init(name: "theme", value: "dark")]
        var json = RequestDescription(method: .patch, url: "\(base)/anything/json")
        json.body = .json(.object([("name", .string("{{user}}")), ("n", .number("3")), ("nested", .object([("ok", .bool(true))]))]))
        json.auth = .bearer(token: "t0k'en")
        var form = RequestDescription(method: .post, url: "\(base)/anything/form")
        form.body = .form(.object([("user", .string("{{user}}")), ("scopes", .array([.string("r"), .string("w")]))]))
        form.auth = .basic(username: "{{user}}", password: "{{password}}")
        var raw = RequestDescription(method: .put, url: "\(base)/anything/raw")
        raw.body = .raw("line one\nline\ttwo\r\nbell \u{07}", contentType: "text/plain")
        var file = RequestDescription(method: .post, url: "\(base)/anything/file")
        file.body = .file(path: upload, contentType: "application/octet-stream")
        var parts = RequestDescription(method: .post, url: "\(base)/anything/upload")
        parts.body = .multipart([
            .init(name: "title", value: .text("@not a file; {{user}}")),
            .init(name: "photo", value: .file(path: upload), contentType: "image/png", fileName: "p.png"),
            .init(name: "notes", value: .file(path: notes)),
        ])
        var head = RequestDescription(method: .delete, url: "\(base)/anything/gone")
        head.options.followRedirects = false
        head.options.decompress = false
        var graphQL = RequestDescription(url: "\(base)/anything/graphql")
        graphQL.body = .graphql(
            GraphQLBody(query: "query Q($u: String) { user(name: $u) { id } }", variables: #"{"u": "{{user}}"}"#, operationName: "Q"))
        var graphQLGET = graphQL
        graphQLGET.body = .graphql(GraphQLBody(query: "{ me { id } }", variables: #"{"u": "{{user}}"}"#, usesGET: true))
        return [
            "query": query, "json": json, "form": form, "raw": raw, "file": file, "multipart": parts, "delete": head,
            "graphql": graphQL, "graphql-get": graphQLGET,
        ]
    }

    @Test func theExportedCommandSendsWhatFerrySends() async throws {
        try await withDemoServer { server in
            let files = try TemporaryDirectory()
            for (name, description) in try Self.descriptions(server.baseURL, files: files).sorted(by: { $0.key < $1.key }) {
                let resolver = VariableResolver(Self.variables)
                let command = try CurlExporter(reveal: true).command(for: description, resolver: resolver, directory: files.path)
                let curl = await ChildProcess.run("/bin/sh", ["-c", command + " --silent --show-error"], timeout: 30)
                #expect(curl.status == 0, "\(name): \(curl.stderr)\n\(command)")
                let expected = try #require(EchoedRequest.all(in: curl.stdout).first, "\(name): no echo from curl for\n\(command)")
                let resolved = try description.resolved(with: resolver, directory: files.path)
                let response = try await CurlTransport().send(resolved.request, receivingInto: .default, progress: nil)
                let received = try #require(EchoedRequest.all(in: try response.body.data()).first)
                #expect(received == expected, "\(name):\ncommand: \(command)\ncurl:  \(expected)\nFerry: \(received)")
            }
        }
    }

    @Test func theRequestsOwnCookiesAndOutputAreCurlsDashBAndDashO() throws {
        var description = RequestDescription(method: .get, url: "http://127.0.0.1:9/x")
        description.cookies = [.init(name: "session", value: "{{user}}"), .init(name: "theme", value: "dark")]
        description.output = "out/{{user}}.json"
        let command = try CurlExporter().command(for: description, resolver: VariableResolver(Self.variables), directory: "/c")
        #expect(command.contains("-b 'session=ann; theme=dark'"), "\(command)")
        #expect(command.contains("-o /c/out/ann.json"), "\(command)")
    }

    @Test func secretsStayPlaceholdersUnlessRevealed() throws {
        var description = RequestDescription(method: .get, url: "http://127.0.0.1:9/x")
        description.auth = .basic(username: "{{user}}", password: "{{password}}")
        description.headers = [.init(name: "X-Key", value: "{{password}}")]
        let resolver = VariableResolver(Self.variables)
        let hidden = try CurlExporter().command(for: description, resolver: resolver, directory: "/")
        #expect(!hidden.contains("pa55"), "\(hidden)")
        #expect(hidden.contains("{{password}}"))
        let shown = try CurlExporter(reveal: true).command(for: description, resolver: resolver, directory: "/")
        #expect(shown.contains(#"-u 'ann:pa55 '\''word'\'''"#), "\(shown)")
    }
}
