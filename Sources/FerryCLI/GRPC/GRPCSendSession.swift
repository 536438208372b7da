import FerryCore
import FerryGRPC
import Foundation

/// `ferry send grpc://host:port/pkg.Service/Method`: one gRPC call. The request messages are the
/// `-d` values (one message each; `@file` reads one from a file), or, for a client or bidi stream
/// without `-d`, JSON Lines from stdin; each answer is printed as it arrives (pretty JSON, or one
/// JSON line each with `--json`), then the status. A status other than OK exits 3.
struct GRPCSendSession {
    let options: SendOptions
    let protosets: [String]
    var printer = ResponsePrinter()
    /// Where a stream's messages are read from, and why reading stopped early.
    private let input = GRPCInputLines()

    func run() async -> ExitStatus {
        do {
            return try await call()
        } catch let error as ProtoCodecError {
            printer.stderr.line("ferry: " + TerminalSafeText.escaping(error.description))
            return .usage
        } catch let error as FerryError {
            printer.printError(error)
            return ExitStatus(for: error)
        } catch {
            printer.stderr.line("ferry: \(error)")
            return .usage
        }
    }

    private func call() async throws -> ExitStatus {
        let started = Date()
        let maximumMessageSize = try options.maxMessageSize.map(Self.size)
        let connection = try GRPCConnection(
            url: options.url, headers: options.headers, protosets: protosets, protoFiles: options.protoFiles,
            importPaths: options.importPaths, insecure: options.insecure, caFile: options.caFile, maxTime: options.maxTime,
            connectTimeout: options.connectTimeout, maximumMessageSize: maximumMessageSize,
            wireFormat: try wireFormat(), webHTTPVersion: options.http11 ? .http1_1 : options.http2 ? .http2PriorKnowledge : .automatic)
        let path = connection.target.method
        guard !path.isEmpty else { throw ProtoCodecError("the URL names no method: write grpc://host:port/package.Service/Method") }
        let serviceName = String(path[..<(path.lastIndex(of: "/") ?? path.lastIndex(of: ".") ?? path.endIndex)])
        let pool = try await connection.pool(containing: [serviceName])
        let (service, method) = try pool.method(path)
        var call = connection.template
        call.method = service.fullName + "/" + method.name
        call.compression = options.grpcCompression
        call.messages = try messages(for: method, pool: pool)
        let record = URL(string: options.url).map {
            GRPCSendRecord(url: $0, connection: connection, call: call, maximumMessageSize: maximumMessageSize, started: started)
        }

        let output = GRPCMessagePrinter(printer: printer, pool: pool, type: method.outputType, json: options.json)
        let include = options.showsHead && !options.json
        let outcome: GRPCClient.Outcome
        do {
            outcome = try await connection.client.run(
                call,
                head: { status, headers in
                    if include { printer.printHead(statusLine: "\(status.version) \(status.code) \(status.reason)", headers: headers) }
                },
                received: { message, time in output.print(message, time: time) })
        } catch {
            if let error = error as? FerryError, input.failure == nil {
                recordInHistory(record, outcome: nil, answers: [], pool: pool, error: error)
            }
            // A line of stdin that is no message stops the request stream, and the transfer with it.
            throw input.failure ?? error
        }
        if let failure = output.failure { throw failure }
        let status: ExitStatus = outcome.status.isOK ? .success : .rejected
        let detailed = try await detailPool(outcome.status, pool: pool, connection: connection)
        recordInHistory(record, outcome: outcome, answers: output.recorded.all, pool: detailed, error: nil)
        output.finish(outcome, pool: detailed, include: include, exitCode: status)
        return status
    }

    /// The call as a history row (unless `--no-history`), so that `ferry history replay` makes it again.
    private func recordInHistory(
        _ record: GRPCSendRecord?, outcome: GRPCClient.Outcome?, answers: [String], pool: DescriptorPool, error: FerryError?
    ) {
        guard !options.noHistory, let record,
            let warning = record.write(messages: input.sent.all, outcome: outcome, answers: answers, pool: pool, error: error)
        else { return }
        printer.stderr.line("ferry: " + TerminalSafeText.escaping(warning.message))
    }

    /// The schema with the types of the status's details, asked of reflection when the call's schema lacks them.
    private func detailPool(_ status: GRPCStatus, pool: DescriptorPool, connection: GRPCConnection) async throws -> DescriptorPool {
        let missing = status.details.map { String($0.typeURL.split(separator: "/").last ?? "") }.filter { pool.message($0) == nil }
        guard !missing.isEmpty, connection.usesReflection, let found = try? await connection.reflection.pool(containing: missing) else {
            return pool
        }
        var merged = pool
        for name in found.fileNames { try merged.add(found.files[name]!) }
        return merged
    }

    /// `--grpc-web` or `--grpc-web-text`, else gRPC.
    private func wireFormat() throws -> GRPCWireFormat {
        guard !(options.grpcWeb && options.grpcWebText) else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--grpc-web/--grpc-web-text", problem: "choose one"))
        }
        return options.grpcWebText ? .webText : options.grpcWeb ? .web : .grpc
    }

    private func messages(for method: ProtoService.Method, pool: DescriptorPool) throws -> GRPCCall.Messages {
        let type = method.inputType
        var values = options.data
        if values.isEmpty {
            guard method.clientStreaming else {
                input.sent.add("{}")
                return .fixed([try Self.encode("{}", type: type, pool: pool, source: "the empty message")])
            }
            values = ["@-"]
        }
        if values == ["@-"] {
            let input = self.input
            return .streamed { try input.next(type: type, pool: pool) }
        }
        return .fixed(
            try values.enumerated().map { index, value in
                if value.hasPrefix("@") {
                    let path = String(value.dropFirst())
                    guard let data = FileManager.default.contents(atPath: path) else {
                        throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
                    }
                    let message = try Self.encode(data, type: type, pool: pool, source: path)
                    input.sent.add(String(decoding: data, as: UTF8.self))
                    return message
                }
                input.sent.add(value)
                return try Self.encode(Data(value.utf8), type: type, pool: pool, source: "-d #\(index + 1)")
            })
    }

    static func encode(_ json: String, type: String, pool: DescriptorPool, source: String) throws -> [UInt8] {
        try encode(Data(json.utf8), type: type, pool: pool, source: source)
    }

    static func encode(_ json: Data, type: String, pool: DescriptorPool, source: String) throws -> [UInt8] {
        var reader = ProtoJSONReader(pool: pool)
        do {
            return try reader.message(fromJSON: json, type: type)
        } catch {
            throw ProtoCodecError("\(source) is not a \(type): \(error.description)")
        }
    }

    static func size(_ text: String) throws -> Int {
        guard let size = RequestOptions.parseRate(text), size <= Int64(Int32.max) else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--max-message-size", problem: "expected a size in bytes, e.g. 4M"))
        }
        return Int(size)
    }
}

/// stdin's JSON Lines as the messages of a client stream, read on the transport's thread as the
/// request body is sent; an unreadable line ends the stream and is reported.
final class GRPCInputLines: @unchecked Sendable {
    /// The request's messages as sent (these lines, or the `-d` values), for the history.
    let sent = GRPCSendRecord.Messages()
    private let lock = NSLock()
    private var lineNumber = 0
    private var failureValue: ProtoCodecError?

    var failure: ProtoCodecError? { lock.withLock { failureValue } }

    func next(type: String, pool: DescriptorPool) throws -> [UInt8]? {
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            guard !line.trimmingWhitespace().isEmpty else { continue }
            do {
                let message = try GRPCSendSession.encode(line, type: type, pool: pool, source: "stdin line \(lineNumber)")
                sent.add(line)
                return message
            } catch let error as ProtoCodecError {
                lock.withLock { failureValue = error }
                throw error
            }
        }
        return nil
    }
}
