import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

@Suite struct CollectionDocumentTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func everyFieldSurvivesARoundTrip() throws {
        let document = CollectionFixtures.everyField
        let text = try document.yaml()
        let reread = try RequestDescription(yaml: text, path: "every.ferry.yaml")
        #expect(reread == document)
        #expect(try reread.yaml() == text)
    }

    @Test(arguments: CollectionFixtures.bodies)
    func everyBodyKindSurvivesARoundTrip(body: RequestDescription.Body) throws {
        var document = RequestDescription(method: .put, url: "http://example.test/upload")
        document.body = body
        #expect(try RequestDescription(yaml: try document.yaml(), path: "body.ferry.yaml") == document)
    }

    @Test func theProxyAndCertificateOptionsSurvive() throws {
        var document = RequestDescription(url: "https://example.test/")
        document.connection.proxy = "{{proxy}}"
        document.connection.noProxy = "localhost,127.0.0.1"
        document.connection.proxyUser = "{{proxyLogin}}"
        document.connection.unixSocket = "/run/docker.sock"
        document.connection.clientCertificate = "certs/client.p12"
        document.connection.certificateType = "P12"
        document.connection.keyPassphrase = "{{certPass}}"
        document.options.totalTimeout = 5
        let text = try document.yaml()
        #expect(text.contains("options:\n  timeout: 5\n  proxy: '{{proxy}}'\n  noProxy: localhost,127.0.0.1\n"))
        #expect(try RequestDescription(yaml: text, path: "proxied.ferry.yaml") == document)
    }

    @Test func cookiesOutputDelayAndTrustedRedirectsSurvive() throws {
        var document = RequestDescription(url: "https://example.test/")
        document.cookies = [.init(name: "session", value: "{{sid}}"), .init(name: "{{key}}", value: "a b")]
        document.output = "out/{{name}}.json"
        document.delay = 250
        document.options.keepsCredentialsOnRedirect = true
        let text = try document.yaml()
        #expect(text.contains("cookies:\n  session: '{{sid}}'\n  '{{key}}': a b\n"), "\(text)")
        #expect(text.contains("options:\n  locationTrusted: true\n  output: out/{{name}}.json\n  delay: 250\n"), "\(text)")
        #expect(try RequestDescription(yaml: text, path: "cookies.ferry.yaml") == document)
    }

    @Test func aFoldersProxyIsInheritedOverTheEnvironmentsAndUnderTheRequests() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.file("internal"), withIntermediateDirectories: true)
        _ = try root.write("internal/_folder.ferry.yaml", Data("options:\n  proxy: http://folder.test:3128\n  noProxy: localhost\n".utf8))
        let defaults = try FolderDefaults.inherited(byFileAt: root.file("internal/a.ferry.yaml"), root: root.path)
        let rewritten = try root.write("copy.yaml", Data(try defaults.yaml().utf8))
        #expect(try FolderDefaults(contentsOf: rewritten).connection == defaults.connection)
        var environment = ConnectionSettings()
        environment.proxy = "http://env.test:3128"
        environment.clientCertificate = "env.pem"
        var request = RequestDescription(url: "http://api.test/")
        request.connection.noProxy = "*"
        let sent = try request.resolved(
            with: .literal, defaults: defaults.under(environment: environment),
            access: FileAccessPolicy(collection: root.path, allowsProxy: true)
        ).request
        #expect(sent.options.proxy == "http://folder.test:3128")
        #expect(sent.options.noProxy == "*")
        #expect(sent.options.tls.clientCertificate == root.path + "/env.pem")
        _ = try root.write("internal/_folder.ferry.yaml", Data("options:\n  timeout: 3\n".utf8))
        #expect(throws: ConfigProblem.self) { try FolderDefaults.inherited(byFileAt: root.file("internal/a.ferry.yaml"), root: root.path) }
    }

    @Test func bearerAuthAndHTTPVersionsSurvive() throws {
        for version in [HTTPVersionPreference.http1_1, .http2] {
            var document = RequestDescription(url: "https://example.test/")
            document.auth = .bearer(token: "{{token}}")
            document.options.httpVersion = version
            #expect(try RequestDescription(yaml: try document.yaml(), path: "auth.ferry.yaml") == document)
        }
    }

    /// `FERRY_RECORD_GOLDEN=1 swift test --filter goldenFiles` rewrites the files (review the diff).
    @Test func goldenFilesMatchByteForByte() throws {
        let cases: [(String, RequestDescription)] = [
            ("every-field.ferry.yaml", CollectionFixtures.everyField),
            ("minimal.ferry.yaml", RequestDescription(url: "{{baseURL}}/json")),
        ]
        for (name, document) in cases {
            if ProcessInfo.processInfo.environment["FERRY_RECORD_GOLDEN"] == "1" {
                try document.yaml().write(to: Self.golden.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
            #expect(try document.yaml() == expected, "\(name)")
            #expect(try RequestDescription(yaml: expected, path: name) == document)
        }
    }

    @Test func defaultsAreLeftOut() throws {
        #expect(try RequestDescription(url: "http://example.test/").yaml() == "url: http://example.test/\n")
    }

    @Test func unknownKeysAreReportedWithLineAndColumn() throws {
        let text = "url: http://example.test/\nheaders:\n  - Accept: text/plain\noptions:\n  timeout: 5\n  retries: 3\n"
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(yaml: text, path: "x.ferry.yaml") }
        #expect(problem.line == 6)
        #expect(problem.column == 3)
        #expect(problem.key == "options.retries")
        #expect(problem.description.hasPrefix("x.ferry.yaml:6:3: options.retries: unknown key"))
    }

    @Test func invalidYAMLIsReportedWithLineAndColumn() throws {
        let text = "url: http://example.test/\nheaders:\n  - Accept: [unclosed\nname: x\n"
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(yaml: text, path: "bad.ferry.yaml") }
        #expect(problem.line != nil && problem.column != nil)
        #expect(problem.message.hasPrefix("is not valid YAML"))
    }

    @Test(arguments: [
        ("method: GET\n", 1, 1, "url", "is missing"),
        ("url: x\noptions:\n  maxRedirects: lots\n", 3, 17, "options.maxRedirects", "expected a whole number"),
        ("url: x\nbody:\n  json: {}\n  raw: text\n", 3, 3, "body", "expected exactly one of"),
        ("url: x\nserializer: yaml\n", 2, 13, "serializer", "expected one of"),
        ("url: x\nvalidation:\n  status: 99\n", 3, 11, "validation.status", "expected codes"),
        ("url: x\nmethod: \"GE T\"\n", 2, 9, "method", "is not a valid HTTP method"),
        ("url: x\nbody:\n  graphql:\n    variables: '{}'\n", 4, 5, "body.graphql", "a GraphQL body needs a query"),
        ("url: x\nbody:\n  graphql:\n    query: '{ a }'\n    operation: A\n", 5, 5, "body.graphql.operation", "unknown key"),
        ("url: x\nbody:\n  graphql:\n    query: '{ a }'\n    get: sometimes\n", 5, 10, "body.graphql.get", "expected true or false"),
        ("url: x\ncookies:\n  \"a b\": c\n", 3, 3, "cookies.a b", "is not a valid cookie name"),
        ("url: x\ncookies: [a]\n", 2, 10, "cookies", "expected a mapping"),
        ("url: x\noptions:\n  output: ''\n", 3, 11, "options.output", "expected a file path"),
        ("url: x\noptions:\n  delay: -1\n", 3, 10, "options.delay", "expected a whole number"),
    ])
    func wrongValuesAreLocated(text: String, line: Int, column: Int, key: String, message: String) throws {
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(yaml: text, path: "x.ferry.yaml") }
        #expect(problem.line == line)
        #expect(problem.column == column)
        #expect(problem.key == key)
        #expect(problem.message.hasPrefix(message), "\(problem)")
    }
}
