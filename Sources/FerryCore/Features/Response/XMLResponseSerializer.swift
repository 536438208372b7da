import Foundation

/// The body as an XML document tree, parsed by Ferry's own `XMLDocumentParser` (Foundation's
/// `XMLParser` accepts some malformed input on Linux); malformed XML is always an error.
public struct XMLResponseSerializer: ResponseSerializer {
    public let name = "xml"
    public let acceptableContentTypes = ["application/xml", "text/xml", "*/*+xml"]

    public init() {}

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        return .document(try parsedDocument(input, format: "XML", XMLDocumentParser.parse))
    }
}
