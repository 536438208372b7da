import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send`'s credential flags, spelled as curl spells them, against httpbin and the demo server.
@Suite struct AuthCommandTests {
    @Test(arguments: ["MD5", "SHA-256"])
    func digestLogsInToHTTPBin(algorithm: String) async throws {
        try await withHTTPBin { httpbin throws in
            let outcome = await FerryBinary.run([
                "send", "\(httpbin.baseURL)/digest-auth/auth/ann/s3cret/\(algorithm)", "--digest", "-u", "ann:s3cret", "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            #expect((document["response"] as? [String: Any])?["status"] as? Int == 200)
            #expect((document["redirects"] as? [[String: Any]])?.map { $0["status"] as? Int } == [401])
        }
    }

    @Test func aWrongDigestPasswordSaysTheServerRefusedIt() async throws {
        try await withHTTPBin { httpbin throws in
            let outcome = await FerryBinary.run([
                "send", "\(httpbin.baseURL)/digest-auth/auth/ann/s3cret/MD5", "--digest", "-u", "ann:nope", "-i",
            ])
            #expect(outcome.status == 0, "a 401 is a response, as curl sees it")
            #expect(outcome.text.hasPrefix("HTTP/1.1 401"))
            #expect(outcome.stderr == "ferry: the server refused the digest credentials: 401 (challenge) → 401 UNAUTHORIZED\n")
        }
    }

    @Test func basicBearerAndAPIKeysGoWhereTheyBelong() async throws {
        try await withDemoServer { server throws in
            let basic = await FerryBinary.run(["send", "\(server.baseURL)/basic-auth/ann/pw", "-u", "ann:pw"])
            #expect(basic.text.contains("\"authenticated\" : true"), "\(basic.text)\(basic.stderr)")
            let refused = await FerryBinary.run(["send", "\(server.baseURL)/basic-auth/ann/pw", "-u", "ann:no"])
            #expect(refused.stderr == "ferry: the server refused the basic credentials: 401 Unauthorized\n")
            let header = await FerryBinary.run(["send", "\(server.baseURL)/headers", "--api-key", "X-API-Key: k-1"])
            #expect(header.text.contains("\"X-API-Key\" : \"k-1\""), "\(header.text)")
            let query = await FerryBinary.run(["send", "\(server.baseURL)/get", "--api-key-query", "api_key=k 1", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: query.stdout) as? [String: Any])
            #expect((document["request"] as? [String: Any])?["requestLine"] as? String == "GET /get?api_key=k%201 HTTP/1.1")
            let both = await FerryBinary.run(["send", "\(server.baseURL)/get", "-u", "a:b", "--oauth2-bearer", "t"])
            #expect(both.status == 1)
            #expect(both.stderr.contains("choose one way to authenticate"))
        }
    }

    @Test func awsSigV4IsSpelledAsCurlSpellsIt() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run([
                "send", "\(server.baseURL)/anything?b=2&a=1", "--aws-sigv4", "aws:amz:eu-west-1:execute-api",
                "-u", "AKID:SECRET:TOKEN", "-d", "x=1", "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let request = try #require(document["request"] as? [String: Any])
            #expect(request["requestLine"] as? String == "POST /anything?a=1&b=2 HTTP/1.1", "the query goes in AWS's canonical order")
            let headers = (request["headers"] as? [[String: String]] ?? []).reduce(into: [String: String]()) {
                $0[$1["name"] ?? ""] = $1["value"]
            }
            #expect(headers["Authorization"]?.hasPrefix("AWS4-HMAC-SHA256 Credential=AKID/") == true, "\(headers)")
            #expect(headers["X-Amz-Security-Token"] == "TOKEN")
            #expect(
                headers["X-Amz-Content-Sha256"] == "1f206b11c23e28cc250ded7fc0098d3823a8467a54340f1ac4e535cb8544493f", "the SHA-256 of x=1")
            #expect(!outcome.text.contains("SECRET"), "the secret key never appears")

            let bad = await FerryBinary.run(["send", "\(server.baseURL)/get", "--aws-sigv4", "aws:amz:eu-west-1", "-u", "AKID:SECRET"])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("expected `aws:amz:REGION:SERVICE` and -u KEY:SECRET[:TOKEN]"))
        }
    }
}
