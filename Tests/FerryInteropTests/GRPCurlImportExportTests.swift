import FerryCore
import FerryInterop
import Foundation
import Testing

/// grpcurl commands into gRPC request files and back (issue 33): grpcurl's flags read as its flag
/// package reads them, `-d` holding several messages or `@` with a here-document, what Ferry does
/// not carry reported, mistakes located; the exporter's command imported gives the request again.
@Suite struct GRPCurlImportExportTests {
    private func imported(_ text: String) throws -> ImportedCollection {
        try GRPCurlImporter().importCollection(text, source: "calls.sh", directory: "/tmp")
    }

    @Test func aCommandBecomesAGRPCRequestFile() throws {
        let collection = try imported(
            """
            grpcurl -H "authorization: Bearer $TOKEN" -H 'x-request-id: 7' -cacert ca.pem -max-time 2.5 -v \\
              -d '{"latitude": 407838351, "longitude": -746143763}' grpc.example.com:443 routeguide.RouteGuide.GetFeature
            $ grpcurl -plaintext -protoset=route.protoset -d @ 127.0.0.1:50051 /routeguide.RouteGuide/RecordRoute <<EOM
            {"latitude": 1}
            {"latitude": 2} {}
            EOM
            """)
        try #require(collection.requests.count == 2)
        let first = collection.requests[0].description
        #expect(first.url == "grpcs://grpc.example.com:443/routeguide.RouteGuide/GetFeature")
        #expect(first.headers.map(\.name) == ["authorization", "x-request-id"])
        #expect(first.headers[0].value == "Bearer {{TOKEN}}")
        #expect(first.options.totalTimeout == 2.5)
        #expect(first.options.tls.caFile == "ca.pem")
        #expect(
            first.body == .grpc(GRPCBody(messages: [.object([("latitude", .number("407838351")), ("longitude", .number("-746143763"))])])))
        let second = collection.requests[1].description
        #expect(second.url == "grpc://127.0.0.1:50051/routeguide.RouteGuide/RecordRoute")
        guard case .grpc(let body) = second.body else { Issue.record("\(second.body)"); return }
        #expect(body.messages.count == 3)
        #expect(body.protosets == ["route.protoset"])
        #expect(collection.report.notes(.dropped).map(\.message) == ["-v: not carried over"])
        #expect(collection.report.notes(.approximated).count == 1)  // $TOKEN
    }

    @Test func mistakesNameTheCommandAndTheWord() {
        let cases: [(String, String)] = [
            ("grpcurl -plaintext -d '{\"a\": [1, {\"b\": 2}' localhost:1 a.B/C", "`-d` message 1 is not closed"),
            ("grpcurl -plaintext localhost:1 list", "ferry grpc list"),
            ("grpcurl -nope localhost:1 a.B/C", "`-nope` is not a grpcurl flag"),
            ("grpcurl -max-time x localhost:1 a.B/C", "`-max-time` needs seconds"),
            ("grpcurl -plaintext localhost:1", "expected grpcurl [flags] ADDRESS SERVICE/METHOD"),
            ("grpcurl -d @ localhost:1 a.B/C", "reads standard input"),
            ("echo hi", "no grpcurl command found"),
        ]
        for (text, message) in cases {
            do {
                _ = try imported(text)
                Issue.record("imported: \(text)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func theExportedCommandImportsBackAsTheSameRequest() throws {
        var description = RequestDescription(url: "grpcs://api.example.test:8443/chat.Chat/Talk")
        description.headers = [.init(name: "x-user", value: "{{user}}")]
        description.body = .grpc(GRPCBody(messages: [.object([("text", .string("it's {{user}}"))]), .object([])]))
        description.options.totalTimeout = 3
        description.options.tls.verifyPeer = false
        let command = try GRPCurlExporter().command(
            for: description, resolver: VariableResolver([Variable(name: "user", value: "ann")]), directory: "/tmp")
        #expect(
            command == """
                grpcurl -insecure \\
                  -H 'x-user: ann' \\
                  -d '{"text":"it'\\''s ann"} {}' \\
                  -max-time 3 \\
                  api.example.test:8443 chat.Chat/Talk
                """)
        let back = try imported(command).requests[0].description
        #expect(back.url == description.url)
        #expect(back.headers == [.init(name: "x-user", value: "ann")])
        #expect(back.body == .grpc(GRPCBody(messages: [.object([("text", .string("it's ann"))]), .object([])])))
        #expect(back.options == description.options)
        #expect(ImportFormat.detect(command) == .grpcurl)
        #expect(throws: FerryError.self) {
            try CurlExporter().command(for: description, resolver: VariableResolver(), directory: "/tmp")
        }
    }
}
