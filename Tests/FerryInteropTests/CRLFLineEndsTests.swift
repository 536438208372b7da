import FerryCore
import FerryInterop
import Testing

/// A file saved with Windows line ends (`\r\n`, as vscode-restclient's own tests.http is) imports as
/// the same file with `\n` does: Swift counts `\r\n` as one Character, so splitting at "\n" once
/// left such a file as one line and imported one request instead of eleven.
@Suite struct CRLFLineEndsTests {
    static let http = """
        @host = https://example.com
        ###
        // the first
        GET {{host}}/one?api-version=1
        Authorization: Bearer t
        ###
        POST {{host}}/two
        Content-Type: application/json

        {"a": 1}
        """

    static let hurl = """
        GET https://example.com/one
        HTTP 200
        [Asserts]
        jsonpath "$.a" == 1

        POST https://example.com/two
        {"a": 1}
        HTTP 201
        """

    private func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    @Test func anHTTPFileImportsAlike() throws {
        let unix = try HTTPFileImporter().importCollection(Self.http, source: "a.http", directory: "/")
        let windows = try HTTPFileImporter().importCollection(crlf(Self.http), source: "a.http", directory: "/")
        #expect(unix.requests.count == 2)
        #expect(windows.requests.map(\.description) == unix.requests.map(\.description))
    }

    @Test func aHurlFileImportsAlike() throws {
        let unix = try HurlImporter().importCollection(Self.hurl, source: "a.hurl", directory: "/")
        let windows = try HurlImporter().importCollection(crlf(Self.hurl), source: "a.hurl", directory: "/")
        #expect(unix.requests.count == 2)
        #expect(windows.requests.map(\.description) == unix.requests.map(\.description))
    }

    @Test func linesSplitAtBothEnds() {
        #expect("a\r\nb\nc\r\n".splitLines() == ["a", "b", "c", ""])
        #expect("".splitLines() == [""])
    }
}
