import FerryCore
import FerryInterop
import Foundation
import Testing

/// A collection exported as an Insomnia export and imported again is the same collection.
@Suite struct InsomniaRoundTripTests {
    static func roundTrip(_ collection: ImportedCollection, reveal: Bool = false) throws -> (text: String, again: ImportedCollection) {
        var exporter = InsomniaExporter(reveal: reveal)
        let text = String(decoding: try exporter.document(collection, name: "api"), as: UTF8.self)
        return (text, try InsomniaImporter().importCollection(text, source: "api.json", directory: "/"))
    }

    @Test func composedRequestsComeBackTheSame() throws {
        var collection = ImportedCollection()
        var create = RequestDescription(method: .post, url: "{{baseURL}}/users")
        create.name = "Create a user"
        create.description = "Creates one user."
        create.headers = [.init(name: "Content-Type", value: "application/json")]
        create.body = .raw(#"{"name": "{{user}}"}"#, contentType: nil)
        create.auth = .bearer(token: "{{token}}")
        var list = RequestDescription(method: .get, url: "{{baseURL}}/users")
        list.name = "List users"
        list.params = .object([("page", .string("2")), ("q", .string("a b"))])
        list.options.followRedirects = false
        var login = RequestDescription(method: .post, url: "https://auth.example/login")
        login.name = "Log in"
        login.auth = .basic(username: "{{user}}", password: "{{password}}")
        login.body = .form(.object([("user", .string("me")), ("pass", .string("p@ss"))]))
        var upload = RequestDescription(method: .put, url: "https://files.example/upload")
        upload.name = "Upload"
        upload.body = .multipart([.init(name: "note", value: .text("hello")), .init(name: "file", value: .file(path: "files/a.txt"))])
        collection.requests = [
            .init(path: "users/create-a-user.ferry.yaml", description: create, source: ""),
            .init(path: "users/list-users.ferry.yaml", description: list, source: ""),
            .init(path: "log-in.ferry.yaml", description: login, source: ""),
            .init(path: "files/deep/upload.ferry.yaml", description: upload, source: ""),
        ]
        collection.environments = [
            .init(name: "dev", variables: [Variable(name: "baseURL", value: "http://127.0.0.1:8080")]),
            .init(name: "prod", variables: [Variable(name: "token", value: "s3cret", isSecret: true)]),
        ]
        let (text, again) = try Self.roundTrip(collection)
        #expect(!text.contains("s3cret"))
        for request in collection.requests {
            #expect(again.request(request.path)?.description == request.description, "\(request.path)")
        }
        #expect(
            again.environments == [
                .init(name: "dev", variables: [Variable(name: "baseURL", value: "http://127.0.0.1:8080")]),
                .init(name: "prod", variables: [Variable(name: "token", value: "", isSecret: true)]),
            ])
        let (_, revealed) = try Self.roundTrip(collection, reveal: true)
        #expect(revealed.environments.last?.variables == [Variable(name: "token", value: "s3cret", isSecret: true)])
    }

    @Test func theFixtureComesBackTheSame() throws {
        let imported = try Fixture.imported(InsomniaImporter(), "insomnia", "insomnia.json")
        let (_, again) = try Self.roundTrip(imported, reveal: true)
        #expect(Set(again.requests.map(\.path)) == Set(imported.requests.map(\.path)))
        for request in imported.requests {
            #expect(again.request(request.path)?.description == request.description, "\(request.path)")
        }
        #expect(again.environments == imported.environments)
    }
}
