import FerryCore
import Foundation

/// A `Transport` that makes `grpc://` and `grpcs://` requests gRPC calls and hands every other
/// request to `inner`, so that a gRPC request file goes through the exchange pipeline's stages
/// (credentials, time limit, checks, captures, history) as any request does.
///
/// The request's body is its messages as JSON (one object, or a list of them: `GRPCBody`), its
/// headers the call's metadata, its total timeout the deadline and `options.protosets` where the
/// schema comes from (server reflection without them). A call handed over in a turn
/// (`TransferTurn`, `ferry run`) passes it to its own transfer on `inner`. The response is the
/// call's HTTP/2 head and trailers with a JSON body of what came back:
/// `{"messages":[…],"status":{"code":0,"name":"OK","message":""}}`.
public struct GRPCTransport: Transport {
    public let inner: any Transport
    private let schemas = GRPCSchemas()
    private let preparedCalls = GRPCPreparedCalls()

    public init(inner: any Transport) { self.inner = inner }

    /// Whether `url` is a gRPC URL.
    public static func carries(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "grpc" || scheme == "grpcs"
    }

    /// Whether the transport makes `request` a gRPC call: a gRPC URL, or a gRPC-Web call (a request
    /// file's `web:`) to an `http://` or `https://` URL, gRPC-Web being HTTP.
    public static func carries(_ request: Request) -> Bool {
        carries(request.url) || (request.options.grpcWeb != nil && ["http", "https"].contains(request.url.scheme?.lowercased() ?? ""))
    }

    /// The call's target: an `http://` URL read as `grpc://` (clear text), `https://` as `grpcs://`.
    private static func target(of url: URL) throws -> GRPCTarget {
        var text = url.absoluteString
        if let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            text = (scheme == "http" ? "grpc" : "grpcs") + text.dropFirst(scheme.count)
        }
        do {
            return try GRPCTarget(text)
        } catch {
            throw FerryError.invalidRequest(reason: .malformedURL(url.absoluteString, problem: error.description))
        }
    }

    public func send(
        _ request: Request, receivingInto destination: ResponseDestination, progress: (@Sendable (TransferProgress) -> Void)?,
        observer: (any ResponseStreamObserver)?
    ) async throws -> Response {
        guard Self.carries(request) else {
            return try await inner.send(request, receivingInto: destination, progress: progress, observer: observer)
        }
        let started = Date()
        let client = GRPCClient(transport: inner)
        let (call, pool, method) = try await prepared(request, client: client)
        let answers = GRPCAnswers(pool: pool, type: method.outputType, observer: observer)
        let outcome: GRPCClient.Outcome
        do {
            outcome = try await client.run(
                call, head: { _, headers in answers.head(headers, time: Int64(Date().timeIntervalSince(started) * 1e6)) },
                received: { message, _ in answers.add(message) }, delivered: answers.deliver)
        } catch let error as ProtoCodecError {
            throw Self.notGRPC(error.description)
        }
        if let failure = answers.failure { throw Self.notGRPC(failure) }
        let status = outcome.status
        let detailed = status.details.isEmpty ? pool : await schemas.addingDetailTypes(of: status, to: pool, client: client, call: call)
        let (joined, leftOut) = answers.body
        return Self.response(of: outcome, joinedMessages: joined, leftOut: leftOut, pool: detailed, call: call, started: started)
    }

    /// The response a call's outcome is recorded and checked as: its HTTP/2 head and trailers (with
    /// the status Ferry concluded itself when the server sent none), and a JSON body of the answers'
    /// messages (JSON texts) and the status, details decoded with `pool`.
    public static func response(
        of outcome: GRPCClient.Outcome, messages: [String], pool: DescriptorPool, call: GRPCCall, started: Date
    ) -> Response {
        response(
            of: outcome, joinedMessages: Array(messages.joined(separator: ",").utf8), leftOut: 0, pool: pool, call: call,
            started: started)
    }

    /// The response with the messages' JSON already joined with commas, and the count of those a long
    /// stream left out of it (`messagesLeftOut`, past `GRPCAnswers.keptBytes`).
    static func response(
        of outcome: GRPCClient.Outcome, joinedMessages: [UInt8], leftOut: Int, pool: DescriptorPool, call: GRPCCall, started: Date
    ) -> Response {
        let status = outcome.status
        var body = Data("{\"messages\":[".utf8)
        body.append(contentsOf: joinedMessages)
        body.append(contentsOf: ("]" + (leftOut > 0 ? ",\"messagesLeftOut\":\(leftOut)" : "") + ",\"status\":").utf8)
        body.append(contentsOf: (status.json(pool: pool) + "}").utf8)
        var response =
            outcome.response
            ?? Response(
                status: 200, reasonPhrase: "", httpVersion: "HTTP/2", headers: [:], body: ResponseBody(storage: .memory(Data()), count: 0),
                effectiveURL: call.target.url(of: call.method).absoluteString, remoteAddress: nil, redirects: [],
                timeline: Timeline(start: started, durations: [.wait: Int64(Date().timeIntervalSince(started) * 1e6)]), sent: nil)
        response.body = ResponseBody(storage: .memory(body), count: Int64(body.count))
        if response.trailers["grpc-status"] == nil, response.headers["grpc-status"] == nil {
            // A status Ferry concluded itself (the deadline, an answer without one) is kept where checks and the history read it.
            response.trailers.add(name: "grpc-status", value: "\(status.code)")
            response.trailers.add(name: "grpc-message", value: Self.percentEncoded(status.message))
        }
        return response
    }

    public func openWebSocket(_ request: Request) async throws -> any WebSocketConnection { try await inner.openWebSocket(request) }

    /// The call `request` describes, with the schema of its method.
    private func prepared(
        _ request: Request, client: GRPCClient
    ) async throws -> (GRPCCall, DescriptorPool, ProtoService.Method) {
        let key = GRPCPreparedCalls.key(of: request)
        if let key, let known = preparedCalls.prepared(for: key) {
            var call = Self.call(request, target: known.target)
            call.method = known.path
            call.messages = .fixed(known.messages)
            return (call, known.pool, known.method)
        }
        let target = try Self.target(of: request.url)
        guard !target.method.isEmpty else {
            throw FerryError.invalidRequest(
                reason: .malformedURL(
                    request.url.absoluteString, problem: "it names no method: write grpc://host:port/package.Service/Method"))
        }
        var call = Self.call(request, target: target)
        let path = target.method
        let service = String(path[..<(path.lastIndex(of: "/") ?? path.lastIndex(of: ".") ?? path.endIndex)])
        do {
            if let turn = TransferTurn.current, turn.previous != nil,
                schemas.asksTheServer(service: service, options: request.options, call: call)
            {
                // Handed over ahead of its turn, it would put the reflection request on the wire before
                // the call before it ends: not sent (the runner sends it again in its own time).
                turn.declined = true
                throw FerryError.explicitlyCancelled
            }
            // The call's own transfer takes the turn, not the reflection's.
            let pool = try await TransferTurn.$current.withValue(nil) {
                try await schemas.pool(service: service, options: request.options, client: client, call: call)
            }
            let (found, method) = try pool.method(path)
            let messages = try Self.messages(request.body, method: method, pool: pool)
            call.method = found.fullName + "/" + method.name
            call.messages = .fixed(messages)
            if let key {
                preparedCalls.keep(.init(target: target, pool: pool, method: method, path: call.method, messages: messages), for: key)
            }
            return (call, pool, method)
        } catch let error as ProtoCodecError {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "gRPC call", problem: error.description))
        }
    }

    /// The call `request` makes to `target` (its messages not yet encoded): metadata, deadline, TLS
    /// options, wire format, credentials.
    private static func call(_ request: Request, target: GRPCTarget) -> GRPCCall {
        var call = GRPCCall(target: target, method: target.method, messages: .fixed([]))
        call.metadata = request.headers.filter { !Self.callFields.contains($0.name.lowercased()) }.map { ($0.name.lowercased(), $0.value) }
        call.timeout = request.options.totalTimeout
        call.options = request.options
        call.wireFormat = request.options.grpcWeb.map { $0 == .text ? .webText : .web } ?? .grpc
        call.compression = request.options.grpcCompression
        call.authentication = request.authentication
        if let size = request.options.maxMessageSize { call.maximumMessageSize = Int(clamping: size) }
        return call
    }

    /// The methods and message fields of the server `request` is for (its URL's method may be
    /// partial or missing): from the descriptor sets and `.proto` files its options name, else from
    /// the server's reflection (every service it lists), for completion in the TUI.
    public func outline(of request: Request) async throws -> GRPCSchemaOutline {
        let target = try Self.target(of: request.url)
        let options = request.options
        let (protosets, protoFiles) = (options.protosets ?? [], options.protoFiles ?? [])
        if !protosets.isEmpty || !protoFiles.isEmpty {
            return try DescriptorPool(protosetFiles: protosets, protoFiles: protoFiles, importPaths: options.protoImportPaths ?? []).outline
        }
        let reflection = GRPCReflection(client: GRPCClient(transport: inner), template: Self.call(request, target: target))
        let services = try await reflection.services().filter { !$0.hasPrefix("grpc.reflection.") }
        return try await reflection.pool(containing: services).outline
    }

    /// The fields `GRPCCall` sets itself, left out of the metadata.
    private static let callFields: Set<String> = ["content-type", "te", "grpc-timeout", "grpc-accept-encoding", "grpc-encoding"]

    /// The request messages: the body's JSON object, or each of its list, encoded as the method's input type.
    static func messages(_ body: RequestBody, method: ProtoService.Method, pool: DescriptorPool) throws -> [[UInt8]] {
        let json: Data
        switch body {
        case .none: json = Data()
        case .bytes(let data): json = data
        default: throw ProtoCodecError("a gRPC request's body is its messages as JSON")
        }
        var texts: [Data] = []
        let first = json.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        if first == UInt8(ascii: "{") {
            texts = [json]  // one message: the codec reads it (and says where it is not JSON)
        } else if first != nil {
            let document: Document
            do {
                document = try JSONParser.parse(json)
            } catch {
                throw ProtoCodecError("the messages are not JSON: \(error)")
            }
            switch document.kind(of: document.root) {
            case .array: texts = document.children(of: document.root).map { Data(document.literal(of: $0).utf8) }
            default: throw ProtoCodecError("the messages are neither a JSON object nor a list of them")
            }
        }
        if texts.isEmpty, !method.clientStreaming { texts = [Data("{}".utf8)] }
        if texts.count > 1, !method.clientStreaming {
            throw ProtoCodecError("\(method.name) takes one message, not \(texts.count) (it is not a client stream)")
        }
        return try texts.enumerated().map { index, text in
            var reader = ProtoJSONReader(pool: pool)
            do {
                return try reader.message(fromJSON: text, type: method.inputType)
            } catch {
                throw ProtoCodecError("message \(index + 1) is not a \(method.inputType): \(error)")
            }
        }
    }

    /// An answer that is not a gRPC one, as the transport failure it ends the exchange with.
    private static func notGRPC(_ detail: String) -> FerryError {
        .transportFailed(reason: FerryError.TransportFailureReason(kind: .other, code: 0, codeText: "not a gRPC answer", detail: detail))
    }

    /// `grpc-message`'s percent-encoding (gRPC's: every byte outside printable ASCII, and `%`).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (0x20...0x7E).contains(byte), byte != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2, with: "0")
            }
        }
        return out
    }
}
