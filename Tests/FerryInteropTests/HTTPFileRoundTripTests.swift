import FerryCore
import FerryInterop
import Foundation
import Testing

/// Requests exported as a `.http` file and imported again are the same requests; environments come
/// back through `http-client.env.json` and `http-client.private.env.json`.
@Suite struct HTTPFileRoundTripTests {
    static var composed: ImportedCollection {
        var create = RequestDescription(method: .post, url: "{{baseURL}}/users")
        create.name = "Create a user"
        create.headers = [.init(name: "Accept", value: "application/json")]
        create.body = .raw("{\"name\": \"{{user}}\",\n \"admin\": false}", contentType: nil)
        create.headers.append(.init(name: "Content-Type", value: "application/json"))
        create.auth = .bearer(token: "{{token}}")

        var list = RequestDescription(method: .get, url: "{{baseURL}}/users")
        list.name = "List users"
        list.params = .object([("page", .string("2")), ("q", .string("a b&c")), ("tag", .string("{{tag}}"))])

        var login = RequestDescription(method: .post, url: "https://auth.example/login")
        login.name = "Log in"
        login.auth = .basic(username: "{{user}}", password: "{{password}}")
        login.options.followRedirects = false
        login.body = .file(path: "bodies/login.json", contentType: nil)

        var collection = ImportedCollection()
        collection.requests = [create, list, login].map {
            .init(path: RequestFileName.slug($0.name!) + RequestFileName.suffix, description: $0, source: "")
        }
        collection.environments = [
            .init(
                name: "dev",
                variables: [
                    Variable(name: "baseURL", value: "http://127.0.0.1:8080"),
                    Variable(name: "token", value: "s3cret", isSecret: true),
                ])
        ]
        return collection
    }

    /// `collection` exported into a scratch folder (the `.http` file and its environment files) and imported again.
    static func roundTrip(
        _ collection: ImportedCollection, reveal: Bool = false
    ) throws -> (text: String, again: ImportedCollection, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var exporter = HTTPFileExporter(reveal: reveal)
        let text = try exporter.file(collection)
        let (shared, secret) = try exporter.environments(collection.environments)
        try shared.write(to: folder.appendingPathComponent(HTTPFileImporter.environmentFile))
        try secret?.write(to: folder.appendingPathComponent(HTTPFileImporter.privateEnvironmentFile))
        try text.write(to: folder.appendingPathComponent("api.http"), atomically: true, encoding: .utf8)
        return (text, try HTTPFileImporter().importCollection(text, source: "api.http", directory: folder.path), folder)
    }

    @Test func composedRequestsComeBackTheSame() throws {
        let original = Self.composed
        let (text, again, folder) = try Self.roundTrip(original)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(text.contains("### Create a user\nPOST {{baseURL}}/users HTTP/1.1\n"))
        #expect(text.contains("GET {{baseURL}}/users?page=2&q=a%20b%26c&tag={{tag}} HTTP/1.1"))
        #expect(
            text.contains(
                "# @no-redirect\nPOST https://auth.example/login HTTP/1.1\nAuthorization: Basic {{user}} {{password}}\n\n< bodies/login.json\n"
            ))
        #expect(Set(again.requests.map(\.path)) == Set(original.requests.map(\.path)))
        for request in original.requests {
            #expect(again.request(request.path)?.description == request.description, "\(request.path)")
        }
        let environment = try #require(again.environments.first)
        #expect(environment.name == "dev")
        #expect(
            environment.variables.first { $0.name == "token" } == Variable(name: "token", value: "", isSecret: true),
            "secrets stay secret, their values unwritten")
        #expect(environment.variables.first { $0.name == "baseURL" }?.value == "http://127.0.0.1:8080")
    }

    @Test func revealWritesSecretValues() throws {
        let (_, again, folder) = try Self.roundTrip(Self.composed, reveal: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            again.environments.first?.variables.first { $0.name == "token" } == Variable(name: "token", value: "s3cret", isSecret: true))
    }

    @Test func bodiesTheFormatWritesAsTextSendTheSameBytes() throws {
        var form = RequestDescription(method: .post, url: "https://api.example/login")
        form.name = "Form"
        form.body = .form(.object([("user", .string("me")), ("password", .string("p@ss word&more"))]))
        var json = RequestDescription(method: .put, url: "https://api.example/items/1")
        json.name = "JSON"
        json.body = .json(.object([("name", .string("a")), ("count", .number(2))]))
        var collection = ImportedCollection()
        collection.requests = [form, json].map {
            .init(path: RequestFileName.slug($0.name!) + RequestFileName.suffix, description: $0, source: "")
        }
        let (_, again, folder) = try Self.roundTrip(collection)
        defer { try? FileManager.default.removeItem(at: folder) }
        for request in collection.requests {
            let sent = try request.description.resolved(with: VariableResolver(), directory: "/").request
            let back = try #require(again.request(request.path)).description.resolved(with: VariableResolver(), directory: "/").request
            #expect(back.method == sent.method && back.url == sent.url)
            #expect(back.headers["Content-Type"] == sent.headers["Content-Type"])
            guard case .bytes(let sentBody) = sent.body, case .bytes(let backBody) = back.body else {
                Issue.record("expected byte bodies")
                continue
            }
            #expect(String(decoding: backBody, as: UTF8.self) == String(decoding: sentBody, as: UTF8.self))
        }
    }

    @Test func theFixturesComeBackTheSame() throws {
        for name in ["jetbrains.http", "vscode.rest", "rest_http_bin.http"] {
            let imported = try Fixture.imported(HTTPFileImporter(), "http", name)
            let (_, again, folder) = try Self.roundTrip(imported)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(again.requests.count == imported.requests.count, "\(name)")
            for request in imported.requests {
                var expected = request.description
                expected.name = expected.name ?? String(request.path.dropLast(RequestFileName.suffix.count))
                #expect(again.request(request.path)?.description == expected, "\(name): \(request.path)")
            }
            func values(_ environments: [ImportedCollection.Environment]) -> [String: [String: Variable]] {
                Dictionary(
                    uniqueKeysWithValues: environments.map {
                        ($0.name, Dictionary(uniqueKeysWithValues: $0.variables.map { ($0.name, $0) }))
                    })
            }
            let hidden = imported.environments.map { environment in
                ImportedCollection.Environment(
                    name: environment.name,
                    variables: environment.variables.map {
                        Variable(name: $0.name, value: $0.isSecret ? "" : $0.value, isSecret: $0.isSecret)
                    })
            }
            #expect(values(again.environments) == values(hidden), "\(name)")
        }
    }
}
