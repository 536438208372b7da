import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Cookie jars of a request's own and digest authentication, through libcurl to real servers:
/// the demo server's cookie routes and httpbin's digest endpoints (a third-party implementation).
@Suite struct SessionTransportTests {
    private func cookies(in response: Response) throws -> [String: String] {
        let document = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: [String: String]]
        return try #require(document?["cookies"])
    }

    @Test func aRequestsJarIsSentAndComesBackWithWhatTheServerSetOnEachHop() async throws {
        try await withDemoServer { server throws in
            let transport = CurlTransport()
            var request = Request(url: try Request.parseURL("\(server.baseURL)/cookies/set?flavour=oat"))
            request.cookies = RequestCookies(jar: CookieJar(cookies: [Cookie(domain: "127.0.0.1", name: "size", value: "big")]))
            let response = try await transport.send(request, receivingInto: .default, progress: nil)
            #expect(try cookies(in: response) == ["flavour": "oat", "size": "big"])
            #expect(response.redirects.map(\.setCookies) == [["flavour=oat; Path=/"]], "the hop that set the cookie shows it")
            let jar = try #require(response.cookieJar)
            #expect(Set(jar.cookies.map { "\($0.name)=\($0.value)" }) == ["flavour=oat", "size=big"])

            var deleting = Request(url: try Request.parseURL("\(server.baseURL)/cookies/delete?size"))
            deleting.cookies = RequestCookies(jar: jar)
            let deleted = try await transport.send(deleting, receivingInto: .default, progress: nil)
            #expect(try cookies(in: deleted) == ["flavour": "oat"])
            #expect(deleted.cookieJar?.cookies.map(\.name) == ["flavour"], "a cookie the server expired leaves the jar")

            let session = try await transport.send(
                Request(url: try Request.parseURL("\(server.baseURL)/cookies")), receivingInto: .default, progress: nil)
            #expect(try cookies(in: session).isEmpty, "a request's own jar does not leak into the transport's session jar")
            #expect(session.cookieJar == nil)
        }
    }

    @Test func withoutACookieEngineOnlyTheGivenHeaderIsSentAndNothingIsKept() async throws {
        try await withDemoServer { server throws in
            var request = Request(url: try Request.parseURL("\(server.baseURL)/cookies/set?kept=no"))
            request.cookies = RequestCookies(jar: nil, header: "given=yes")
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            #expect(try cookies(in: response) == ["given": "yes"])
            #expect(response.cookieJar == nil)
        }
    }

    /// A request file's `cookies:` go through libcurl's cookie option, which curl keeps on a redirect to
    /// another host (Hurl's `[Cookies]`); a `Cookie` header, like any custom header, is dropped there.
    @Test func aRequestsOwnCookiesGoOnToAnotherHostAfterARedirectAndACookieHeaderDoesNot() async throws {
        try await withDemoServer { server throws in
            let port = try #require(URL(string: server.baseURL)?.port)
            let target = "http://localhost:\(port)/cookies".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let url = try Request.parseURL("\(server.baseURL)/redirect-to?url=\(target)")
            #expect(url.host == "127.0.0.1")
            var own = Request(url: url)
            own.ownCookies = "fruit=lemon; size=big"
            let carried = try await CurlTransport().send(own, receivingInto: .default, progress: nil)
            #expect(URL(string: carried.effectiveURL)?.host == "localhost", "the redirect led to another host")
            #expect(try cookies(in: carried) == ["fruit": "lemon", "size": "big"])
            #expect(carried.cookieJar == nil, "the request's own cookies are never kept")

            var header = Request(url: url, headers: ["Cookie": "fruit=lemon"])
            header.cookies = RequestCookies(jar: nil)
            let dropped = try await CurlTransport().send(header, receivingInto: .default, progress: nil)
            #expect(URL(string: dropped.effectiveURL)?.host == "localhost")
            #expect(try cookies(in: dropped).isEmpty, "curl sends a custom Cookie header to the first host only")
        }
    }

    @Test func aRequestsOwnCookiesAreSentWithTheJarsAndWithTheSessionJar() async throws {
        try await withDemoServer { server throws in
            var request = Request(url: try Request.parseURL("\(server.baseURL)/cookies"))
            request.cookies = RequestCookies(jar: CookieJar(cookies: [Cookie(domain: "127.0.0.1", name: "size", value: "big")]))
            request.ownCookies = "fruit=lemon"
            let transport = CurlTransport()
            #expect(
                try cookies(in: try await transport.send(request, receivingInto: .default, progress: nil)) == [
                    "fruit": "lemon", "size": "big",
                ])
            request.cookies = nil
            #expect(try cookies(in: try await transport.send(request, receivingInto: .default, progress: nil)) == ["fruit": "lemon"])
        }
    }

    @Test(arguments: ["MD5", "SHA-256"])
    func digestAnswersHTTPBinsChallenge(algorithm: String) async throws {
        try await withHTTPBin { httpbin throws in
            let url = try Request.parseURL("\(httpbin.baseURL)/digest-auth/auth/ann/s3cret/\(algorithm)")
            let request = Request(url: url, authentication: .digest(username: "ann", password: "s3cret"))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            let body = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: Any]
            #expect(body?["authenticated"] as? Bool == true)
            #expect(response.redirects.map(\.status) == [401], "the challenge is a hop of its own")
            let authorization = try #require(response.sent?.headers["Authorization"])
            #expect(authorization.hasPrefix("Digest username=\"ann\""))
            #expect(
                authorization.contains("algorithm=\(algorithm)") || (algorithm == "MD5" && !authorization.contains("algorithm=SHA")),
                "\(authorization)")
            #expect(
                !authorization.replacingOccurrences(of: url.path, with: "").contains("s3cret"),
                "the password goes on the wire only as a hash")
        }
    }

    @Test func aWrongDigestPasswordEndsInA401AfterTheChallenge() async throws {
        try await withHTTPBin { httpbin throws in
            let url = try Request.parseURL("\(httpbin.baseURL)/digest-auth/auth/ann/s3cret/SHA-256")
            let response = try await CurlTransport().send(
                Request(url: url, authentication: .digest(username: "ann", password: "wrong")),
                receivingInto: .default, progress: nil)
            #expect(response.status == 401)
            #expect(response.redirects.map(\.status) == [401])
            #expect(
                response.redirects.first?.summary
                    == "401 \(url.absoluteString) (challenge answered); sets stale_after=never, fake=fake_value")
            #expect(response.timeline.hops.count == 2, "one hop per request written")
        }
    }

    @Test func aUnixSocketCarriesTheExchange() async throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("demo.sock")
        let server = try await DemoServer.start(unixSocket: socket)
        do {
            var request = Request(url: try Request.parseURL("http://localhost/get?via=socket"))
            request.options.unixSocket = socket
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            let echo = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: Any]
            #expect((echo?["args"] as? [String: String]) == ["via": "socket"])
            #expect((echo?["headers"] as? [String: String])?["Host"] == "localhost")

            request.options.unixSocket = directory.file("none.sock")
            await #expect(throws: FerryError.self, "a socket nobody listens on fails the exchange") {
                try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
