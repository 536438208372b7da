import FerryCore
import Foundation

/// Where a call goes: `grpc://host:port/pkg.Service/Method` (clear text, HTTP/2 prior knowledge) or
/// `grpcs://…` (TLS), split into the HTTP base and the method's path.
public struct GRPCTarget: Sendable, Equatable {
    /// `http://host:port` or `https://host:port`.
    public var base: URL
    /// `pkg.Service/Method`, or "" when the URL names only the server (`ferry grpc list`).
    public var method: String

    public init(_ text: String) throws(ProtoCodecError) {
        let lowered = text.lowercased()
        let tls: Bool
        let rest: Substring
        if lowered.hasPrefix("grpcs://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else if lowered.hasPrefix("grpc://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else {
            throw ProtoCodecError("\"\(text)\" is not a gRPC URL: write grpc://host:port/package.Service/Method (grpcs:// for TLS)")
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        guard !authority.isEmpty, let base = URL(string: (tls ? "https://" : "http://") + authority), base.host != nil else {
            throw ProtoCodecError("\"\(text)\" names no host")
        }
        self.base = base
        method = String(rest[slash...].drop { $0 == "/" })
    }

    /// Whether `text` is a gRPC URL (`grpc://` or `grpcs://`).
    public static func isGRPC(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("grpc://") || lowered.hasPrefix("grpcs://")
    }

    public var isTLS: Bool { base.scheme == "https" }

    /// The HTTP URL of a method (`/pkg.Service/Method`).
    public func url(of method: String) -> URL { base.appendingPathComponent(method) }
}
