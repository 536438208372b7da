import FerryCore
import Foundation

/// A gRPC request file as the grpcurl command that makes the same call: `-plaintext` for `grpc://`,
/// the metadata as `-H`, the messages as `-d` (JSON objects one after another), descriptor sets
/// as `-protoset`, the deadline as `-max-time`, TLS options; then ADDRESS and the method. Variables
/// are filled in with the resolver's values; secret ones are written back as `{{name}}` unless `reveal`.
public struct GRPCurlExporter {
    public var reveal: Bool

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The command on continued lines (`\`), one flag a line.
    public func command(
        for description: RequestDescription, resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(), directory: String
    ) throws -> String {
        guard description.isGRPC else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "url", problem: "grpcurl makes gRPC calls: the request is not one (export it as curl)"))
        }
        let access = FileAccessPolicy.unbounded(directory: directory)  // paths are written into the command; no file is read
        let resolved = try description.resolved(with: resolver, defaults: defaults, access: access)
        let request = resolved.request
        guard let host = request.url.host else {
            throw FerryError.invalidRequest(reason: .malformedURL(request.url.absoluteString, problem: "it has no host"))
        }
        let tls = request.url.scheme?.lowercased() == "grpcs"
        var lines: [[String]] = [["grpcurl"]]
        if !tls { lines[0].append("-plaintext") }
        if tls, !request.options.tls.verifyPeer { lines[0].append("-insecure") }
        if let file = request.options.tls.caFile { lines.append(["-cacert", file]) }
        for field in request.authenticated().headers { lines.append(["-H", "\(field.name): \(field.value)"]) }
        if case .grpc(let grpc) = description.body, !grpc.messages.isEmpty {
            let messages = try grpc.messages.map { message in
                String(
                    decoding: try JSONRequestSerializer(pretty: false).serialize(try resolver.render(message, place: "body.grpc")),
                    as: UTF8.self)
            }
            lines.append(["-d", messages.joined(separator: " ")])
        }
        for path in request.options.protosets ?? [] { lines.append(["-protoset", path]) }
        if let timeout = request.options.totalTimeout { lines.append(["-max-time", Self.number(timeout)]) }
        if let timeout = request.options.connectTimeout { lines.append(["-connect-timeout", Self.number(timeout)]) }
        let port = request.url.port.map { ":\($0)" } ?? (tls ? ":443" : ":80")
        let method = request.url.path.hasPrefix("/") ? String(request.url.path.dropFirst()) : request.url.path
        lines.append([host.contains(":") ? "[\(host)]\(port)" : host + port, method])
        let shown = { (word: String) in ShellQuoting.quote(reveal ? word : resolved.redaction.redact(word)) }
        return lines.map { $0.map(shown).joined(separator: " ") }.joined(separator: " \\\n  ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
