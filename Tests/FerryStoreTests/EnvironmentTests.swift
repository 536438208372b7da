import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

@Suite struct EnvironmentTests {
    func makeCollection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("environments"), withIntermediateDirectories: true)
        _ = try directory.write(
            "environments/staging.yaml",
            Data(
                """
                baseURL: https://staging.test
                user: ann
                password:
                  value: "p@ss word"
                  secret: true
                """.utf8))
        _ = try directory.write("environments/staging.env", Data("# local overrides\nexport TOKEN=\"abc\\\"def\"\nuser='bob'\n\n".utf8))
        _ = try directory.write("environments/broken.yaml", Data("user:\n  value: x\n  secert: true\n".utf8))
        return directory
    }

    @Test func yamlAndDotEnvAreMergedAndSecretsMarked() throws {
        let directory = try makeCollection()
        let environment = try Environment.load(named: "staging", in: directory.path)
        let values = Dictionary(environment.variables.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        #expect(values["baseURL"] == Variable(name: "baseURL", value: "https://staging.test"))
        #expect(values["password"] == Variable(name: "password", value: "p@ss word", isSecret: true))
        #expect(values["TOKEN"] == Variable(name: "TOKEN", value: "abc\"def", isSecret: true))
        let resolver = VariableResolver(environment.variables)
        #expect(try resolver.render("{{user}}", place: "url") == "bob")
        #expect(Environment.names(in: directory.path) == ["broken", "staging"])
    }

    @Test func unknownKeysAndMissingEnvironmentsAreReported() throws {
        let directory = try makeCollection()
        let problem = try #require(throws: ConfigProblem.self) { try Environment.load(named: "broken", in: directory.path) }
        #expect(problem.line == 3 && problem.column == 3 && problem.key == "user.secert")
        let missing = try #require(throws: ConfigProblem.self) { try Environment.load(named: "prod", in: directory.path) }
        #expect(missing.message == "no environment `prod` (available: broken, staging)")
    }

    @Test func aDotEnvLineWithoutEqualsIsLocated() throws {
        let problem = try #require(throws: ConfigProblem.self) { try DotEnv(text: "A=1\nB\n", path: ".env") }
        #expect(problem.description == ".env:2:1: expected NAME=value")
    }

    @Test func secretsAreRedactedInTheBuiltRequestButSentInFull() throws {
        let directory = try makeCollection()
        var document = RequestDescription(url: "{{baseURL}}/login")
        document.params = .object([("pw", .string("{{password}}"))])
        document.auth = .basic(username: "{{user}}", password: "{{password}}")
        let resolver = VariableResolver(try Environment.load(named: "staging", in: directory.path).variables)
        let resolved = try document.resolved(with: resolver, directory: directory.path)
        #expect(resolved.request.url.absoluteString == "https://staging.test/login?pw=p%40ss%20word")
        let authorization = try #require(resolved.request.authenticated().headers["Authorization"])
        #expect(authorization == "Basic " + Data("bob:p@ss word".utf8).base64EncodedString())
        #expect(resolved.redaction.redact(resolved.request.url.absoluteString) == "https://staging.test/login?pw={{password}}")
        #expect(resolved.redaction.redact(authorization) == "Basic {{secret}}")
    }

    @Test func unresolvedVariablesNameTheirPlace() throws {
        let cases: [(RequestDescription, String, String)] = {
            var header = RequestDescription(url: "http://x.test/")
            header.headers = [.init(name: "Authorization", value: "Bearer {{token}}")]
            var param = RequestDescription(url: "http://x.test/")
            param.params = .object([("user", .object([("name", .string("{{who}}"))]))])
            var body = RequestDescription(method: .post, url: "http://x.test/")
            body.body = .json(.object([("a", .array([.string("{{missing}}")]))]))
            var disabled = RequestDescription(url: "http://x.test/{{path}}")
            disabled.headers = [.init(name: "X-Off", value: "{{never}}", enabled: false)]
            return [
                (header, "token", "header Authorization"), (param, "who", "param user.name"),
                (body, "missing", "body a[0]"), (disabled, "path", "url"),
            ]
        }()
        for (document, name, place) in cases {
            let error = try #require(throws: FerryError.self) { try document.resolved(with: VariableResolver(), directory: "/") }
            guard case .invalidRequest(.unresolvedVariable(let foundName, let foundPlace)) = error else {
                Issue.record("unexpected \(error)")
                continue
            }
            #expect(foundName == name)
            #expect(foundPlace == place)
        }
    }

    @Test func relativeFilesComeFromTheCollection() throws {
        let directory = try makeCollection()
        _ = try directory.write("payload.txt", Data("hello".utf8))
        var document = RequestDescription(method: .put, url: "http://x.test/")
        document.body = .multipart([.init(name: "f", value: .file(path: "payload.txt"))])
        document.options.tls.caFile = "certs/ca.pem"
        let request = try document.resolved(with: VariableResolver(), directory: directory.path).request
        #expect(request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(request.options.tls.caFile == directory.file("certs/ca.pem"))
        document.body = .multipart([.init(name: "f", value: .file(path: "missing.txt"))])
        #expect(throws: FerryError.self) { try document.resolved(with: VariableResolver(), directory: directory.path) }
    }

    @Test func anEnvironmentsOptionsHoldItsProxyAndCertificate() throws {
        let directory = try makeCollection()
        _ = try directory.write(
            "environments/corp.yaml",
            Data(
                """
                proxyLogin: {value: "ann:pr0xy", secret: true}
                $options:
                  proxy: http://proxy.corp.test:3128
                  noProxy: localhost
                  proxyUser: "{{proxyLogin}}"
                  clientCert: certs/client.pem
                  certType: PEM
                """.utf8))
        let environment = try Environment.load(named: "corp", in: directory.path)
        #expect(environment.variables.map(\.name) == ["proxyLogin"])
        #expect(environment.connection.proxy == "http://proxy.corp.test:3128")
        #expect(environment.connection.noProxy == "localhost")
        #expect(environment.connection.proxyUser == "{{proxyLogin}}")
        #expect(environment.connection.clientCertificate == "certs/client.pem")
        #expect(try environment.yaml().contains("$options:\n  proxy: http://proxy.corp.test:3128\n"))

        _ = try directory.write("environments/typo.yaml", Data("$options:\n  proxi: http://p.test\n".utf8))
        let problem = try #require(throws: ConfigProblem.self) { try Environment.load(named: "typo", in: directory.path) }
        #expect(problem.line == 2 && problem.key == "$options.proxi")
        #expect(problem.message.contains("expected proxy, noProxy, proxyUser, unixSocket, clientCert, clientKey, certType, keyPassphrase"))
    }
}
