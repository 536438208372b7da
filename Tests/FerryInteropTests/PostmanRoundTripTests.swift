import FerryCore
import FerryInterop
import Foundation
import Testing

/// A collection exported as Postman v2.1 and imported again is the same collection: requests,
/// folders' descriptions, environments.
@Suite struct PostmanRoundTripTests {
    static var composed: ImportedCollection {
        var collection = ImportedCollection()
        collection.folders[""] = {
            var defaults = FolderDefaults(); defaults.description = "A test API"; return defaults
        }()
        collection.folders["users"] = {
            var defaults = FolderDefaults(); defaults.description = "User endpoints"; return defaults
        }()

        var create = RequestDescription(method: .post, url: "{{baseURL}}/users")
        create.name = "Create a user"
        create.description = "Creates one user."
        create.headers = [.init(name: "Accept", value: "application/json"), .init(name: "X-Debug", value: "1", enabled: false)]
        create.body = .raw(#"{"name": "{{user}}", "admin": false}"#, contentType: "application/json")
        create.auth = .bearer(token: "{{token}}")
        create.examples = [
            .init(
                name: "Created", status: 201, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: #"{"id": 7}"#),
            .init(name: "No body", status: 204),
        ]

        var list = RequestDescription(method: .get, url: "{{baseURL}}/users")
        list.name = "List users"
        list.params = .object([("page", .string("2")), ("tag", .array([.string("a"), .string("b c")]))])
        list.parameterStyle.arrayStyle = .repeat
        list.disabledParams = .object([("debug", .string("1"))])

        var login = RequestDescription(method: .post, url: "https://auth.example/login")
        login.name = "Log in"
        login.body = .form(.object([("user", .string("{{user}}")), ("password", .string("{{password}}"))]))
        login.disabledParams = .object([("remember", .string("yes"))])
        login.auth = .basic(username: "{{user}}", password: "{{password}}")
        login.options.followRedirects = false
        login.options.tls.verifyPeer = false

        var upload = RequestDescription(method: .post, url: "{{baseURL}}/files")
        upload.name = "Upload"
        upload.body = .multipart([
            .init(name: "note", value: .text("hello")),
            .init(name: "file", value: .file(path: "files/notes.txt"), contentType: "text/plain"),
        ])

        var put = RequestDescription(method: .put, url: "{{baseURL}}/blob")
        put.name = "Put a blob"
        put.body = .file(path: "files/blob.bin", contentType: nil)

        var search = RequestDescription(method: .get, url: "{{baseURL}}/search")
        search.name = "Search with a body"
        search.body = .raw("text", contentType: "text/plain")
        var book = RequestDescription(method: .post, url: "{{baseURL}}/graphql")
        book.name = "A book"
        book.body = .graphql(GraphQLBody(query: "query Book($id: ID!) {\n  book(id: $id) { title }\n}", variables: #"{"id": {{bookID}}}"#))

        collection.requests = [
            .init(path: "users/create-a-user.ferry.yaml", description: create, source: ""),
            .init(path: "users/list-users.ferry.yaml", description: list, source: ""),
            .init(path: "log-in.ferry.yaml", description: login, source: ""),
            .init(path: "upload.ferry.yaml", description: upload, source: ""),
            .init(path: "put-a-blob.ferry.yaml", description: put, source: ""),
            .init(path: "search-with-a-body.ferry.yaml", description: search, source: ""),
            .init(path: "a-book.ferry.yaml", description: book, source: ""),
        ]
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

    /// `collection` exported and imported again.
    static func roundTrip(_ collection: ImportedCollection, reveal: Bool = false) throws -> ImportedCollection {
        var exporter = PostmanExporter(reveal: reveal)
        let document = String(decoding: try exporter.collection(collection, name: "Test API"), as: UTF8.self)
        var again = try PostmanImporter().importCollection(document, source: "test.postman_collection.json", directory: "/")
        for environment in collection.environments {
            let text = String(decoding: try exporter.environment(environment), as: UTF8.self)
            again.environments += try PostmanImporter().importCollection(text, source: "env.json", directory: "/").environments
        }
        return again
    }

    @Test func aComposedCollectionComesBackEqual() throws {
        let original = Self.composed
        let again = try Self.roundTrip(original, reveal: true)
        #expect(again.requests.map(\.path) == original.requests.map(\.path).sorted())
        for request in original.requests {
            #expect(again.request(request.path)?.description == request.description, "\(request.path)")
        }
        #expect(again.folders["users"]?.description == "User endpoints")
        #expect(again.folders[""]?.description == "A test API")
        #expect(again.environments == original.environments)
    }

    @Test func everyAuthPostmanHasComesBack() throws {
        let kinds: [Authentication] = [
            .digest(username: "{{user}}", password: "{{password}}"),
            .apiKey(APIKey(name: "X-API-Key", value: "{{key}}", placement: .header)),
            .apiKey(APIKey(name: "api_key", value: "{{key}}", placement: .query)),
            .awsSigV4(
                AWSSignature(region: "eu-west-1", service: "s3", accessKey: "{{ak}}", secretKey: "{{sk}}", sessionToken: "{{token}}")),
        ]
        var collection = ImportedCollection()
        for (index, credentials) in kinds.enumerated() {
            var description = RequestDescription(url: "https://api.example/\(index)")
            description.name = "auth \(index)"
            description.auth = credentials
            collection.add(description, title: "auth \(index)", folder: "", source: "\(index)")
        }
        let again = try Self.roundTrip(collection, reveal: true)
        #expect(again.requests.map(\.description.auth) == kinds)
        #expect(again.report.notes(.dropped).isEmpty, "\(again.report.notes(.dropped))")
    }

    @Test func aGraphQLOperationNameIsReportedDropped() throws {
        var collection = ImportedCollection()
        var description = RequestDescription(method: .post, url: "http://h/graphql")
        description.body = .graphql(GraphQLBody(query: "query A { a } query B { b }", operationName: "B", usesGET: true))
        collection.requests = [.init(path: "b.ferry.yaml", description: description, source: "")]
        var exporter = PostmanExporter()
        let document = String(decoding: try exporter.collection(collection, name: "g"), as: UTF8.self)
        #expect(exporter.report.notes(.dropped).contains { $0.message.hasPrefix("the GraphQL operation name B") })
        let again = try #require(try PostmanImporter().importCollection(document, source: "g.json", directory: "/").requests.first)
            .description
        #expect(again.body == .graphql(GraphQLBody(query: "query A { a } query B { b }", usesGET: true)), "a GET GraphQL request stays one")
    }

    @Test func secretsAreLeftEmptyUnlessRevealed() throws {
        let hidden = try Self.roundTrip(Self.composed)
        #expect(
            hidden.environments.first?.variables == [
                Variable(name: "baseURL", value: "http://127.0.0.1:8080"), Variable(name: "token", value: "", isSecret: true),
            ])
    }

    @Test func theEchoCollectionComesBackEqual() throws {
        let imported = try Fixture.imported(PostmanImporter(), "postman", "echo-v2.postman_collection.json")
        let again = try Self.roundTrip(imported)
        #expect(again.requests.map(\.path) == imported.requests.map(\.path).sorted())
        for request in imported.requests {
            #expect(again.request(request.path)?.description == request.description, "\(request.path)")
        }
    }

    @Test func aFolderBaseURLAndHeadersAreWrittenIntoEachRequest() throws {
        var collection = ImportedCollection()
        collection.folders["api"] = FolderDefaults(baseURL: "https://api.example/v1/", headers: [.init(name: "X-Client", value: "ferry")])
        collection.requests = [.init(path: "api/me.ferry.yaml", description: RequestDescription(method: .get, url: "me"), source: "")]
        var exporter = PostmanExporter()
        let document = String(decoding: try exporter.collection(collection, name: "x"), as: UTF8.self)
        let again = try PostmanImporter().importCollection(document, source: "x.json", directory: "/")
        let me = try #require(again.requests.first).description
        #expect(me.url == "https://api.example/v1/me")
        #expect(me.headers == [.init(name: "X-Client", value: "ferry")])
        #expect(exporter.report.notes(.approximated).count == 2)
    }
}
