import FerryGRPC
import Foundation
import NIOCore
import NIOHTTP1

/// The demo server's gRPC face: `ferry.demo.Demo` (DemoGRPCSchema) and server reflection (v1 and
/// v1alpha), served as gRPC-Web — binary (`application/grpc-web+proto`) and text
/// (`application/grpc-web-text`) — over the demo's HTTP/1.1 (Documentation/DECISIONS.md says why not
/// native gRPC over HTTP/2). Messages are read and written through Ferry's dynamic codec as JSON, so
/// the service is written over JSON objects. Every answer ends with gRPC-Web's trailer frame.
enum DemoGRPC {
    /// The reply to a gRPC-Web call; nil when the request is not one (it goes to the other routes).
    static func reply(for request: DemoRequest) -> DemoReply? {
        let type = (request.head.headers.first(name: "Content-Type") ?? "").lowercased()
        guard request.head.method == .POST, type.hasPrefix("application/grpc-web") else { return nil }
        let text = type.hasPrefix("application/grpc-web-text")
        var call = Call(text: text, type: text ? "application/grpc-web-text+proto" : "application/grpc-web+proto")
        guard let pool = DemoGRPCSchema.pool else { return call.status(13, "the demo's schema did not compile") }
        let path = request.pathComponents.map(String.init)
        guard path.count == 2, let service = pool.service(path[0]), let method = service.methods.first(where: { $0.name == path[1] })
        else {
            return call.status(12, "no method \(path.joined(separator: "/")) here: ferry grpc list shows the demo's")
        }
        let messages: [[String: Any]]
        do {
            messages = try Self.messages(of: request, text: text, type: method.inputType, pool: pool)
        } catch let refused as Refusal {
            return call.status(refused.code, refused.message)
        } catch {
            return call.status(3, "the request is not \(method.inputType) messages: \(error)")
        }
        call.pool = pool
        call.outputType = method.outputType
        if service.fullName.hasPrefix("grpc.reflection.") { return call.answer(messages.map { Self.reflection($0, pool: pool) }) }
        return DemoGRPCService.reply(method.name, messages: messages, timeout: Self.timeout(request), call: call)
    }

    /// How one call is answered: its form (binary or base64 text), the output type's codec.
    struct Call: Sendable {
        let text: Bool
        let type: String
        var pool = DescriptorPool()
        var outputType = ""

        /// Frames `messages` (JSON objects of the output type) and the trailer frame with `code`.
        func answer(_ messages: [[String: Any]], code: Int = 0, message: String = "") -> DemoReply {
            var body = messages.flatMap(frame)
            body += trailerFrame(code: code, message: message)
            return DemoReply(status: .ok, headers: headers, body: .bytes(body))
        }

        /// A call that ends with `code` and no message; with `details`, a google.rpc.Status in `grpc-status-details-bin`.
        func status(_ code: Int, _ message: String, details: [[String: Any]] = []) -> DemoReply {
            DemoReply(status: .ok, headers: headers, body: .bytes(trailerFrame(code: code, message: message, details: details)))
        }

        var headers: HTTPHeaders { ["Content-Type": type, "Cache-Control": "no-cache"] }

        /// One message framed (and in base64 for the text form).
        func frame(_ message: [String: Any]) -> [UInt8] {
            var reader = ProtoJSONReader(pool: pool)
            let json = (try? JSONSerialization.data(withJSONObject: message)) ?? Data("{}".utf8)
            let bytes = (try? reader.message(fromJSON: json, type: outputType)) ?? []
            return encoded(GRPCFrameDecoder.frame(bytes))
        }

        func trailerFrame(code: Int, message: String, details: [[String: Any]] = []) -> [UInt8] {
            var fields = "grpc-status: \(code)\r\ngrpc-message: \(Self.percentEncoded(message))\r\n"
            if !details.isEmpty {
                var reader = ProtoJSONReader(pool: pool)
                let status: [String: Any] = ["code": code, "message": message, "details": details]
                if let json = try? JSONSerialization.data(withJSONObject: status),
                    let bytes = try? reader.message(fromJSON: json, type: "google.rpc.Status")
                {
                    fields += "grpc-status-details-bin: \(Data(bytes).base64EncodedString())\r\n"
                }
            }
            let payload = Array(fields.utf8)
            let length = UInt32(payload.count)
            return encoded(
                [0x80, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + payload)
        }

        private func encoded(_ bytes: [UInt8]) -> [UInt8] { text ? Array(Data(bytes).base64EncodedString().utf8) : bytes }

        /// `grpc-message`'s percent-encoding.
        private static func percentEncoded(_ text: String) -> String {
            text.utf8.map {
                (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "%") ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0)
            }
            .joined()
        }
    }

    /// A request refused with a status of its own, as grpcio refuses it: a message compressed with an
    /// encoding the server does not read (UNIMPLEMENTED), or flagged compressed with no `grpc-encoding` (INTERNAL).
    private struct Refusal: Error {
        let code: Int
        let message: String
    }

    /// The request's messages as JSON objects, compressed ones (`grpc-encoding: gzip` or `deflate`) decompressed.
    private static func messages(of request: DemoRequest, text: Bool, type: String, pool: DescriptorPool) throws -> [[String: Any]] {
        var body = request.body
        if text {
            var decoder = GRPCWebTextDecoder()
            body = try decoder.append(body)
        }
        var frames = GRPCFrameDecoder(maximumMessageSize: DemoRequest.keptBodyLimit)
        let read = try frames.append(body)
        guard frames.pendingBytes == 0 else { throw ProtoCodecError("the body ends inside a frame") }
        let encoding = request.head.headers.first(name: "grpc-encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        return try read.map { frame in
            var message = frame.message
            if frame.compressed {
                guard let encoding, encoding != "identity" else {
                    throw Refusal(code: 13, message: "a message is flagged compressed but the request names no grpc-encoding")
                }
                guard ["gzip", "deflate"].contains(encoding) else {
                    throw Refusal(code: 12, message: "the demo does not read messages compressed with \"\(encoding)\" (gzip, deflate)")
                }
                message = try GRPCFrameDecoder.decompressed(frame, encoding: encoding, limit: DemoRequest.keptBodyLimit)
            }
            var writer = ProtoJSONWriter(pool: pool)
            let json = try writer.json(of: message, type: type)
            return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// The call's deadline from `grpc-timeout` (`100m`, `2S`, …), in seconds.
    static func timeout(_ request: DemoRequest) -> Double? {
        guard let text = request.head.headers.first(name: "grpc-timeout"), let unit = text.last, let value = Double(text.dropLast())
        else { return nil }
        let scale: [Character: Double] = ["H": 3600, "M": 60, "S": 1, "m": 1e-3, "u": 1e-6, "n": 1e-9]
        return scale[unit].map { value * $0 }
    }

    /// Server reflection's answer to one question: the services, or the file declaring a symbol or named.
    private static func reflection(_ question: [String: Any], pool: DescriptorPool) -> [String: Any] {
        var file: String?
        if question["listServices"] != nil {
            return ["listServicesResponse": ["service": pool.serviceNames.map { ["name": $0] }]]
        } else if let name = question["fileByFilename"] as? String {
            file = pool.files[name] == nil ? nil : name
        } else if let symbol = question["fileContainingSymbol"] as? String {
            file = pool.file(declaring: symbol)
        }
        guard let file, let bytes = pool.serializedFile(file) else {
            return ["errorResponse": ["errorCode": 5, "errorMessage": "not found"]]
        }
        return ["fileDescriptorResponse": ["fileDescriptorProto": [bytes.base64EncodedString()]]]
    }
}
