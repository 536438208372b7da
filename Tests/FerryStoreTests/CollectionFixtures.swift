import FerryCore
import FerryStore

/// Documents used by the collection tests.
enum CollectionFixtures {
    /// A request that sets every field to something other than its default.
    static var everyField: RequestDescription {
        var document = RequestDescription(method: .post, url: "{{baseURL}}/anything/users")
        document.name = "Create a user"
        document.description = "Posts a user; the reply echoes it.\nSecond line of notes.\n"
        document.params = .object([
            ("page", .number("2")), ("big", .number("12345678901234567890")), ("tags", .array([.string("a"), .string("b")])),
            ("filter", .object([("active", .bool(true)), ("since", .string("2024-01-01"))])), ("none", .null),
            ("zip", .string("01234")), ("yes", .string("yes")), ("text", .string("{{user}} & co")),
        ])
        document.disabledParams = .object([("debug", .string("1")), ("filter", .object([("archived", .bool(true))]))])
        document.headers = [
            .init(name: "Accept", value: "application/json"),
            .init(name: "X-Debug", value: "1", enabled: false),
            .init(name: "X-Trace", value: "{{$uuid}}"),
        ]
        document.body = .json(
            .object([("name", .string("Ferry")), ("count", .number("3")), ("ratio", .number("0.5")), ("empty", .object([]))]))
        document.auth = .basic(username: "ann", password: "{{password}}")
        document.options.totalTimeout = 30
        document.options.connectTimeout = 2.5
        document.options.followRedirects = false
        document.options.maxRedirects = 3
        document.options.tls.verifyPeer = false
        document.options.httpVersion = .http2
        document.options.decompress = false
        document.options.tls.caFile = "certs/ca.pem"
        document.options.tls.pinnedPublicKey = "sha256//AAAA"
        document.options.maxUploadRate = 512_000
        document.options.maxDownloadRate = 2 << 20
        document.expectations = ResponseExpectations(
            statusCodes: StatusCodeSet(parsing: "200-299,304")!, contentTypes: ["application/json", "text/*"], serializer: .json)
        document.examples = [
            .init(
                name: "created", status: 201, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: "{\"id\": 1}\n"),
            .init(name: "conflict", status: 409),
        ]
        return document
    }

    /// Every body kind, each in a document of its own.
    static var bodies: [RequestDescription.Body] {
        [
            .raw("line one\nline two\n", contentType: "text/plain"),
            .raw("{{greeting}}", contentType: nil),
            .json(.array([.number("1"), .string("two")])),
            .form(.object([("q", .string("ferry boats")), ("n", .number("10"))])),
            .multipart([
                .init(name: "title", value: .text("A picture")),
                .init(name: "photo", value: .file(path: "files/photo.png"), contentType: "image/png", fileName: "me.png"),
            ]),
            .plist(.object([("enabled", .bool(false))])),
            .file(path: "files/payload.bin", contentType: "application/octet-stream"),
            .graphql(
                GraphQLBody(
                    query: "query Book($id: ID!) {\n  book(id: $id) { title }\n}\n", variables: "{\"id\": \"{{id}}\"}",
                    operationName: "Book", usesGET: true)),
            .graphql(GraphQLBody(query: "{ hello }")),
        ]
    }
}
