import FerryCore
import FerryInterop
import Foundation
import Testing

/// Requests exported as a Hurl file and imported again are the same requests.
@Suite struct HurlRoundTripTests {
    static func roundTrip(_ collection: ImportedCollection) throws -> (text: String, again: ImportedCollection) {
        var exporter = HurlExporter()
        let text = try exporter.file(collection)
        return (text, try HurlImporter().importCollection(text, source: "api.hurl", directory: "/"))
    }

    static var composed: ImportedCollection {
        var create = RequestDescription(method: .post, url: "{{baseURL}}/users")
        create.name = "Create a user"
        create.headers = [.init(name: "Accept", value: "application/json"), .init(name: "Content-Type", value: "application/json")]
        create.body = .raw("{\"name\": \"{{user}}\",\n \"path\": \"C:\\\\temp\"\n}\n", contentType: nil)
        create.auth = .bearer(token: "{{token}}")
        create.cookies = [.init(name: "session", value: "{{sid}}"), .init(name: "theme", value: "dark")]

        var list = RequestDescription(method: .get, url: "{{baseURL}}/users")
        list.name = "List users"
        list.params = .object([("page", .string("2")), ("q", .string("a #b: c ")), ("tag", .string("{{tag}}"))])
        list.options.followRedirects = false
        list.options.tls.verifyPeer = false
        list.output = "out/users.json"
        list.delay = 500

        var login = RequestDescription(method: .post, url: "https://auth.example/login")
        login.name = "Log in"
        login.auth = .basic(username: "{{user}}", password: "{{password}}")
        login.body = .form(.object([("user", .string("me")), ("pass", .string("p@ss word"))]))
        login.options.httpVersion = .http2
        login.options.keepsCredentialsOnRedirect = true

        var upload = RequestDescription(method: .put, url: "https://files.example/upload")
        upload.name = "Upload"
        upload.body = .multipart([
            .init(name: "note", value: .text("hello")), .init(name: "file", value: .file(path: "files/a.txt"), contentType: "text/plain"),
        ])

        var blob = RequestDescription(method: .put, url: "https://files.example/blob")
        blob.name = "Blob"
        blob.body = .bytes(Data([0, 1, 2, 255]), contentType: nil)

        var line = RequestDescription(method: .post, url: "https://files.example/line")
        line.name = "One line"
        line.body = .raw("a `quoted` \\ line", contentType: nil)

        var collection = ImportedCollection()
        collection.requests = [create, list, login, upload, blob, line].map {
            .init(path: RequestFileName.slug($0.name!) + RequestFileName.suffix, description: $0, source: "")
        }
        return collection
    }

    @Test func composedRequestsComeBackTheSame() throws {
        let original = Self.composed
        let (text, again) = try Self.roundTrip(original)
        #expect(
            text.contains(
                "# List users\nGET {{baseURL}}/users\n[QueryStringParams]\npage: 2\nq: a \\#b: c\\u{20}\ntag: {{tag}}\n[Options]\noutput: out/users.json\ndelay: 500ms\ninsecure: true\n"
            ))
        #expect(text.contains("[BasicAuth]\n{{user}}: {{password}}\n[FormParams]\n"))
        #expect(text.contains("base64,AAEC/w==;"))
        #expect(text.contains("[Cookies]\nsession: {{sid}}\ntheme: dark\n"))
        #expect(text.contains("location-trusted: true"))
        #expect(Set(again.requests.map(\.path)) == Set(original.requests.map(\.path)))
        for request in original.requests {
            var expected = request.description
            // What a Hurl file means: Hurl's own few headers, and no compression asked for.
            expected.options.defaultHeaders = false
            expected.options.decompress = false
            #expect(again.request(request.path)?.description == expected, "\(request.path)\n\(text)")
        }
    }

    @Test(arguments: [
        "form_params.hurl", "captures.hurl", "cookies.hurl", "basic_authentication_per_request.hurl", "multipart_form_data.hurl",
        "post_json.hurl", "xpath.hurl",
        "filters.hurl",
    ])
    func hurlsOwnFilesComeBackTheSame(name: String) throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", name)
        let (text, again) = try Self.roundTrip(imported)
        #expect(again.requests.count == imported.requests.count)
        for original in imported.requests {
            var expected = original.description
            expected.name = expected.name ?? String(original.path.dropLast(RequestFileName.suffix.count))
            #expect(again.request(original.path)?.description == expected, "\(original.path)\n\(text)")
        }
    }
}
