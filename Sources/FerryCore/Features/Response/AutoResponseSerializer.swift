import Foundation
import Synchronization

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

    /// What a Content-Type says of the body: a serializer it names, text, or nothing (the body is sniffed).
    enum Choice: Sendable, Equatable {
        case json, propertyList, xml, image, text, sniff
    }

    /// The choice for each Content-Type met, as the header is written: a run's responses share a few
    /// types, and each is parsed and matched against the serializers' patterns once. At most
    /// `remembered` are kept (past them, a type is decided each time).
    private static let choices = Mutex<[String: Choice]>([:])
    static let remembered = 256

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        return try chosen(for: input).serialize(input)
    }

    /// The serializer the Content-Type names, else the one the body's first bytes suggest.
    public func chosen(for input: ResponseInput) -> any ResponseSerializer {
        switch input.response.headers["Content-Type"].map(Self.choice(for:)) ?? .sniff {
        case .json: json
        case .propertyList: PropertyListResponseSerializer()
        case .xml: XMLResponseSerializer()
        case .image: ImageResponseSerializer()
        case .text: StringResponseSerializer()
        case .sniff: sniffed(input.bytes)
        }
    }

    /// The choice for a Content-Type header, remembered per distinct header.
    static func choice(for contentType: String) -> Choice {
        if let known = choices.withLock({ $0[contentType] }) { return known }
        let choice = decided(contentType)
        choices.withLock { if $0.count < remembered { $0[contentType] = choice } }
        return choice
    }

    /// The choice `contentType` makes: the first serializer whose patterns match it, text for any other
    /// `text/…`, and a sniff for none or a generic type.
    private static func decided(_ contentType: String) -> Choice {
        guard let media = MediaType(contentType), !genericTypes.contains(media.essence) else { return .sniff }
        let named: [(Choice, any ResponseSerializer)] = [
            (.json, JSONResponseSerializer()), (.propertyList, PropertyListResponseSerializer()), (.xml, XMLResponseSerializer()),
            (.image, ImageResponseSerializer()),
        ]
        if let match = named.first(where: { $0.1.acceptableContentTypes.contains { media.isMatched(by: $0) } }) { return match.0 }
        return media.type == "text" ? .text : .sniff
    }

    /// The serializer the body's first bytes suggest. `{` or `[` (after a BOM and whitespace) is
    /// looked for first: no property list or image starts so, and it is what a gRPC call's JSON
    /// answer (typed `application/grpc`) and most untyped bodies start with.
    private func sniffed(_ bytes: Data) -> any ResponseSerializer {
        let head = [UInt8](bytes.prefix(512))
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        let first = start < head.count ? head[start] : 0
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return json }
        if head.starts(with: Array("bplist".utf8)) { return PropertyListResponseSerializer() }
        if (try? ImageInfo.read(bytes)) != nil { return ImageResponseSerializer() }
        if first == UInt8(ascii: "<") {
            let text = String(decoding: head, as: UTF8.self)
            return text.contains("<plist") || text.contains("PropertyList-1.0.dtd")
                ? PropertyListResponseSerializer() : XMLResponseSerializer()
        }
        return TerminalSafeText.looksLikeText(head, isPrefix: bytes.count > head.count)
            ? StringResponseSerializer() : DataResponseSerializer()
    }
}
