import FerryCore
import Foundation
import Testing

/// The schemes beyond basic and bearer: what `authenticated()` adds.
@Suite struct SchemeCredentialsTests {
    @Test func anAPIKeyGoesInItsHeaderOrTheQueryWhenSent() throws {
        let url = URL(string: "http://127.0.0.1/get?page=2")!
        let header = Request(url: url, authentication: .apiKey(APIKey(name: "X-API-Key", value: "k1"))).authenticated()
        #expect(header.headers["X-API-Key"] == "k1")
        #expect(header.url == url)
        let query = Request(url: url, authentication: .apiKey(APIKey(name: "api key", value: "a&b", placement: .query))).authenticated()
        #expect(query.url.absoluteString == "http://127.0.0.1/get?page=2&api%20key=a%26b")
        #expect(query.headers.isEmpty)
        let own = Request(url: url, headers: ["X-API-Key": "mine"], authentication: .apiKey(APIKey(name: "x-api-key", value: "k1")))
            .authenticated()
        #expect(own.headers.values(for: "X-API-Key") == ["mine"], "a request that sets the header keeps it")
    }

    @Test func digestAndSignaturesAreLeftToTheTransportButASessionTokenIsAHeader() {
        let url = URL(string: "http://127.0.0.1/")!
        #expect(Request(url: url, authentication: .digest(username: "a", password: "b")).authenticated().headers.isEmpty)
        let signed = Request(
            url: url, authentication: .awsSigV4(AWSSignature(region: "r", service: "s", accessKey: "k", secretKey: "s", sessionToken: "t")))
        #expect(signed.authenticated().headers["X-Amz-Security-Token"] == "t")
        #expect(signed.authenticated().headers["Authorization"] == nil)
    }

    @Test func secretsInAnAPIKeyAreRedactedAsThemselves() throws {
        let resolver = VariableResolver([Variable(name: "key", value: "k-9/+", isSecret: true)])
        var redaction = resolver.redaction
        var request = Request(url: URL(string: "http://127.0.0.1/")!)
        try Authentication.apiKey(APIKey(name: "key", value: "{{key}}", placement: .query)).apply(
            to: &request, redaction: &redaction, resolver: resolver)
        let sent = request.authenticated().url.absoluteString
        #expect(sent.contains("k-9"))
        #expect(!redaction.redact(sent).contains("k-9"), "the percent-encoded key is redacted: \(redaction.redact(sent))")
    }
}
