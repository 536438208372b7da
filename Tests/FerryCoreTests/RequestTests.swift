import FerryCore
import Foundation
import Testing

@Suite struct RequestTests {
    @Test(arguments: [
        "", "   ", "not a url", "ftp://example.com/file", "http://", "mailto:someone@example.com", "http://h:99999/", "http://h:0/",
    ])
    func rejectsUnusableURLs(_ text: String) {
        #expect(throws: FerryError.self) { try Request.parseURL(text) }
    }

    @Test func acceptsHTTPAndHTTPS() throws {
        #expect(try Request.parseURL("https://example.com/a?b=1").host == "example.com")
        #expect(try Request.parseURL(" http://127.0.0.1:8080/ ").port == 8080)
    }

    /// As curl: `localhost:8080/get` is http; as HTTPie, `:8080/get` is localhost's.
    @Test func aURLWithoutASchemeIsHTTP() throws {
        let url = try Request.parseURL("localhost:8080/get?a=1")
        #expect(url.absoluteString == "http://localhost:8080/get?a=1")
        #expect(try Request.parseURL("example.com").absoluteString == "http://example.com")
        #expect(try Request.parseURL("127.0.0.1:8080").absoluteString == "http://127.0.0.1:8080")
        #expect(try Request.parseURL("localhost/get").absoluteString == "http://localhost/get")
        #expect(try Request.parseURL(":8080/get").absoluteString == "http://localhost:8080/get", "HTTPie's shorthand")
        do {
            _ = try Request.parseURL("v1/items")
            Issue.record("a relative URL was taken")
        } catch {
            #expect(ErrorChain(error).links[0].message.contains("it is relative"))
        }
    }

    @Test func explainsWhyAURLIsRejected() {
        do {
            _ = try Request.parseURL("ftp://example.com")
            Issue.record("expected an error")
        } catch let error as FerryError {
            let link = ErrorChain(error).links[0]
            #expect(link.stage == "request")
            #expect(link.reason == "unsupportedScheme")
            #expect(link.details.contains(.init("scheme", "ftp")))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func refusesHeaderInjectionAndBadTokens() throws {
        let url = try Request.parseURL("http://localhost/")
        #expect(throws: FerryError.self) { try Request(url: url, headers: ["X-A": "1\r\nX-Injected: 2"]).validate() }
        #expect(throws: FerryError.self) { try Request(url: url, headers: ["Bad Name": "1"]).validate() }
        #expect(throws: FerryError.self) { try Request(method: HTTPMethod("GE T"), url: url).validate() }
        try Request(method: HTTPMethod("PROPFIND"), url: url, headers: ["X-Ok": "naïve"]).validate()
    }

    @Test func methodsAreUppercased() {
        #expect(HTTPMethod("patch") == .patch)
    }
}

@Suite struct RateParsingTests {
    @Test func curlStyleRatesUsePowersOf1024() {
        #expect(RequestOptions.parseRate("500") == 500)
        #expect(RequestOptions.parseRate("100k") == 102_400)
        #expect(RequestOptions.parseRate("1.5M") == 1_572_864)
        #expect(RequestOptions.parseRate("2G") == 2_147_483_648)
        #expect(RequestOptions.parseRate("0") == nil)
        #expect(RequestOptions.parseRate("-3K") == nil)
        #expect(RequestOptions.parseRate("fast") == nil)
    }
}

/// `-F` arguments as curl reads them: trailing `;type=` and `;filename=` are options of a text field
/// too; other semicolons are part of its value.
@Suite struct FormPartArgumentTests {
    @Test func aTextFieldTakesTrailingOptionsOnly() throws {
        let typed = try FormPartArgument(parsing: #"meta={"a":1};type=application/json"#)
        #expect(typed.value == .text(#"{"a":1}"#) && typed.type == "application/json" && typed.fileName == nil)
        let both = try FormPartArgument(parsing: "csv=a;b;filename=data.csv;type=text/csv")
        #expect(both.value == .text("a;b") && both.type == "text/csv" && both.fileName == "data.csv")
        let plain = try FormPartArgument(parsing: "q=one;two")
        #expect(plain.value == .text("one;two") && plain.type == nil)
        #expect(throws: FerryError.self) { try FormPartArgument(parsing: "x=y;type=") }
    }
}
