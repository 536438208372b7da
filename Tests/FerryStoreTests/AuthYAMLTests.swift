import FerryCore
import FerryStore
import Foundation
import Testing

/// `auth:` in request files: every scheme survives a round trip; mistakes are located.
@Suite struct AuthYAMLTests {
    @Test(arguments: [
        Authentication.digest(username: "ann", password: "{{password}}"),
        .apiKey(APIKey(name: "X-API-Key", value: "{{key}}")),
        .apiKey(APIKey(name: "api_key", value: "{{key}}", placement: .query)),
        .awsSigV4(
            AWSSignature(
                region: "eu-west-1", service: "execute-api", accessKey: "{{akid}}", secretKey: "{{secret}}", sessionToken: "{{token}}")),
        .awsSigV4(AWSSignature(provider: "osc:osc", region: "eu-west-2", service: "api", accessKey: "a", secretKey: "b")),
        .oauth2(OAuth2Settings(tokenURL: "{{baseURL}}/oauth/token", clientID: "ferry-demo", clientSecret: "{{secret}}", scope: "a b")),
        .oauth2(
            OAuth2Settings(
                grant: .authorizationCode, tokenURL: "https://id.test/token", authorizationURL: "https://id.test/authorize",
                clientID: "app", audience: "https://api.test", clientAuthentication: .body, callbackURL: "http://127.0.0.1:8765/cb")),
    ])
    func everySchemeSurvivesARoundTrip(auth: Authentication) throws {
        var document = RequestDescription(url: "https://example.test/")
        document.auth = auth
        let text = try document.yaml()
        #expect(try RequestDescription(yaml: text, path: "auth.ferry.yaml") == document, "\(text)")
    }

    @Test func theFileSaysWhatItSays() throws {
        var document = RequestDescription(url: "https://example.test/")
        document.auth = .apiKey(APIKey(name: "api_key", value: "k", placement: .query))
        #expect(try document.yaml().contains("auth:\n  apikey:\n    name: api_key\n    value: k\n    in: query\n"))
    }

    @Test func mistakesAreNamedWithTheirPlace() {
        let cases: [(String, String)] = [
            (
                "url: http://h/\nauth:\n  kerberos: x\n",
                "auth.ferry.yaml:3:3: auth.kerberos: unknown key (expected basic, bearer, digest, apikey, aws-sigv4, oauth2)"
            ),
            (
                "url: http://h/\nauth:\n  oauth2: {grant-type: password, access-token-url: t, client-id: c}\n",
                "auth.ferry.yaml:3:11: auth.oauth2.grant-type: expected client_credentials or authorization_code, found `password`"
            ),
            (
                "url: http://h/\nauth:\n  oauth2: {grant-type: authorization_code, access-token-url: t, client-id: c}\n",
                "auth.ferry.yaml:3:11: auth.oauth2: `authorization-url` is missing"
            ),
            (
                "url: http://h/\nauth:\n  apikey: {name: k, value: v, in: cookie}\n",
                "auth.ferry.yaml:3:11: auth.apikey.in: expected header or query, found `cookie`"
            ),
            (
                "url: http://h/\nauth:\n  aws-sigv4: {region: r, access-key: a, secret-key: s}\n",
                "auth.ferry.yaml:3:14: auth.aws-sigv4: `service` is missing"
            ),
        ]
        for (text, message) in cases {
            #expect(throws: (any Error).self) { try RequestDescription(yaml: text, path: "auth.ferry.yaml") }
            do {
                _ = try RequestDescription(yaml: text, path: "auth.ferry.yaml")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }
}
