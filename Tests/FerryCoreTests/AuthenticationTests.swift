import FerryCore
import Foundation
import Testing

/// `Authentication`: the authentication it gives a request (applied when it is sent), and the
/// redaction of secrets.
@Suite struct CredentialsTests {
    @Test func theHeaderIsAddedWhenSentUnlessSetAndASecretIsRedacted() throws {
        let resolver = VariableResolver([Variable(name: "user", value: "ann"), Variable(name: "password", value: "pa55", isSecret: true)])
        var request = Request(method: .get, url: URL(string: "http://127.0.0.1/")!)
        var redaction = resolver.redaction
        try Authentication.basic(username: "{{user}}", password: "{{password}}").apply(
            to: &request, redaction: &redaction, resolver: resolver)
        #expect(request.headers["Authorization"] == nil, "credentials travel with the request, not baked into its headers")
        #expect(request.authentication == .basic(username: "ann", password: "pa55"))
        let value = try #require(request.authenticated().headers["Authorization"])
        #expect(value == "Basic " + Data("ann:pa55".utf8).base64EncodedString())
        #expect(redaction.redact(value) == "Basic {{secret}}")

        var plain = Redaction()
        var own = Request(method: .get, url: URL(string: "http://127.0.0.1/")!, headers: ["Authorization": "Token mine"])
        try Authentication.bearer(token: "{{user}}").apply(to: &own, redaction: &plain, resolver: resolver)
        #expect(own.authenticated().headers.values(for: "Authorization") == ["Token mine"], "a request that sets the header keeps it")
        var fresh = Request(method: .get, url: URL(string: "http://127.0.0.1/")!)
        try Authentication.bearer(token: "{{user}}").apply(to: &fresh, redaction: &plain, resolver: resolver)
        #expect(fresh.authenticated().headers["Authorization"] == "Bearer ann")
        #expect(plain.isEmpty, "a token without secrets is not redacted")
        #expect(throws: FerryError.self, "an unresolved variable names itself") {
            var bare = Request(method: .get, url: URL(string: "http://127.0.0.1/")!)
            try Authentication.bearer(token: "{{nope}}").apply(to: &bare, redaction: &plain, resolver: resolver)
        }
    }

    @Test func aTokenCannotInjectAHeader() throws {
        let request = Request(method: .get, url: URL(string: "http://127.0.0.1/")!, authentication: .bearer(token: "t\r\nX-Evil: 1"))
        #expect(throws: FerryError.self) { try request.validate() }
    }
}
