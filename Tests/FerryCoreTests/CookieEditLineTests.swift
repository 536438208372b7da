import FerryCore
import Foundation
import Testing

/// `Cookie.editLine` (the TUI's one-line form) and `Cookie.matches` (which cookies of a file curl
/// sends to a URL, for the curl importer's `-b FILE`).
@Suite struct CookieEditLineTests {
    @Test func anEditLineReadsBackToTheSameCookie() throws {
        let cookies = [
            Cookie(domain: "example.com", name: "a", value: "1"),
            Cookie(
                domain: "example.com", includesSubdomains: true, path: "/api", secure: true, httpOnly: true,
                expires: Date(timeIntervalSince1970: 4_102_444_800), name: "token", value: "x=y"),
        ]
        for cookie in cookies { #expect(try Cookie(editLine: cookie.editLine) == cookie, "\(cookie.editLine)") }
        #expect(cookies[1].editLine == "token=x=y; Domain=.example.com; Path=/api; Expires=2100-01-01T00:00:00Z; Secure; HttpOnly")
        #expect(
            try Cookie(editLine: "a=1; domain=h.test; expires=4102444800; secure").expires == Date(timeIntervalSince1970: 4_102_444_800))
    }

    @Test func aBadLineNamesWhatIsWrong() {
        func message(_ line: String) -> String? {
            do { _ = try Cookie(editLine: line); return nil } catch { return error.message }
        }
        #expect(message("novalue") == "expected `name=value; Domain=HOST; Path=/` first")
        #expect(message("a=1; Path=/") == "Domain=HOST is missing")
        #expect(message("a=1; Domain=h; Expires=soon")?.hasPrefix("Expires=soon: expected a date") == true)
        #expect(message("a=1; Domain=h; SameSite=Lax")?.hasPrefix("`SameSite=Lax`: expected Domain=HOST") == true)
        #expect(message("a=1; Domain=h; Path=relative")?.hasPrefix("`Path=relative`") == true)
        #expect(message("a=b\tc; Domain=h") == "a cookie cannot hold a tab or a line break")
    }

    @Test func aCookieMatchesAsCurlSendsIt() throws {
        let url = try #require(URL(string: "https://api.example.com/v1/users"))
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        #expect(Cookie(domain: "api.example.com", name: "a", value: "1").matches(url, now: now))
        #expect(Cookie(domain: "example.com", includesSubdomains: true, name: "a", value: "1").matches(url, now: now))
        #expect(
            !Cookie(domain: "example.com", name: "a", value: "1").matches(url, now: now), "the parent domain without a Domain attribute")
        #expect(Cookie(domain: "api.example.com", path: "/v1", name: "a", value: "1").matches(url, now: now))
        #expect(!Cookie(domain: "api.example.com", path: "/v", name: "a", value: "1").matches(url, now: now), "a path matches at a /")
        #expect(
            !Cookie(domain: "api.example.com", secure: true, name: "a", value: "1").matches(
                try #require(URL(string: "http://api.example.com/")), now: now))
        #expect(
            !Cookie(domain: "api.example.com", expires: Date(timeIntervalSince1970: 1_000), name: "a", value: "1").matches(url, now: now))
    }

    /// The Cookie field a WebSocket handshake goes out with: the jar's matching cookies, then `-b`'s.
    @Test func theCookieFieldHoldsTheMatchingCookiesThenTheGivenHeader() throws {
        let url = try #require(URL(string: "wss://api.example.com/live"))
        let jar = CookieJar(cookies: [
            Cookie(domain: "api.example.com", name: "a", value: "1"), Cookie(domain: "other.example.com", name: "b", value: "2"),
            Cookie(domain: "api.example.com", path: "/v1", name: "c", value: "3"),
        ])
        #expect(RequestCookies(jar: jar, header: "d=4").field(for: url) == "a=1; d=4")
        #expect(RequestCookies(jar: CookieJar(), header: nil).field(for: url) == nil)
    }
}
