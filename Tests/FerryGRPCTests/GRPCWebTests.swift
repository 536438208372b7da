import FerryCore
import FerryTestSupport
import FerryTransport
import Foundation
import Synchronization
import Testing

@testable import FerryGRPC

/// gRPC-Web calls over libcurl against a server nobody here wrote: sonora (PyPI) serving grpc/grpc's
/// helloworld and route_guide through hypercorn, over HTTP/1.1 and clear-text HTTP/2, in the binary
/// and the text (base64) forms; and against web_server.py's hostile face for what must be refused.
@Suite(.enabled(if: PythonGRPCServer.hasWeb, "needs sonora and hypercorn (scripts/install-deps)"))
struct GRPCWebTests {
    let client = GRPCClient(transport: CurlTransport(hashesBodies: false))
    static let pool: DescriptorPool = {
        try! ProtoCompiler(importPaths: [PythonGRPCServer.fixtures]).pool(["helloworld.proto", "route_guide.proto"])
    }()

    struct Answer {
        var outcome: GRPCClient.Outcome
        var messages: [String]
    }

    /// Calls `method` with one JSON message and returns the answers as JSON.
    func call(
        _ server: PythonGRPCServer, _ method: String, _ json: String, format: GRPCWireFormat, http: HTTPVersionPreference = .automatic
    ) async throws -> Answer {
        let target = try GRPCTarget(server.url(method))
        let (_, found) = try Self.pool.method(method)
        var reader = ProtoJSONReader(pool: Self.pool)
        var call = GRPCCall(
            target: target, method: method, messages: .fixed([try reader.message(fromJSON: Data(json.utf8), type: found.inputType)]))
        call.wireFormat = format
        call.webHTTPVersion = http
        call.timeout = 20
        let messages = Mutex<[String]>([])
        let outcome = try await client.run(call) { bytes, _ in
            var writer = ProtoJSONWriter(pool: Self.pool)
            let text = (try? writer.json(of: bytes, type: found.outputType)) ?? "not a \(found.outputType)"
            messages.withLock { $0.append(text) }
        }
        return Answer(outcome: outcome, messages: messages.withLock { $0 })
    }

    @Test(arguments: [GRPCWireFormat.web, .webText], [HTTPVersionPreference.http1_1, .http2PriorKnowledge])
    func aUnaryCall(format: GRPCWireFormat, http: HTTPVersionPreference) async throws {
        let server = try await PythonGRPCServer(script: "web_server.py")
        let answer = try await call(server, "helloworld.Greeter/SayHello", #"{"name": "web"}"#, format: format, http: http)
        #expect(answer.messages == [#"{"message":"Hello web"}"#])
        #expect(answer.outcome.status.code == 0)
        #expect(answer.outcome.response?.httpVersion == (http == .http1_1 ? "HTTP/1.1" : "HTTP/2"))
        #expect(answer.outcome.response?.trailers["grpc-status"] == "0")
    }

    @Test(arguments: [GRPCWireFormat.web, .webText])
    func aServerStreamAndItsTrailerFrame(format: GRPCWireFormat) async throws {
        let server = try await PythonGRPCServer(script: "web_server.py")
        let rectangle = #"{"lo": {"latitude": 400000000, "longitude": -750000000}, "hi": {"latitude": 420000000, "longitude": -730000000}}"#
        let answer = try await call(server, "routeguide.RouteGuide/ListFeatures", rectangle, format: format)
        #expect(answer.messages.count == 2)
        #expect(answer.messages.first?.contains("Patriots Path") == true)
        #expect(answer.outcome.status.code == 0)
        #expect(answer.outcome.messageCount == 2)
    }

    @Test(arguments: [3, 5, 7, 14])
    func aStatusCodeAndItsMessage(code: Int) async throws {
        let server = try await PythonGRPCServer(script: "web_server.py")
        let answer = try await call(server, "helloworld.Greeter/SayHello", #"{"name": "status:\#(code)"}"#, format: .web)
        #expect(answer.outcome.status.code == code)
        #expect(answer.outcome.status.message == "failed on purpose")
        #expect(answer.messages.isEmpty)
    }

    @Test func overTLSALPNChoosesHTTP2() async throws {
        let identity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FerryServer/TestIdentity").path
        let certificate = (identity as NSString).appendingPathComponent("demo-server.cert.pem")
        let server = try await PythonGRPCServer(
            script: "web_server.py", ["--tls", certificate, (identity as NSString).appendingPathComponent("demo-server.key.pem")])
        var call = GRPCCall(
            target: try GRPCTarget(server.url("helloworld.Greeter/SayHello", tls: true)), method: "helloworld.Greeter/SayHello",
            messages: .fixed([[0x0A, 0x03, 0x74, 0x6C, 0x73]]))
        call.wireFormat = .webText
        call.options.tls.caFile = certificate
        call.timeout = 20
        let outcome = try await client.run(call) { _, _ in }
        #expect(outcome.status.code == 0)
        #expect(outcome.messageCount == 1)
        #expect(outcome.response?.httpVersion == "HTTP/2")
    }

    @Test func anAnswerWithoutItsTrailerFrameHasNoStatus() async throws {
        let server = try await PythonGRPCServer(script: "web_server.py", ["--hostile"])
        let answer = try await call(server, "helloworld.Greeter/SayHello", "{}", format: .web)
        #expect(answer.messages.count == 1)
        #expect(answer.outcome.status.code == 13)
        #expect(answer.outcome.status.message == "the gRPC-Web answer ended without its trailer frame (no grpc-status)")
    }

    @Test func badBase64AndABadTrailerFrameAreLocatedErrors() async throws {
        let server = try await PythonGRPCServer(script: "web_server.py", ["--hostile"])
        let target = try GRPCTarget(server.url())
        for (method, expected) in [
            ("x.Y/BadBase64", "character \"!\" is not in its alphabet (byte 4)"),
            ("x.Y/BadTrailer", "the gRPC-Web trailer frame has a line that is not \"name: value\": \"nope\" (byte 7)"),
        ] {
            var call = GRPCCall(target: target, method: method, messages: .fixed([[]]))
            call.wireFormat = .webText
            call.timeout = 20
            await #expect { try await client.run(call) { _, _ in } } throws: { "\($0)".contains(expected) }
        }
    }

    @Test func aClientStreamIsRefusedBeforeAnythingIsSent() async throws {
        var call = GRPCCall(
            target: try GRPCTarget("grpc://127.0.0.1:9/routeguide.RouteGuide/RecordRoute"), method: "x", messages: .streamed { nil })
        call.wireFormat = .web
        await #expect { try await client.run(call) { _, _ in } } throws: { "\($0)".contains("unary and server-streaming calls only") }
    }

    @Test func theTextDecoderTakesSeparatelyPaddedPiecesAndRefusesTheRest() throws {
        var decoder = GRPCWebTextDecoder()
        let pieces = [Data([1, 2]), Data([3]), Data([4, 5, 6])].map { $0.base64EncodedString() }.joined()
        var bytes: [UInt8] = []
        for character in Array(pieces.utf8) { bytes += try decoder.append([character]) }
        #expect(bytes == [1, 2, 3, 4, 5, 6])
        #expect(decoder.pendingCharacters == 0)
        var bad = GRPCWebTextDecoder()
        #expect(throws: ProtoCodecError.self) { try bad.append(Array("AB=C".utf8)) }
    }
}
