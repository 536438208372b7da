import FerryCore
import FerrySession
import FerryStore
import FerryTestSupport
import Foundation
import Synchronization
import Testing

/// The exchange pipeline over a transport in memory: the cookie jar read and written around every
/// exchange, OAuth 2.0 tokens fetched, applied, renewed on a 401 and retried once.
@Suite struct ExchangePipelineTests {
    private static func request(_ url: String, auth: Authentication? = nil) throws -> Request {
        var request = Request(method: .get, url: try Request.parseURL(url))
        request.authentication = auth
        return request
    }

    @Test func theJarAnExchangeBringsBackIsWrittenAndSentByTheNextPipeline() async throws {
        let directory = try TemporaryDirectory()
        let locations = StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        let transport = MemoryTransport { request in
            request.url.path == "/login"
                ? MemoryTransport.Reply(setCookies: [Cookie(domain: "api.test", name: "session", value: "abc")])
                : MemoryTransport.Reply()
        }
        var redaction = Redaction()
        let first = ExchangePipelines(transport: transport, locations: locations).pipeline(collection: "/c", environment: "e")
        _ = try await first.send(try Self.request("http://api.test/login"), redaction: &redaction)
        // A new process: the jar comes from the file.
        let second = ExchangePipelines(transport: transport, locations: locations).pipeline(collection: "/c", environment: "e")
        _ = try await second.send(try Self.request("http://api.test/me"), redaction: &redaction)
        #expect(transport.requests[1].cookies?.jar?.cookies.map(\.value) == ["abc"])
        // Another environment has a jar of its own; without cookies, no jar at all.
        let other = ExchangePipelines(transport: transport, locations: locations).pipeline(collection: "/c", environment: "f")
        _ = try await other.send(try Self.request("http://api.test/me"), redaction: &redaction)
        #expect(transport.requests[2].cookies?.jar?.cookies.isEmpty == true)
        let none = ExchangePipelines(transport: transport, locations: locations, keepsCookies: false).pipeline(
            collection: "/c", environment: "e")
        _ = try await none.send(try Self.request("http://api.test/me"), redaction: &redaction)
        #expect(transport.requests[3].cookies == nil)
    }

    /// A WebSocket opens with the jar's cookies and the OAuth 2.0 token, as any exchange is sent.
    @Test func aWebSocketOpensWithTheJarAndTheToken() async throws {
        let directory = try TemporaryDirectory()
        let locations = StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        let transport = MemoryTransport { request in
            request.url.path == "/token"
                ? .json(#"{"access_token": "at-1", "token_type": "Bearer"}"#)
                : MemoryTransport.Reply(setCookies: [Cookie(domain: "api.test", name: "session", value: "abc")])
        }
        let pipeline = ExchangePipelines(transport: transport, locations: locations).pipeline(collection: "/c", environment: nil)
        var redaction = Redaction()
        _ = try await pipeline.send(try Self.request("http://api.test/login"), redaction: &redaction)
        let settings = OAuth2Settings(grant: .clientCredentials, tokenURL: "http://api.test/token", clientID: "id", clientSecret: "s")
        await #expect(throws: FerryError.self) {
            _ = try await pipeline.openWebSocket(try Self.request("ws://api.test/live", auth: .oauth2(settings)), redaction: &redaction)
        }
        let opened = try #require(transport.requests.last)
        #expect(opened.url.absoluteString == "ws://api.test/live")
        #expect(opened.cookies?.field(for: opened.url) == "session=abc")
        #expect(opened.authentication == .bearer(token: "at-1"))
        #expect(redaction.redact("at-1") == "{{oauth2 access token}}")
    }

    @Test func aRequestWithItsOwnCookiesLeavesTheJarAlone() async throws {
        let directory = try TemporaryDirectory()
        let transport = MemoryTransport { _ in MemoryTransport.Reply(setCookies: [Cookie(domain: "api.test", name: "a", value: "1")]) }
        let pipeline = ExchangePipelines(
            transport: transport, locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        )
        .pipeline(collection: nil, environment: nil)
        var request = try Self.request("http://api.test/")
        request.cookies = RequestCookies(jar: nil, header: "b=2")
        var redaction = Redaction()
        _ = try await pipeline.send(request, redaction: &redaction)
        #expect(transport.requests[0].cookies == RequestCookies(jar: nil, header: "b=2"))
        #expect(
            !FileManager.default.fileExists(
                atPath: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
                    .cookieJarPath(collection: nil, environment: nil)))
    }

    @Test func anOAuth2RequestGetsATokenAndA401RenewsItOnce() async throws {
        let directory = try TemporaryDirectory()
        let issued = LockedCounter()
        let transport = MemoryTransport { request in
            if request.url.path == "/token" {
                let number = issued.next()
                return .json(#"{"access_token": "token-\#(number)-secret", "token_type": "Bearer", "expires_in": 3600}"#)
            }
            // The first token is refused, as a server that revoked it would.
            return request.authentication == .bearer(token: "token-1-secret")
                ? .json(#"{"error": "invalid_token"}"#, status: 401) : .json("{}")
        }
        let pipeline = ExchangePipelines(
            transport: transport, locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        )
        .pipeline(collection: "/c", environment: nil)
        let settings = OAuth2Settings(grant: .clientCredentials, tokenURL: "http://id.test/token", clientID: "app", clientSecret: "s")
        var redaction = Redaction()
        let response = try await pipeline.send(try Self.request("http://api.test/resource", auth: .oauth2(settings)), redaction: &redaction)
        #expect(response.status == 200)
        #expect(transport.requests.map(\.url.path) == ["/token", "/resource", "/token", "/resource"])
        #expect(transport.requests[3].authentication == .bearer(token: "token-2-secret"))
        let shown = redaction.redact("token-1-secret token-2-secret")
        #expect(!shown.contains("token-1-secret") && !shown.contains("token-2-secret"), "the tokens are secrets: \(shown)")
    }
}

/// A count shared by a transport's answers.
final class LockedCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}
