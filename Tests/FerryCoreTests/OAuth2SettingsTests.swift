import FerryCore
import Foundation
import Testing

/// OAuth 2.0's pure parts: the token request and authorization URL a client sends, a token
/// endpoint's answer read (RFC 6749 §5.1 and §5.2), and when a token is renewed.
@Suite struct OAuth2SettingsTests {
    let settings = OAuth2Settings(
        grant: .authorizationCode, tokenURL: "https://id.test/token", authorizationURL: "https://id.test/authorize?tenant=1",
        clientID: "app:1", clientSecret: "s&cret", scope: "read write", audience: "https://api.test")

    @Test func theTokenRequestIsAFormPostWithTheClientInBasicOrTheBody() throws {
        let header = try settings.tokenRequest(settings.refreshParameters(refreshToken: "r 1"))
        #expect(header.method == .post)
        #expect(
            header.authenticated().headers["Authorization"] == "Basic " + Data("app%3A1:s%26cret".utf8).base64EncodedString(),
            "form-encoded, then joined")
        guard case .bytes(let body) = header.body else { Issue.record("no body"); return }
        #expect(
            String(decoding: body, as: UTF8.self) == "grant_type=refresh_token&refresh_token=r%201&scope=read%20write",
            "no audience when renewing")

        var inBody = settings
        inBody.clientAuthentication = .body
        let form = try inBody.tokenRequest(inBody.clientCredentialsParameters)
        #expect(form.authentication == nil)
        guard case .bytes(let formBody) = form.body else { Issue.record("no body"); return }
        #expect(
            String(decoding: formBody, as: UTF8.self)
                == "grant_type=client_credentials&scope=read%20write&audience=https%3A//api.test&client_id=app%3A1&client_secret=s%26cret")
    }

    @Test func theAuthorizationURLCarriesStateAndTheS256Challenge() throws {
        let url = try settings.authorizationRequestURL(redirectURI: "http://127.0.0.1:5000/callback", state: "st", challenge: "ch")
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems).map { "\($0.name)=\($0.value ?? "")" }
        #expect(
            items == [
                "tenant=1", "response_type=code", "client_id=app:1", "redirect_uri=http://127.0.0.1:5000/callback", "scope=read write",
                "audience=https://api.test", "state=st", "code_challenge=ch", "code_challenge_method=S256",
            ])
    }

    @Test func aTokenAnswerIsReadAndAnErrorJoinsTheChain() throws {
        let received = Date(timeIntervalSince1970: 1_000_000)
        let token = try OAuth2Token(
            tokenResponse: Data(#"{"access_token":"a1","token_type":"bearer","expires_in":600,"scope":"read"}"#.utf8),
            status: 200, endpoint: "https://id.test/token", grant: "refresh_token", previousRefreshToken: "r0", receivedAt: received)
        #expect(
            token
                == OAuth2Token(
                    accessToken: "a1", tokenType: "bearer", refreshToken: "r0", issuedAt: received,
                    expiresAt: received.addingTimeInterval(600), scope: "read"), "a renewal without a new refresh token keeps the old one")
        #expect(!token.needsRefresh(at: received.addingTimeInterval(569)))
        #expect(token.needsRefresh(at: received.addingTimeInterval(570)), "30 s before it expires")
        let short = OAuth2Token(accessToken: "b", issuedAt: received, expiresAt: received.addingTimeInterval(10))
        #expect(
            !short.needsRefresh(at: received.addingTimeInterval(8.9)) && short.needsRefresh(at: received.addingTimeInterval(9)),
            "a tenth of a short lifetime")

        do {
            _ = try OAuth2Token(
                tokenResponse: Data(#"{"error":"invalid_client","error_description":"bad secret"}"#.utf8), status: 401,
                endpoint: "https://id.test/token", grant: "client_credentials")
            Issue.record("an error answer gave a token")
        } catch {
            let link = try #require(ErrorChain(error).links.first)
            #expect(link.stage == "auth" && link.reason == "tokenRefused")
            #expect(link.message == "the OAuth 2.0 token endpoint refused the client credentials grant: invalid_client (bad secret)")
        }
        #expect(throws: FerryError.self, "HTML is no token") {
            try OAuth2Token(tokenResponse: Data("<html>".utf8), status: 200, endpoint: "e", grant: "client_credentials")
        }
        #expect(throws: FerryError.self, "a MAC token is not sent as a bearer token") {
            try OAuth2Token(
                tokenResponse: Data(#"{"access_token":"a","token_type":"mac"}"#.utf8), status: 200, endpoint: "e",
                grant: "client_credentials")
        }
    }

    @Test func aMissingEndpointIsNamedBeforeAnythingIsSent() {
        var request = Request(url: URL(string: "http://127.0.0.1/")!)
        var redaction = Redaction()
        #expect(throws: FerryError.self) {
            try Authentication.oauth2(OAuth2Settings(clientID: "c")).apply(
                to: &request, redaction: &redaction, resolver: VariableResolver([]))
        }
        do {
            try Authentication.oauth2(OAuth2Settings(tokenURL: "{{base}}/t", clientID: "c", clientSecret: "{{s}}"))
                .apply(
                    to: &request, redaction: &redaction,
                    resolver: VariableResolver([Variable(name: "base", value: "http://h"), Variable(name: "s", value: "x1")]))
            #expect(
                redaction.redact("secret x1") == "secret {{oauth2 client secret}}",
                "the client secret is redacted even when not marked secret")
        } catch {
            Issue.record("\(error)")
        }
    }
}
