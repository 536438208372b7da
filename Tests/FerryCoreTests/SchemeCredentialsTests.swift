import FerryCore
import Foundation
import Testing

/// The schemes beyond basic and bearer: their one-line forms and what `authenticated()` adds.
@Suite struct SchemeCredentialsTests {
    @Test func theOneLineFormsOfDigestAPIKeysAndSignaturesReadAndWrite() throws {
        let forms: [(String, Credentials)] = [
            ("digest ann:pa:ss", .digest(username: "ann", password: "pa:ss")),
            ("apikey header X-API-Key {{key}}", .apiKey(APIKey(name: "X-API-Key", value: "{{key}}", placement: .header))),
            ("apikey query api_key k 1", .apiKey(APIKey(name: "api_key", value: "k 1", placement: .query))),
            ("aws-sigv4 aws:amz:eu-west-1:s3 AKID:SECRET", .awsSigV4(AWSSignature(region: "eu-west-1", service: "s3", accessKey: "AKID", secretKey: "SECRET"))),
            ("aws-sigv4 aws:amz:us-east-1:sts AKID:SECRET:TOKEN", .awsSigV4(AWSSignature(region: "us-east-1", service: "sts", accessKey: "AKID", secretKey: "SECRET", sessionToken: "TOKEN"))),
        ]
        for (line, credentials) in forms {
            #expect(try Credentials(line: line) == credentials, "\(line)")
            #expect(try Credentials(line: credentials.line) == credentials, "\(line) written back")
        }
        for bad in ["digest ann", "apikey cookie a b", "apikey header onlyname", "aws-sigv4 aws:amz:eu-west-1 K:S", "aws-sigv4 aws:amz:r:s KEYONLY"] {
            #expect(throws: FerryError.self, "\(bad)") { try Credentials(line: bad) }
        }
    }

    @Test func anAPIKeyGoesInItsHeaderOrTheQueryWhenSent() throws {
        let url = URL(string: "http://127.0.0.1/get?page=2")!
        let header = Request(url: url, authentication: .apiKey(APIKey(name: "X-API-Key", value: "k1"))).authenticated()
        #expect(header.headers["X-API-Key"] == "k1")
        #expect(header.url == url)
        let query = Request(url: url, authentication: .apiKey(APIKey(name: "api key", value: "a&b", placement: .query))).authenticated()
        #expect(query.url.absoluteString == "http://127.0.0.1/get?page=2&api%20key=a%26b")
        #expect(query.headers.isEmpty)
        let own = Request(url: url, headers: ["X-API-Key": "mine"], authentication: .apiKey(APIKey(name: "x-api-key", value: "k1"))).authenticated()
        #expect(own.headers.values(for: "X-API-Key") == ["mine"], "a request that sets the header keeps it")
    }

    @Test func digestAndSignaturesAreLeftToTheTransportButASessionTokenIsAHeader() {
        let url = URL(string: "http://127.0.0.1/")!
        #expect(Request(url: url, authentication: .digest(username: "a", password: "b")).authenticated().headers.isEmpty)
        let signed = Request(url: url, authentication: .awsSigV4(AWSSignature(region: "r", service: "s", accessKey: "k", secretKey: "s", sessionToken: "t")))
        #expect(signed.authenticated().headers["X-Amz-Security-Token"] == "t")
        #expect(signed.authenticated().headers["Authorization"] == nil)
    }

    @Test func secretsInAnAPIKeyAreRedactedAsThemselves() throws {
        let resolver = VariableResolver([Variable(name: "key", value: "k-9/+", isSecret: true)])
        var redaction = resolver.redaction
        var request = Request(url: URL(string: "http://127.0.0.1/")!)
        try Credentials.apiKey(APIKey(name: "key", value: "{{key}}", placement: .query)).apply(to: &request, redaction: &redaction, resolver: resolver)
        let sent = request.authenticated().url.absoluteString
        #expect(sent.contains("k-9"))
        #expect(!redaction.redact(sent).contains("k-9"), "the percent-encoded key is redacted: \(redaction.redact(sent))")
    }
}
