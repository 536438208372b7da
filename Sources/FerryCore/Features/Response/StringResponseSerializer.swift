import Foundation

/// The body as text. The charset comes from a byte-order mark, else the Content-Type's `charset`,
/// else UTF-8 for JSON and XML types (RFC 8259, RFC 7303), else ISO-8859-1 (HTTP/1.1's default).
public struct StringResponseSerializer: ResponseSerializer {
    public let name = "string"
    public let acceptableContentTypes = ["*/*"]

    public init() {}

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        let (charset, skip) = try Self.charset(for: input)
        switch charset.decode(input.bytes.dropFirst(skip)) {
        case .success(let text):
            return .text(text, charset: charset.rawValue)
        case .failure(let failure):
            throw FerryError.responseSerializationFailed(
                reason: .stringDecodingFailed(
                    charset: charset.rawValue, offset: failure.offset + skip, underlying: input.validationError))
        }
    }

    /// The charset to decode with and how many bytes of byte-order mark to skip.
    static func charset(for input: ResponseInput) throws -> (Charset, Int) {
        if let (charset, length) = Charset.byteOrderMark(in: input.bytes) { return (charset, length) }
        let media = input.mediaType
        if let label = media?.parameter("charset") {
            guard let charset = Charset(label: label) else {
                throw FerryError.responseSerializationFailed(reason: .unknownCharset(label, underlying: input.validationError))
            }
            return (charset, 0)
        }
        if let media,
            media.isMatched(by: "*/*+json") || media.isMatched(by: "*/*+xml")
                || ["application/json", "text/json", "text/javascript", "application/xml", "text/xml"].contains(media.essence)
        {
            return (.utf8, 0)
        }
        return (.isoLatin1, 0)
    }
}
