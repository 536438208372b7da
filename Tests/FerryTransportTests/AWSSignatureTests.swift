import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// AWS Signature V4 as curl computes it when Ferry sends, checked by a signer from outside the
/// project: botocore (PyPI, scripts/install-deps) signs the same request for the same time, and
/// the two signatures must be equal.
@Suite struct AWSSignatureTests {
    /// botocore's SigV4 signer over a request given as JSON on stdin; prints the signature. The
    /// request holds exactly the headers curl's `SignedHeaders` names, and botocore is told to sign
    /// them all: as a client it leaves `User-Agent` out by choice, but AWS checks the list it is given.
    static let botocoreSigner = """
        import json, sys
        import botocore.auth
        botocore.auth.SIGNED_HEADERS_BLACKLIST = []
        from botocore.auth import SigV4Auth
        from botocore.awsrequest import AWSRequest
        from botocore.credentials import Credentials
        d = json.load(sys.stdin)
        request = AWSRequest(method=d["method"], url=d["url"], data=d["body"].encode(), headers=d["headers"])
        request.context["timestamp"] = d["timestamp"]
        signer = SigV4Auth(Credentials(d["access"], d["secret"], d.get("token")), d["service"], d["region"])
        print(signer.signature(signer.string_to_sign(request, signer.canonical_request(request)), request))
        """

    @Test(arguments: [nil, "FQoGZXIvYXdzEPT//////////token"])
    func curlsSignatureIsBotocoresForTheSameRequestAndTime(sessionToken: String?) async throws {
        let signature = AWSSignature(
            region: "eu-west-1", service: "execute-api", accessKey: "AKIDEXAMPLE",
            secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: sessionToken)
        try await withDemoServer { server throws in
            let body = #"{"name":"ferry","tags":["a","b"]}"#
            let url = try Request.parseURL("\(server.baseURL)/anything/items?b=2&a=1&empty=")
            let request = Request(
                method: .post, url: url, headers: ["Content-Type": "application/json", "X-Trace": "7"],
                body: .bytes(Data(body.utf8)), authentication: .awsSigV4(signature))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            let sent = try #require(response.sent?.headers)
            let authorization = try #require(sent["Authorization"])
            let date = try #require(sent["X-Amz-Date"])
            #expect(
                authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\(date.prefix(8))/eu-west-1/execute-api/aws4_request, "))
            let signedNames = try #require(Self.field("SignedHeaders", in: authorization)).split(separator: ";").map(String.init)
            #expect(signedNames.contains("host") && signedNames.contains("x-amz-date"))
            if sessionToken != nil { #expect(sent["X-Amz-Security-Token"] == sessionToken) }
            var headers: [String: String] = [:]
            for name in signedNames { headers[name] = sent[name] }
            #expect(headers.count == signedNames.count, "every signed header was sent: \(signedNames) \(sent)")

            let reference = try await Self.botocoreSignature(
                method: "POST", url: url, headers: headers, body: body, date: date, signature: signature)
            #expect(Self.field("Signature", in: authorization) == reference, "curl signed \(signedNames); botocore says \(reference)")
        }
    }

    /// Issue 27: headers the user removed (`-H 'User-Agent:'`) were signed though not sent, so AWS
    /// refused every such request; S3 got no `X-Amz-Content-Sha256`, which it requires.
    @Test func removedHeadersAreNeitherSentNorSignedAndS3GetsItsPayloadHash() async throws {
        let signature = AWSSignature(
            region: "us-east-1", service: "s3", accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
        try await withDemoServer { server throws in
            let url = try Request.parseURL("\(server.baseURL)/anything/bucket/key.txt")
            let request = Request(
                method: .get, url: url, headers: ["User-Agent": "", "Accept-Language": ""], authentication: .awsSigV4(signature))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            let sent = try #require(response.sent?.headers)
            let authorization = try #require(sent["Authorization"])
            let signedNames = try #require(Self.field("SignedHeaders", in: authorization)).split(separator: ";").map(String.init)
            #expect(!signedNames.contains("user-agent") && !signedNames.contains("accept-language"), "\(signedNames)")
            #expect(sent["User-Agent"] == nil && sent["Accept-Language"] == nil)
            let emptyBodyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
            #expect(sent["X-Amz-Content-Sha256"] == emptyBodyHash)
            #expect(signedNames.contains("x-amz-content-sha256"))
            var headers: [String: String] = [:]
            for name in signedNames { headers[name] = sent[name] }
            #expect(headers.count == signedNames.count, "every signed header was sent: \(signedNames) \(sent)")
            let reference = try await Self.botocoreSignature(
                method: "GET", url: url, headers: headers, body: "",
                date: try #require(sent["X-Amz-Date"]), signature: signature)
            #expect(Self.field("Signature", in: authorization) == reference)
        }
    }

    /// botocore's signature of the request for `date`.
    static func botocoreSignature(
        method: String, url: URL, headers: [String: String], body: String, date: String,
        signature: AWSSignature
    ) async throws -> String {
        let input: [String: Any?] = [
            "method": method, "url": url.absoluteString, "headers": headers, "body": body, "timestamp": date,
            "access": signature.accessKey, "secret": signature.secretKey, "token": signature.sessionToken,
            "region": signature.region, "service": signature.service,
        ]
        let directory = try TemporaryDirectory()
        let inputFile = try directory.write("request.json", try JSONSerialization.data(withJSONObject: input.compactMapValues { $0 }))
        let botocore = await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.botocoreSigner], standardInput: inputFile)
        #expect(botocore.status == 0, "\(botocore.stderr)")
        let reference = botocore.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(reference.count == 64)
        return reference
    }

    @Test func aWrongSecretGivesAnotherSignature() async throws {
        try await withDemoServer { server throws in
            let url = try Request.parseURL("\(server.baseURL)/get")
            var signatures: [String] = []
            for secret in ["one", "two"] {
                let signature = AWSSignature(region: "us-east-1", service: "s3", accessKey: "AK", secretKey: secret)
                let response = try await CurlTransport().send(
                    Request(url: url, authentication: .awsSigV4(signature)), receivingInto: .default, progress: nil)
                signatures.append(try #require(response.sent?.headers["Authorization"].flatMap { Self.field("Signature", in: $0) }))
            }
            #expect(signatures[0] != signatures[1])
        }
    }

    /// `NAME=value` in an `Authorization: AWS4-HMAC-SHA256 …` header.
    static func field(_ name: String, in authorization: String) -> String? {
        authorization.components(separatedBy: ", ").lazy.compactMap { part -> String? in
            let trimmed = part.hasPrefix("AWS4-HMAC-SHA256 ") ? String(part.dropFirst("AWS4-HMAC-SHA256 ".count)) : part
            return trimmed.hasPrefix(name + "=") ? String(trimmed.dropFirst(name.count + 1)) : nil
        }.first
    }
}
