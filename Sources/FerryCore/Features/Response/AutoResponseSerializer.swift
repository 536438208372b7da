import Foundation

/// Ferry's default: picks the serializer by Content-Type; when the type is missing or generic
/// (`application/octet-stream`, `text/plain`, `binary/octet-stream`), sniffs the body: `{` or `[`
/// is JSON, `bplist` or an XML `<plist` is a property list, `<` is XML, image magic is an image,
/// valid UTF-8 text is a string, anything else is data.
public struct AutoResponseSerializer: ResponseSerializer {
    public let name = "auto"
    public let acceptableContentTypes = ["*/*"]
    public var json: JSONResponseSerializer

    public init(json: JSONResponseSerializer = JSONResponseSerializer()) { self.json = json }

    /// Types that say nothing about the body's format.
    static let genericTypes: Set<String> = ["application/octet-stream", "binary/octet-stream", "text/plain", "application/unknown"]

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        return try chosen(for: input).serialize(input)
    }

    /// The serializer the Content-Type names, else the one the body's first bytes suggest.
    public func chosen(for input: ResponseInput) -> any ResponseSerializer {
        if let media = input.mediaType, !Self.genericTypes.contains(media.essence) {
            let named: [any ResponseSerializer] = [
                json, PropertyListResponseSerializer(), XMLResponseSerializer(), ImageResponseSerializer(),
            ]
            if let match = named.first(where: { serializer in serializer.acceptableContentTypes.contains { media.isMatched(by: $0) } }) {
                return match
            }
            if media.type == "text" { return StringResponseSerializer() }
        }
        return sniffed(input.bytes)
    }

    private func sniffed(_ bytes: Data) -> any ResponseSerializer {
        let head = [UInt8](bytes.prefix(512))
        if head.starts(with: Array("bplist".utf8)) { return PropertyListResponseSerializer() }
        if (try? ImageInfo.read(bytes)) != nil { return ImageResponseSerializer() }
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        let first = start < head.count ? head[start] : 0
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return json }
        if first == UInt8(ascii: "<") {
            let text = String(decoding: head, as: UTF8.self)
            return text.contains("<plist") || text.contains("PropertyList-1.0.dtd")
                ? PropertyListResponseSerializer() : XMLResponseSerializer()
        }
        return TerminalSafeText.looksLikeText(head, isPrefix: bytes.count > head.count)
            ? StringResponseSerializer() : DataResponseSerializer()
    }
}
