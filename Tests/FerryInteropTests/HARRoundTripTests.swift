import FerryCore
import FerryInterop
import Foundation
import Testing

/// Requests exported as HAR and imported again send the same request: method, URL, headers, body bytes.
@Suite struct HARRoundTripTests {
    static let environment = [
        Variable(name: "baseURL", value: "https://api.example"), Variable(name: "token", value: "s3cret", isSecret: true),
    ]

    /// `requests` as one HAR log (variables from `environment`), imported again.
    static func roundTrip(_ requests: [ImportedCollection.Request], reveal: Bool = true) throws -> (har: String, again: ImportedCollection)
    {
        var exporter = HARExporter(reveal: reveal)
        let entries = try requests.map { request in
            try exporter.entry(
                for: request.description, place: request.path, resolver: VariableResolver(environment), defaults: FolderDefaults(),
                directory: "/", startedDateTime: "2026-01-01T00:00:00.000Z")
        }
        let har = String(decoding: try HARExporter.document(entries, creator: .init(name: "Ferry", version: "test")), as: UTF8.self)
        return (har, try HARImporter().importCollection(har, source: "t.har", directory: "/"))
    }

    /// What would be sent: method, URL, headers (credentials applied), body bytes.
    static func sent(_ description: RequestDescription) throws -> (String, String, [HTTPHeader], Data?) {
        let request = try description.resolved(with: VariableResolver(environment), directory: "/").request.authenticated()
        guard case .bytes(let data) = request.body else {
            return (request.method.rawValue, request.url.absoluteString, request.headers.fields, nil)
        }
        return (request.method.rawValue, request.url.absoluteString, request.headers.fields, data)
    }

    @Test func composedRequestsSendTheSameBytes() throws {
        var create = RequestDescription(method: .post, url: "{{baseURL}}/items?x=1")
        create.headers = [.init(name: "Accept", value: "application/json"), .init(name: "X-Off", value: "1", enabled: false)]
        create.body = .json(.object([("name", .string("a")), ("count", .number(2))]))
        create.auth = .bearer(token: "{{token}}")
        var list = RequestDescription(method: .get, url: "{{baseURL}}/items")
        list.params = .object([("page", .string("2")), ("q", .string("a b&c"))])
        var form = RequestDescription(method: .post, url: "{{baseURL}}/login")
        form.body = .form(.object([("user", .string("me")), ("password", .string("p@ss word"))]))
        let requests = [create, list, form].enumerated().map {
            ImportedCollection.Request(path: "r\($0.offset).ferry.yaml", description: $0.element, source: "")
        }

        let (_, again) = try Self.roundTrip(requests)
        #expect(again.requests.count == 3)
        for (original, imported) in zip(requests, again.requests) {
            let (method, url, headers, body) = try Self.sent(original.description)
            let (againMethod, againURL, againHeaders, againBody) = try Self.sent(imported.description)
            #expect(againMethod == method)
            #expect(againURL == url)
            #expect(againHeaders == headers)
            #expect(againBody == body)
        }
    }

    @Test func secretsAreWrittenAsTheirNamesUnlessRevealed() throws {
        var request = RequestDescription(method: .get, url: "{{baseURL}}/me?key={{token}}")
        request.auth = .bearer(token: "{{token}}")
        let (hidden, _) = try Self.roundTrip([.init(path: "me.ferry.yaml", description: request, source: "")], reveal: false)
        #expect(!hidden.contains("s3cret"))
        #expect(hidden.contains("{{token}}"))
        let (revealed, _) = try Self.roundTrip([.init(path: "me.ferry.yaml", description: request, source: "")], reveal: true)
        #expect(revealed.contains("Bearer s3cret"))
    }

    @Test func aChromeCaptureComesBackWithTheSameRequests() throws {
        let imported = try Fixture.imported(HARImporter(), "har", "run.sitespeed.io.har")
        let (har, again) = try Self.roundTrip(imported.requests)
        #expect(har.contains(#""status" : 0"#), "requests exported from files were not sent")
        #expect(again.requests.map(\.path) == imported.requests.map(\.path))
        for (original, back) in zip(imported.requests, again.requests) {
            var expected = original.description
            expected.examples = []
            #expect(back.description == expected, "\(original.path)")
        }
    }
}
