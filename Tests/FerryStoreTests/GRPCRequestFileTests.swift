import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// gRPC request files (issue 33): `body: grpc:` with its messages and descriptor sets, `expect: grpc:`
/// on the status by name or number and on its message, read and written back as read; mistakes
/// located.
@Suite struct GRPCRequestFileTests {
    static let file = """
        name: Chat
        url: grpc://{{host}}/routeguide.RouteGuide/RouteChat
        headers:
        - x-token: '{{token}}'
        body:
          grpc:
            messages:
            - message: first
              location:
                latitude: 1
            - message: '{{second}}'
            protoset: protos/route_guide.protoset
            proto:
            - protos/route_guide.proto
            - protos/extra.proto
            importPaths: protos
            web: text
        options:
          timeout: 5
        expect:
          grpc:
            status: OK
            message:
              contains: fine
          headers:
            x-trailer: two
          body:
            $.messages:
              count: 2
            $.messages[0].message: echo first
        capture:
          reply: $.messages[1].message
          code: grpc-status

        """

    @Test func aGRPCFileIsWrittenBackAsRead() throws {
        let document = try RequestDescription(yaml: Self.file, path: "chat.ferry.yaml")
        guard case .grpc(let body) = document.body else { Issue.record("not a gRPC body: \(document.body)"); return }
        #expect(body.messages.count == 2)
        #expect(body.protosets == ["protos/route_guide.protoset"])
        #expect(body.protoFiles == ["protos/route_guide.proto", "protos/extra.proto"] && body.importPaths == ["protos"])
        #expect(body.web == .text)
        #expect(document.isGRPC)
        #expect(document.sentMethod == .post)
        #expect(document.assertions.first == Assertion(.query(.grpcStatus), .compare(.equal, .number("0"))))
        let written = try document.yaml()
        #expect(written == Self.file, "\(written)")
    }

    @Test func oneMessageIsMessageAndStatusesAreNamesOrNumbers() throws {
        let text = """
            url: grpcs://example.test/helloworld.Greeter/SayHello
            body:
              grpc:
                message:
                  name: world
            expect:
              grpc:
                status:
                - NOT_FOUND
                - 14
              checks:
              - grpc-status != OK
              - grpc-message matches "^fail"

            """
        let document = try RequestDescription(yaml: text, path: "hello.ferry.yaml")
        #expect(
            document.assertions.map(\.text) == [
                #"grpc-status in ["NOT_FOUND", "UNAVAILABLE"]"#, #"grpc-status != "OK""#, #"grpc-message matches "^fail""#,
            ])
        #expect(document.assertions[0].predicate == .oneOf([.number("5"), .number("14")]))
        let again = try RequestDescription(yaml: try document.yaml(), path: "hello.ferry.yaml")
        #expect(again == document)
        // A file that checks no status is checked for OK; one that does is not checked twice.
        #expect(document.checks.assertions.count == 3)
        let unchecked = try RequestDescription(yaml: "url: grpc://h:1/a.B/C\n", path: "c.ferry.yaml")
        #expect(unchecked.checks.assertions.map(\.text) == [#"grpc-status == "OK""#])
    }

    @Test func mistakesAreLocated() {
        let cases: [(String, String)] = [
            ("url: grpc://h/a.B/C\nexpect:\n  grpc:\n    status: NOTFOUND\n", "4:13"),
            ("url: grpc://h/a.B/C\nbody:\n  grpc:\n    message: [1, 2]\n", "4:14"),
            ("url: grpc://h/a.B/C\nbody:\n  grpc:\n    message: {}\n    messages: []\n", "4:5"),
            ("url: grpc://h/a.B/C\nbody:\n  grpc:\n    protocol: x\n", "4:5"),
            ("url: grpc://h/a.B/C\nbody:\n  grpc:\n    web: json\n", "4:10"),
        ]
        for (text, place) in cases {
            #expect(throws: ConfigProblem.self) { try RequestDescription(yaml: text, path: "bad.ferry.yaml") }
            do {
                _ = try RequestDescription(yaml: text, path: "bad.ferry.yaml")
            } catch {
                #expect(error.description.contains("bad.ferry.yaml:\(place)"), "\(error.description)")
            }
        }
    }

    @Test func theMessagesAreSentAsAJSONListAndTheProtosetStaysInTheCollection() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("protos"), withIntermediateDirectories: true)
        _ = try directory.write("protos/route_guide.protoset", Data([0]))
        let document = try RequestDescription(yaml: Self.file, path: "chat.ferry.yaml")
        let resolver = VariableResolver([
            Variable(name: "host", value: "127.0.0.1:1"), Variable(name: "token", value: "t"), Variable(name: "second", value: "2nd"),
        ])
        let resolved = try document.resolved(with: resolver, directory: directory.path)
        #expect(resolved.request.url.absoluteString == "grpc://127.0.0.1:1/routeguide.RouteGuide/RouteChat")
        #expect(resolved.request.method == .post)
        guard case .bytes(let body) = resolved.request.body else { Issue.record("\(resolved.request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == #"[{"message":"first","location":{"latitude":1}},{"message":"2nd"}]"#)
        #expect(resolved.request.options.protosets == [directory.file("protos/route_guide.protoset")])
        #expect(resolved.request.headers["Content-Type"] == nil)

        var outside = document
        outside.body = .grpc(GRPCBody(messages: [], protosets: ["../elsewhere.protoset"]))
        #expect(throws: FerryError.self) { try outside.resolved(with: resolver, directory: directory.path) }
    }
}
