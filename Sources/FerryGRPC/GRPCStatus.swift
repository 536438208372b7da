import FerryCore
import Foundation

/// How a gRPC call ended: `grpc-status`, `grpc-message` and the rich details of
/// `grpc-status-details-bin` (a `google.rpc.Status`, whose `details` are `Any`s).
public struct GRPCStatus: Sendable, Equatable {
    /// One detail: its type URL and bytes (decoded to JSON when the pool knows the type).
    public struct Detail: Sendable, Equatable {
        public var typeURL: String
        public var bytes: [UInt8]
    }

    public var code: Int
    public var message: String
    public var details: [Detail]

    public init(code: Int, message: String, details: [Detail] = []) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// The status in `fields` (the trailers, or the headers of a trailers-only answer); nil without `grpc-status`.
    public init?(fields: HTTPHeaders) throws(ProtoCodecError) {
        guard let text = fields["grpc-status"]?.trimmingWhitespace() else { return nil }
        guard let code = Int(text) else { throw ProtoCodecError("grpc-status is \"\(text)\", not a number") }
        self.code = code
        message = Self.percentDecoded(fields["grpc-message"] ?? "")
        details = []
        if let encoded = fields["grpc-status-details-bin"], let bytes = ProtoJSONReader.base64(encoded.trimmingWhitespace()) {
            details = try Self.details(of: Array(bytes))
        }
    }

    /// The `details` of a serialized `google.rpc.Status` (code 1, message 2, details 3).
    static func details(of bytes: [UInt8]) throws(ProtoCodecError) -> [Detail] {
        var reader = ProtoWireReader(bytes: bytes)
        var details: [Detail] = []
        while !reader.isAtEnd {
            let (number, wireType) = try reader.tag()
            guard number == 3, wireType == .lengthDelimited else {
                try reader.skip(wireType, number: number)
                continue
            }
            var any = ProtoWireReader(bytes: bytes, range: try reader.lengthDelimited())
            var detail = Detail(typeURL: "", bytes: [])
            while !any.isAtEnd {
                let (field, type) = try any.tag()
                guard type == .lengthDelimited, field == 1 || field == 2 else {
                    try any.skip(type, number: field)
                    continue
                }
                let range = try any.lengthDelimited()
                if field == 1 { detail.typeURL = String(decoding: bytes[range], as: UTF8.self) } else { detail.bytes = Array(bytes[range]) }
            }
            details.append(detail)
        }
        return details
    }

    /// `grpc-message` is percent-encoded (UTF-8).
    static func percentDecoded(_ text: String) -> String { text.removingPercentEncoding ?? text }

    public var isOK: Bool { code == 0 }

    /// The code's name (`NOT_FOUND`), or its number when gRPC defines none.
    public var codeName: String { GRPCStatusCode.name(of: code) }

    /// The status gRPC implies for an HTTP status when the server sent none (gRPC's HTTP-to-gRPC mapping).
    public static func fromHTTP(_ status: Int) -> GRPCStatus {
        let code: Int
        switch status {
        case 400: code = 13
        case 401: code = 16
        case 403: code = 7
        case 404: code = 12
        case 429, 502, 503, 504: code = 14
        default: code = 2
        }
        return GRPCStatus(code: code, message: "the server answered HTTP \(status) without a gRPC status")
    }
}
