import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// What the TUI shows of an exchange whose request held secrets: `Redaction.redact(Response)` and `redact(ErrorChain)`.
@Suite struct RedactionExchangeTests {
    private let redaction = Redaction([Redaction.Rule(secret: "s3cret", replacement: "{{password}}")])

    private func response(body: ResponseBody) -> Response {
        Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
            headers: ["Content-Type": "application/json", "X-Echo": "token=s3cret"],
            body: body, effectiveURL: "http://127.0.0.1/basic-auth/ann/s3cret", remoteAddress: nil,
            redirects: [RedirectHop(url: "http://127.0.0.1/r?p=s3cret", status: 302, location: "/basic-auth/ann/s3cret")],
            timeline: Timeline(start: Date()),
            sent: SentRequest(
                rawHead: "GET /basic-auth/ann/s3cret HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nAccept: */*\r\n\r\n", bodyBytes: 0))
    }

    @Test func headersHeadURLsAndAnInMemoryBodyAreRedacted() throws {
        let body = Data(#"{"user": "ann", "password": "s3cret", "again": "s3cret"}"#.utf8)
        let shown = redaction.redact(response(body: ResponseBody(storage: .memory(body), count: Int64(body.count))))
        let everything = [
            shown.headers.map(\.value).joined(), shown.effectiveURL, shown.redirects.map { $0.url + $0.location }.joined(),
            shown.sent!.requestLine, shown.sent!.headers.map(\.value).joined(), String(decoding: try shown.body.data(), as: UTF8.self),
        ]
        for text in everything { #expect(!text.contains("s3cret"), "\(text)") }
        #expect(shown.sent?.requestLine == "GET /basic-auth/ann/{{password}} HTTP/1.1")
        #expect(shown.sent?.headers["Authorization"] == "Bearer {{password}}")
        #expect(
            String(decoding: try shown.body.data(), as: UTF8.self)
                == #"{"user": "ann", "password": "{{password}}", "again": "{{password}}"}"#)
        #expect(shown.body.count == Int64(try shown.body.data().count))
        #expect(Redaction().redact(response(body: .empty)).effectiveURL.contains("s3cret"), "no rules, nothing changes")
    }

    @Test func aSpooledBodyIsLeftAsReceived() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("body.json", Data("s3cret".utf8))
        let shown = redaction.redact(response(body: ResponseBody(storage: .saved(path: path), count: 6)))
        #expect(try shown.body.data() == Data("s3cret".utf8))
        #expect(!shown.effectiveURL.contains("s3cret"))
    }

    @Test func errorChainsAreRedactedLinkByLink() {
        let chain = ErrorChain(links: [
            ErrorLink(
                stage: "transport", reason: "connect", message: "could not connect to /s3cret",
                details: [.init("url", "http://h/s3cret"), .init("port", "9")])
        ])
        let shown = redaction.redact(chain)
        #expect(shown.links[0].message == "could not connect to /{{password}}")
        #expect(shown.links[0].details.map(\.value) == ["http://h/{{password}}", "9"])
    }
}
