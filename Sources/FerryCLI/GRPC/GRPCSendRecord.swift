import FerryCore
import FerryGRPC
import FerryStore
import Foundation

/// A `ferry send grpc://` call as a history row, recorded as a request file's call through
/// `GRPCTransport` is: the request's messages as JSON with its metadata, deadline, TLS options and
/// where the schema came from (paths made absolute), so that `ferry history replay` makes the call
/// again without the flags; the answers' messages and the status as the response's JSON body.
struct GRPCSendRecord {
    /// The JSON kept of a call's messages each way: a long stream's first ones, not all of it in memory.
    static let limit = 1 << 20

    let url: URL
    let connection: GRPCConnection
    let call: GRPCCall
    /// `--max-message-size`, when given.
    let maximumMessageSize: Int?
    let started: Date

    /// The request `ferry history replay` sends: `messages` are the JSON texts sent.
    func request(messages: [String]) -> Request {
        var options = RequestOptions()
        options.totalTimeout = call.timeout
        options.connectTimeout = call.options.connectTimeout
        options.tls.verifyPeer = call.options.tls.verifyPeer
        options.tls.caFile = call.options.tls.caFile.map(Self.absolute)
        options.maxMessageSize = maximumMessageSize.map(Int64.init)
        options.grpcWeb = call.wireFormat == .grpc ? nil : call.wireFormat == .webText ? .text : .binary
        options.grpcCompression = call.compression
        if !connection.protosets.isEmpty { options.protosets = connection.protosets.map(Self.absolute) }
        if !connection.protoFiles.isEmpty {
            let roots = (connection.importPaths.isEmpty ? ["."] : connection.importPaths).map(Self.absolute)
            options.protoImportPaths = roots
            // A file named relative to an import path keeps its name (protoc's rule); any other is made absolute.
            options.protoFiles = connection.protoFiles.map { file in
                let underRoot = !file.hasPrefix("/") && roots.contains { FileManager.default.fileExists(atPath: $0 + "/" + file) }
                return underRoot ? file : Self.absolute(file)
            }
        }
        var headers = HTTPHeaders()
        for (name, value) in call.metadata { headers.add(name: name, value: value) }
        let body = messages.count == 1 ? messages[0] : "[" + messages.joined(separator: ",") + "]"
        return Request(method: .post, url: url, headers: headers, body: .bytes(Data(body.utf8)), options: options)
    }

    /// Records the call in the history; the problem, if it could not.
    func write(
        messages: [String], outcome: GRPCClient.Outcome?, answers: [String], pool: DescriptorPool?, error: FerryError?
    ) -> HistoryWarning? {
        let response = outcome.map { outcome in
            GRPCTransport.response(of: outcome, messages: answers, pool: pool ?? DescriptorPool(), call: call, started: started)
        }
        let history = HistoryWriter(locations: StoreLocations(environment: ProcessEnvironment.variables))
        history.append(
            FinishedExchange(
                request: request(messages: messages), response: response, error: error, started: started, origin: .adHoc,
                redaction: Redaction()))
        return history.finish()
    }

    /// JSON texts kept for the row as they go (from any thread): the first ones, up to `limit` bytes.
    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        private var size = 0
        private var full = false

        var all: [String] { lock.withLock { texts } }

        func add(_ text: String) {
            lock.withLock {
                full = full || size + text.utf8.count > GRPCSendRecord.limit
                guard !full else { return }
                size += text.utf8.count
                texts.append(text)
            }
        }
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL.path
    }
}
