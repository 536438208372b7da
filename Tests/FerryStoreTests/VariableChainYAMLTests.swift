import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// Chained variables as files hold them (an environment, a request file's `vars:`), written back
/// unchanged, malformed ones located; and the cache that keeps their values for a ttl.
@Suite struct VariableChainYAMLTests {
    private let login = Capture(name: "token", source: .body(path: "$.json.token"), secret: true)

    @Test func anEnvironmentHoldsValuesAndChainsAndWritesThemBack() throws {
        let directory = try TemporaryDirectory()
        let text = """
            baseURL: https://api.test
            token:
              from: auth/login.ferry.yaml
              path: $.json.token
              ttl: 15m
              secret: true
            next:
              from: auth/login.ferry.yaml
              path: header Location
            id:
              from: auth/login.ferry.yaml
              regex: "id=(\\\\d+)"
              ttl: 90s

            """
        try FileManager.default.createDirectory(atPath: directory.file("environments"), withIntermediateDirectories: true)
        _ = try directory.write("environments/test.yaml", Data(text.utf8))
        let environment = try Environment.load(named: "test", in: directory.path)
        #expect(environment.variables == [Variable(name: "baseURL", value: "https://api.test")])
        #expect(
            environment.chains == [
                VariableChain(capture: login, request: "auth/login.ferry.yaml", ttl: 900),
                VariableChain(capture: Capture(name: "next", source: .header("Location")), request: "auth/login.ferry.yaml"),
                VariableChain(capture: Capture(name: "id", source: .regex("id=(\\d+)")), request: "auth/login.ferry.yaml", ttl: 90),
            ])
        #expect(try environment.yaml() == text.replacingOccurrences(of: "regex: \"id=(\\\\d+)\"", with: "regex: id=(\\d+)"))
    }

    @Test func aRequestFileKeepsItsOwnVariablesAsDefaults() throws {
        let text = """
            url: "{{baseURL}}/items/{{id}}"
            vars:
              id: '42'
              page: { value: "2", secret: true }
              token: { from: login.ferry.yaml, path: $.token, ttl: 1h }

            """
        let description = try RequestDescription(yaml: text, path: "items.ferry.yaml")
        #expect(description.variables == [Variable(name: "id", value: "42"), Variable(name: "page", value: "2", isSecret: true)])
        #expect(
            description.chains == [
                VariableChain(capture: Capture(name: "token", source: .body(path: "$.token")), request: "login.ferry.yaml", ttl: 3600)
            ])
        // The environment and --var win; the file's own value fills what they leave unset.
        let fromFile = try description.resolved(
            with: VariableResolver([Variable(name: "baseURL", value: "https://api.test")]), directory: "/")
        #expect(fromFile.request.url.absoluteString == "https://api.test/items/42")
        let overridden = try description.resolved(
            with: VariableResolver([Variable(name: "baseURL", value: "https://api.test"), Variable(name: "id", value: "7")]), directory: "/"
        )
        #expect(overridden.request.url.absoluteString == "https://api.test/items/7")
        let again = try RequestDescription(yaml: try description.yaml(), path: "items.ferry.yaml")
        #expect(again == description)
    }

    @Test(arguments: [
        (
            "t:\n  from: login.ferry.yaml\n", 2, 3,
            "t: needs `path:` (a body path, header NAME or status) or `regex:` to take from the response"
        ),
        ("t:\n  from: login.yaml\n  path: $.a\n", 2, 9, "t.from: expected a request file (….ferry.yaml) in the collection"),
        ("t:\n  from: a.ferry.yaml\n  path: $.a\n  ttl: 5 minutes\n", 4, 8, "t.ttl: expected a time such as 90s, 15m, 2h or 1d"),
        ("t:\n  value: x\n  from: a.ferry.yaml\n", 2, 3, "t: has a `value:`, so it cannot also be taken `from:` a request"),
        ("t:\n  secret: true\n", 2, 3, "t: needs a `value:`, or `from:` a request file with the `path:` to take"),
        (
            "t:\n  from: a.ferry.yaml\n  path: nowhere\n", 3, 9,
            "t.path: expected a body path ($.token, /root/id), `header NAME`, `status` or a query with its filters: expected status, "
                + "header NAME, a path ($.a, /a), xpath, body, bytes, sha256, md5, url, redirects, cookie, variable, regex, duration, size, "
                + "body equals example NAME or capture, not `nowhere`"
        ),
    ])
    func aMalformedChainIsLocated(text: String, line: Int, column: Int, message: String) throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("environments"), withIntermediateDirectories: true)
        _ = try directory.write("environments/bad.yaml", Data(text.utf8))
        let problem = try #require(throws: ConfigProblem.self) { try Environment.load(named: "bad", in: directory.path) }
        #expect(problem.line == line && problem.column == column, "\(problem)")
        #expect("\(problem.key ?? ""): \(problem.message)" == message, "\(problem)")
    }

    @Test func theCacheKeepsAValueForItsTTLAndNoLonger() throws {
        let directory = try TemporaryDirectory()
        let cache = ChainValueCache(path: directory.file("chains/c/test.json"))
        let chain = VariableChain(capture: login, request: "auth/login.ferry.yaml", ttl: 60)
        let taken = Date(timeIntervalSince1970: 1_800_000_000)
        try cache.store("abc", of: chain, at: taken)
        #expect(cache.value(of: chain, now: taken.addingTimeInterval(59)) == "abc")
        #expect(cache.value(of: chain, now: taken.addingTimeInterval(60)) == nil, "past its ttl")
        #expect(cache.value(of: chain, now: taken.addingTimeInterval(-5)) == nil, "a clock set back does not make it fresh")
        var edited = chain
        edited.capture.source = .body(path: "$.json.other")
        #expect(cache.value(of: edited, now: taken) == nil, "an edited chain forgets the value")
        let sessionOnly = VariableChain(capture: Capture(name: "s", source: .status), request: "a.ferry.yaml")
        try cache.store("200", of: sessionOnly, at: taken)
        #expect(cache.value(of: sessionOnly, now: taken) == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: directory.file("chains/c"))[.posixPermissions] as? Int == 0o700)
        #expect(!(try String(contentsOfFile: cache.path, encoding: .utf8)).contains("200"), "a chain without a ttl is never written")
    }
}
