import FerryCore
import FerryGRPC
import Foundation

/// Prints a call's answers as they arrive (on the transport's thread) and its end: pretty JSON per
/// message, or with `--json` one JSON line per message (`{"message":…,"index":…,"timeMs":…}`) and a
/// last line with the status, headers and trailers.
final class GRPCMessagePrinter: @unchecked Sendable {
    private let printer: ResponsePrinter
    private let pool: DescriptorPool
    private let type: String
    private let json: Bool
    private let lock = NSLock()
    private var index = 0
    private var failureValue: ProtoCodecError?
    /// The answers as JSON, for the history.
    let recorded = GRPCSendRecord.Messages()

    init(printer: ResponsePrinter, pool: DescriptorPool, type: String, json: Bool) {
        self.printer = printer
        self.pool = pool
        self.type = type
        self.json = json
    }

    /// The first answer that did not decode (the call goes on; it is reported at the end).
    var failure: ProtoCodecError? { lock.withLock { failureValue } }

    func print(_ message: [UInt8], time: Int64) {
        lock.withLock {
            index += 1
            var writer = ProtoJSONWriter(pool: pool)
            let text: String
            do {
                text = try writer.json(of: message, type: type)
            } catch {
                failureValue = failureValue ?? ProtoCodecError("answer \(index) is not a \(type): \(error)")
                return
            }
            recorded.add(text)
            if json {
                var line = "{\"index\":\(index),\"timeMs\":\(Double(time) / 1000),\"message\":\(text)"
                if !writer.unknownFields.isEmpty { line += ",\"unknownFields\":" + Self.unknownJSON(writer.unknownFields) }
                printer.stdout.write(line + "}\n")
                return
            }
            let shown = pretty(text)
            printer.printText(shown.hasSuffix("\n") ? shown : shown + "\n")
            for field in writer.unknownFields {
                printer.stderr.line(
                    "ferry: answer \(index) has field \(field.number) (wire type \(field.wireType.rawValue), \(field.bytes.count) bytes) "
                        + "that \(field.path) does not declare, at byte \(field.offset)")
            }
        }
    }

    private func pretty(_ text: String) -> String {
        guard let document = try? JSONParser.parse(Data(text.utf8)) else { return text }
        return DocumentPrettyPrinter(colored: printer.stdout.isTerminal).string(document)
    }

    /// The end of the call: its status (on stderr unless OK), `-i`'s trailers, or `--json`'s summary line.
    func finish(_ outcome: GRPCClient.Outcome, pool: DescriptorPool, include: Bool, exitCode: ExitStatus) {
        let status = outcome.status
        let details = status.details.map { status.detailJSON($0, pool: pool) }
        if json {
            var line = "{\"grpc\":{\"status\":\(status.code),\"code\":\"\(status.codeName)\",\"message\":"
            ProtoJSONWriter.appendString(status.message, to: &line)
            line += ",\"details\":[" + details.joined(separator: ",") + "],\"messages\":\(outcome.messageCount)"
            line += ",\"headers\":" + Self.fieldsJSON(outcome.response?.headers ?? [:])
            line += ",\"trailers\":" + Self.fieldsJSON(outcome.response?.trailers ?? [:]) + "}"
            if let response = outcome.response { line += ",\"timeMs\":\(Double(response.timeline.total) / 1000)" }
            printer.stdout.write(line + ",\"exitCode\":\(exitCode.rawValue)}\n")
            return
        }
        if include, let trailers = outcome.response?.trailers, !trailers.isEmpty {
            printer.printText("\n" + trailers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n")
        }
        guard !status.isOK else { return }
        printer.stderr.line("ferry: gRPC status \(status.codeName) (\(status.code)): " + TerminalSafeText.escaping(status.message))
        for detail in details { printer.stderr.line("ferry: detail " + TerminalSafeText.escaping(detail)) }
    }

    private static func fieldsJSON(_ fields: HTTPHeaders) -> String {
        var out = "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { out += "," }
            ProtoJSONWriter.appendString(field.name.lowercased(), to: &out)
            out += ":"
            ProtoJSONWriter.appendString(field.value, to: &out)
        }
        return out + "}"
    }

    private static func unknownJSON(_ fields: [ProtoJSONWriter.UnknownField]) -> String {
        "["
            + fields.map {
                "{\"path\":\"\($0.path)\",\"number\":\($0.number),\"wireType\":\($0.wireType.rawValue),\"offset\":\($0.offset),"
                    + "\"bytes\":\"\(Data($0.bytes).base64EncodedString())\"}"
            }.joined(separator: ",") + "]"
    }
}
